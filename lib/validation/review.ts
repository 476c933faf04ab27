import { z } from "zod";
import { onStrings, requiredText, wholeNumber } from "./fields";

/** The review form's rating select (spec section 5, spelling kept). */
export const RATING_OPTIONS = [
  { value: 0, label: "0-Poor" },
  { value: 1, label: "1-Fair" },
  { value: 2, label: "2-Good" },
  { value: 3, label: "3-Very good" },
  { value: 4, label: "4-Excellent" },
  { value: 5, label: "5-Masterpice" },
] as const;

export const REVIEW_MESSAGE_MIN = 5;
export const REVIEW_MESSAGE_MAX = 1000;

export const reviewSchema = z.object({
  rating: wholeNumber("rating", "Rate is required").pipe(
    z.number().min(0, "Rating must be between 0 and 5").max(5, "Rating must be between 0 and 5"),
  ),
  message: requiredText("message", "Message is required", {
    max: REVIEW_MESSAGE_MAX,
    message: `Enter at most ${REVIEW_MESSAGE_MAX} characters.`,
  }).min(REVIEW_MESSAGE_MIN, onStrings({ error: "Enter a minimum of 5 characters." })),
});
export type ReviewInput = z.infer<typeof reviewSchema>;
