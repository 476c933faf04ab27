"use client";
import { useViewer } from "@/components/layout/viewer-provider";
import { useOwnReviewLookup } from "@/lib/client/hooks";
import type { ReviewItem } from "@/lib/data/movie-shapes";

/**
 * The viewer's own review of the movie: null when they have none (or are signed out), undefined
 * while that is not known yet. It is among the detail's reviews (the newest 100) unless the movie
 * has more than those and the viewer's is older: only then is the API asked.
 */
export function useOwnReview(movieId: string, reviews: ReviewItem[], count: number): ReviewItem | null | undefined {
  const viewer = useViewer();
  const listed = viewer ? reviews.find((review) => review.userId === viewer._id) : undefined;
  const lookup = useOwnReviewLookup(movieId, Boolean(viewer) && !listed && count > reviews.length);
  if (viewer === undefined) return undefined;
  if (!viewer) return null;
  if (listed) return listed;
  if (count <= reviews.length) return null;
  return lookup.error ? null : lookup.data?.review;
}
