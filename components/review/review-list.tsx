"use client";

import { useId, useState } from "react";
import { useViewer } from "@/lib/client/viewer";
import { Stars } from "@/components/movie/stars";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import { SelectOptions } from "@/components/ui/select-options";
import { useReviewPage } from "@/lib/client/hooks";
import type { ReviewItem } from "@/lib/data/movie-shapes";
import { REVIEW_SORT_OPTIONS, type ReviewSort } from "@/lib/validation/review-options";
import { useWithdrawnReviews } from "./withdrawn-reviews";

/** Highest rated first; equal ratings newest first (the API's order). `reviews` are oldest first. */
const highestFirst = (reviews: ReviewItem[]) =>
  reviews.toReversed().sort((a, b) => b.rating - a.rating || b.createdAt.localeCompare(a.createdAt));

/**
 * Newest first (docs/product.md "Reviews") or highest rated first, in a scroll area; the viewer's own review is
 * marked as theirs; every review shows its date. `reviews` come in the detail's order (the newest
 * 100, oldest first): when the movie has more, the highest rated are asked of the API.
 */
export function ReviewList({
  movieId,
  reviews: detailReviews,
  count: detailCount,
  movieName,
}: {
  movieId: string;
  reviews: ReviewItem[];
  count: number;
  movieName: string;
}) {
  const viewer = useViewer();
  // A review its author is deleting is gone at once (components/review/withdrawn-reviews.ts).
  const withdrawn = useWithdrawnReviews();
  const reviews = detailReviews.filter((review) => !withdrawn.has(review._id));
  const count = detailCount - (detailReviews.length - reviews.length);
  const sortId = useId();
  const [sort, setSort] = useState<ReviewSort>("newest");
  const complete = reviews.length >= count;
  const { data: page } = useReviewPage(movieId, sort, sort === "highest" && !complete);
  const shown =
    sort === "newest"
      ? reviews.toReversed()
      : complete
        ? highestFirst(reviews)
        : (page?.reviews.filter((review) => !withdrawn.has(review._id)) ?? highestFirst(reviews));

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold">Reviews ({count})</h3>
        {count > 1 && (
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={sortId} className="text-text">
              Sort reviews
            </label>
            <select
              id={sortId}
              value={sort}
              onChange={(event) => setSort(event.target.value as ReviewSort)}
              className="min-h-10 rounded-md border border-border/60 bg-main px-3 text-white focus:border-subMain focus:outline-none focus-visible:ring-2 focus-visible:ring-subMain/40"
            >
              <SelectOptions options={REVIEW_SORT_OPTIONS} />
            </select>
          </div>
        )}
      </div>
      {reviews.length === 0 ? (
        <p className="rounded-lg border border-border/40 bg-main p-6 text-text">{`Be first to rate "${movieName}"`}</p>
      ) : (
        <ul
          tabIndex={0}
          aria-label="Reviews"
          className="flex max-h-[30rem] flex-col gap-3 overflow-y-auto rounded-lg border border-border/40 bg-main p-3 focus-visible:outline-2 focus-visible:outline-subMain"
        >
          {shown.map((review) => {
            const yours = viewer?._id === review.userId;
            return (
              <li
                key={review._id}
                className={`grid grid-cols-[3rem_1fr] gap-4 rounded-md bg-dry p-4 sm:grid-cols-[3rem_1fr_auto] ${yours ? "ring-1 ring-accent/70" : ""}`}
              >
                <Avatar src={review.userImage} className="size-12" />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-semibold">{review.userName}</span>
                    {yours && (
                      <span className="rounded bg-subMain px-1.5 py-0.5 text-xs font-semibold text-white">
                        Your review
                      </span>
                    )}
                  </p>
                  <RelativeTime iso={review.createdAt} className="block text-xs text-text" />
                  <p className="mt-1 text-sm leading-6 break-words text-text">{review.comment}</p>
                </div>
                <div className="col-start-2 sm:col-start-3">
                  <Stars value={review.rating} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
