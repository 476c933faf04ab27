import { z } from "zod";

/** A number of seconds; digit strings are refused, the player always sends numbers. */
const seconds = (field: string) =>
  z
    .number({ error: (issue) => (issue.input == null ? `${field} is required` : `${field} must be a number`) })
    .min(0, `${field} must not be negative`)
    // Ten days: far past any movie, short of a client sending nonsense.
    .max(864_000, `${field} is too large`);

/** PUT /api/user/progress/{movieId}: where the player is, and how long the video is. */
export const watchProgressSchema = z
  .object({
    position: seconds("position"),
    duration: seconds("duration").refine((duration) => duration > 0, "duration must be more than 0"),
  })
  .refine((progress) => progress.position <= progress.duration, {
    path: ["position"],
    message: "position must not be past the duration",
  });
export type WatchProgressInput = z.infer<typeof watchProgressSchema>;

export { CONTINUE_FROM, WATCHED_FROM } from "./watch-thresholds";
