// The orders and page sizes of a movie's reviews, shared by the query schema (review.ts) and the
// client components. No zod here: a client bundle that needs a list or a number does not take the
// validation library with it (docs/performance.md, "Lighthouse").

/** The orders of a movie's reviews: newest first (docs/product.md "Reviews"), or highest rated first. */
export const REVIEW_SORTS = ["newest", "highest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_OPTIONS: { value: ReviewSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "highest", label: "Highest rated" },
];

export const REVIEW_PAGE_SIZE = 20;
/** As many as a movie's detail carries, so the page can show the same number in either order. */
export const MAX_REVIEW_PAGE_SIZE = 100;
