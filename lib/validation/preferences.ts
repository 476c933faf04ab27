// The member's playback settings (PUT /api/user/preferences). Visitors keep theirs in the browser.
import { z } from "zod";
import "./fields"; // its z.config: no eval in the browser (the pages forbid it)

export const preferencesSchema = z.object({
  /** When a film ends, play the next suggestion after a 10-second countdown. */
  autoplayNext: z.boolean({
    error: (issue) => (issue.input == null ? "autoplayNext is required" : "autoplayNext must be true or false"),
  }),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;
