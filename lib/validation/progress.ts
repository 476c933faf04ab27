import { z } from "zod";
import { pageParams } from "./fields";

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

export const HISTORY_PAGE_SIZE = 20;
const HISTORY_MAX_PAGE_SIZE = 50;

/** GET /api/user/history: a page of what the user watched, most recent first. */
export const historyQuerySchema = z.object({
  ...pageParams(HISTORY_MAX_PAGE_SIZE),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** PUT /api/user/history/{movieId}: mark a movie watched (to the end) or unwatched (back to the start). */
export const historyMarkSchema = z.object({
  watched: z.boolean({
    error: (issue) => (issue.input == null ? "watched is required" : "watched must be true or false"),
  }),
});
