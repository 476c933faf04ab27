"use client";
import { useViewer } from "@/lib/client/viewer";
import { useOwnReviewLookup } from "@/lib/client/hooks";
import type { ReviewItem } from "@/lib/data/movie-shapes";
import { useWithdrawnReviews } from "./withdrawn-reviews";

/**
 * The viewer's own review of the movie: null when they have none (or are signed out), undefined
 * while that is not known yet. It is among the detail's reviews (the newest 100) unless the movie
 * has more than those and the viewer's is older: only then is the API asked. A review being deleted
 * is none already.
 */
export function useOwnReview(movieId: string, reviews: ReviewItem[], count: number): ReviewItem | null | undefined {
  const viewer = useViewer();
  const withdrawn = useWithdrawnReviews();
  const listed = viewer ? reviews.find((review) => review.userId === viewer._id) : undefined;
  const lookup = useOwnReviewLookup(movieId, Boolean(viewer) && !listed && count > reviews.length);
  if (viewer === undefined) return undefined;
  if (!viewer) return null;
  if (listed) return withdrawn.has(listed._id) ? null : listed;
  if (count <= reviews.length) return null;
  const looked = lookup.error ? null : lookup.data?.review;
  return looked && withdrawn.has(looked._id) ? null : looked;
}
