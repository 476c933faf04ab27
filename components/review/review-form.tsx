"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { mutate } from "swr";
import type { z } from "zod";
import { useViewer } from "@/components/layout/viewer-provider";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField, TextAreaField } from "@/components/ui/form-field";
import { RelativeTime } from "@/components/ui/relative-time";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { ownReviewUrl } from "@/lib/client/hooks";
import type { ReviewItem } from "@/lib/data/movie-shapes";
import { RATING_OPTIONS, reviewSchema } from "@/lib/validation/review";
import { useOwnReview } from "./use-own-review";

type ReviewValues = z.input<typeof reviewSchema>;
const EMPTY: ReviewValues = { rating: "", message: "" };

const panel = "flex flex-col items-start gap-4 rounded-lg border border-border/40 bg-main p-6";
const Title = ({ movieName }: { movieName: string }) => (
  <h3 className="text-lg font-semibold">Review &ldquo;{movieName}&rdquo;</h3>
);

/**
 * Posts a review, or edits the viewer's own: one per user and movie, so posting again replaces it
 * (CONTRACT.md 4). A viewer who has reviewed the movie finds the form filled with their review, and
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
        <Title movieName={movieName} />
        <Link
          href="/login"
          className="rounded-md bg-subMain px-6 py-3 text-sm font-semibold transition hover:bg-subMain/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Login to review
        </Link>
      </div>
    );
  }

  if (own === undefined) {
    // Who is looking (and their review) is still being looked up: neither the form nor the login link yet.
    return (
      <div aria-busy="true" className={panel}>
        <Title movieName={movieName} />
      </div>
    );
  }

  // A new form whenever the saved review changes (posted, edited, deleted): its fields start from it.
  return (
    <ReviewEditor key={own ? `${own._id}:${own.createdAt}` : "new"} movieId={movieId} movieName={movieName} own={own} />
  );
}

function ReviewEditor({ movieId, movieName, own }: { movieId: string; movieName: string; own: ReviewItem | null }) {
  const router = useRouter();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(reviewSchema),
    defaultValues: own ? { rating: own.rating, message: own.comment } : EMPTY,
  });

  /** The movie is reloaded (spec section 4), and the own-review lookup of a long review list with it. */
  async function reload() {
    router.refresh();
    await mutate(ownReviewUrl(movieId));
  }

  const onSubmit = handleSubmit(async (input) => {
    try {
      await apiFetch(`/api/movie/review/${movieId}`, { method: "POST", body: input });
      toast.success(own ? "Review updated" : "Review submitted");
      // Spec section 4 clears the form here; it now holds the viewer's saved review, ready to edit.
      await reload();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  async function deleteOwnReview() {
    setDeleting(true);
    try {
      await apiFetch(`/api/movie/review/${movieId}`, { method: "DELETE" });
      toast.success("Review deleted");
      setConfirmingDelete(false);
      await reload();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <>
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label={own ? "Edit your review" : "Write a review"}
        className="flex flex-col gap-5 rounded-lg border border-border/40 bg-main p-6"
      >
        <Title movieName={movieName} />
        {own ? (
          <p className="text-sm text-text">
            You reviewed this movie <RelativeTime iso={own.createdAt} />. Change your rating or message and submit to
            update your review, or delete it.
          </p>
        ) : (
          <p className="text-sm text-text">Write a review for this movie. It will be posted on this page.</p>
        )}
        <SelectField label="Select Rating" error={errors.rating?.message} {...register("rating")}>
          <option value="">Select Rating</option>
          {RATING_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Message"
          rows={5}
          placeholder="Make it short and sweet...."
          error={errors.message?.message}
          {...register("message")}
        />
        <div className="flex w-full flex-col gap-3 sm:flex-row">
          <Button type="submit" disabled={isSubmitting || deleting} className="w-full sm:flex-1">
            {isSubmitting ? "Loading..." : "Submit"}
          </Button>
          {own && (
            <Button
              variant="danger"
              disabled={isSubmitting || deleting}
              onClick={() => setConfirmingDelete(true)}
              className="w-full sm:w-auto"
            >
              Delete review
            </Button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={confirmingDelete}
        busy={deleting}
        message="Are you sure you want to delete your review?"
        onConfirm={() => void deleteOwnReview()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  );
}
