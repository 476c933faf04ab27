import { z } from "zod";
import { onStrings, pageParams, requiredText, wholeNumber } from "./fields";
import { MAX_REVIEW_PAGE_SIZE, REVIEW_SORTS, type ReviewSort } from "./review-options";

/** The review form's rating select (docs/product.md "Reviews", spelling kept). */
export const RATING_OPTIONS = [
  { value: 0, label: "0-Poor" },
  { value: 1, label: "1-Fair" },
  { value: 2, label: "2-Good" },
  { value: 3, label: "3-Very good" },
  { value: 4, label: "4-Excellent" },
  { value: 5, label: "5-Masterpice" },
] as const;

const REVIEW_MESSAGE_MIN = 5;
const REVIEW_MESSAGE_MAX = 1000;

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

/** GET /api/movie/{id}/reviews. */
export const reviewListQuerySchema = z.object({
  sort: z
    .string({ error: "sort must be a string" })
    .trim()
    .refine(
      (value) => value === "" || (REVIEW_SORTS as readonly string[]).includes(value),
      `sort must be one of ${REVIEW_SORTS.join(", ")}`,
    )
    .transform((value) => (value || "newest") as ReviewSort)
    .optional(),
  ...pageParams(MAX_REVIEW_PAGE_SIZE),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;
