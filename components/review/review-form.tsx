"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { Suspense, lazy } from "react";
import { useViewer } from "@/lib/client/viewer";
import type { ReviewItem } from "@/lib/data/movie-shapes";
import { ReviewTitle } from "./review-title";
import { useOwnReview } from "./use-own-review";

/**
 * The form's code (react-hook-form, the zod schema) is loaded only for a signed-in visitor: a guest's
 * movie page, the one search engines and most visitors get, does without it (docs/performance.md).
 */
const ReviewEditor = lazy(() => import("./review-editor").then((module) => ({ default: module.ReviewEditor })));

const panel = "flex flex-col items-start gap-4 rounded-lg border border-border/40 bg-main p-6";

/** The box while the session, the viewer's own review or the form's code is on its way: the heading only. */
function ReviewBoxLoading({ movieName }: { movieName: string }) {
  return (
    <div aria-busy="true" className={panel}>
      <ReviewTitle movieName={movieName} />
    </div>
  );
}

/**
 * Posts a review, or edits the viewer's own: one per user and movie, so posting again replaces it
 * (docs/product.md "Reviews"). A viewer who has reviewed the movie finds the form filled with their review, and
 * can delete it. `reviews` and `count` are the detail's, where their own review usually is.
 */
export function ReviewForm({
  movieId,
  movieName,
  reviews,
  count,
}: {
  movieId: string;
  movieName: string;
  reviews: ReviewItem[];
  count: number;
}) {
  const viewer = useViewer();
  const own = useOwnReview(movieId, reviews, count);

  if (viewer === null) {
    return (
      <div className={panel}>
        <ReviewTitle movieName={movieName} />
        <IntentLink
          href="/login"
          className="rounded-md bg-subMain px-6 py-3 text-sm font-semibold transition hover:bg-subMain/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Login to review
        </IntentLink>
      </div>
    );
  }

  // Who is looking (and their review) is still being looked up: neither the form nor the login link yet.
  if (own === undefined) return <ReviewBoxLoading movieName={movieName} />;

  // A new form whenever the saved review changes (posted, edited, deleted): its fields start from it.
  return (
    <Suspense fallback={<ReviewBoxLoading movieName={movieName} />}>
      <ReviewEditor
        key={own ? `${own._id}:${own.createdAt}` : "new"}
        movieId={movieId}
        movieName={movieName}
        own={own}
      />
    </Suspense>
  );
}
