"use client";

import Link from "next/link";
import { Suspense, lazy } from "react";
import { useViewer } from "@/components/layout/viewer-provider";

/** The box while the session or the form is on its way: the heading only, the same place as both. */
function ReviewBoxLoading({ movieName }: { movieName: string }) {
  return (
    <div aria-busy="true" className="flex flex-col items-start gap-4 rounded-lg border border-border/40 bg-main p-6">
      <h3 className="text-lg font-semibold">Review &ldquo;{movieName}&rdquo;</h3>
    </div>
  );
}

/**
 * The form's code (react-hook-form, the zod schema) is loaded only for a signed-in visitor: a guest's
 * movie page, the one search engines and most visitors get, does without it (docs/performance.md).
 */
const ReviewFormFields = lazy(() =>
  import("./review-form-fields").then((module) => ({ default: module.ReviewFormFields })),
);

/** Posts a review when signed in (review-form-fields.tsx); a guest gets a link to log in. */
export function ReviewForm({ movieId, movieName }: { movieId: string; movieName: string }) {
  const viewer = useViewer();
  // The session is still being looked up: neither the form nor the login link yet.
  if (viewer === undefined) return <ReviewBoxLoading movieName={movieName} />;
  if (!viewer) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-lg border border-border/40 bg-main p-6">
        <h3 className="text-lg font-semibold">Review &ldquo;{movieName}&rdquo;</h3>
        <Link
          href="/login"
          className="rounded-md bg-subMain px-6 py-3 text-sm font-semibold transition hover:bg-subMain/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Login to review
        </Link>
      </div>
    );
  }
  return (
    <Suspense fallback={<ReviewBoxLoading movieName={movieName} />}>
      <ReviewFormFields movieId={movieId} movieName={movieName} />
    </Suspense>
  );
}
