import { Stars } from "@/components/movie/stars";
import { Avatar } from "@/components/ui/avatar";
import type { ReviewItem } from "@/lib/data/movie-shapes";

/**
 * Newest first, in a scroll area; a review without a user picture gets the default avatar.
 * `reviews` come in the detail's order, oldest first.
 */
export function ReviewList({ reviews, count, movieName }: { reviews: ReviewItem[]; count: number; movieName: string }) {
  const newestFirst = [...reviews].reverse();
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h3 className="text-lg font-semibold">Reviews ({count})</h3>
      {reviews.length === 0 ? (
        <p className="rounded-lg border border-border/40 bg-main p-6 text-text">{`Be first to rate "${movieName}"`}</p>
      ) : (
        <ul
          tabIndex={0}
          aria-label="Reviews"
          className="flex max-h-[30rem] flex-col gap-3 overflow-y-auto rounded-lg border border-border/40 bg-main p-3 focus-visible:outline-2 focus-visible:outline-subMain"
        >
          {newestFirst.map((review) => (
            <li
              key={review._id}
              className="grid grid-cols-[3rem_1fr] gap-4 rounded-md bg-dry p-4 sm:grid-cols-[3rem_1fr_auto]"
            >
              <Avatar src={review.userImage} className="size-12" />
              <div className="min-w-0">
                <p className="font-semibold">{review.userName}</p>
                <p className="mt-1 text-sm leading-6 break-words text-text">{review.comment}</p>
              </div>
              <div className="col-start-2 sm:col-start-3">
                <Stars value={review.rating} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
