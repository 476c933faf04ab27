"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/client/toast";
import { mutate } from "swr";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField, TextAreaField } from "@/components/ui/form-field";
import { RelativeTime } from "@/components/ui/relative-time";
import { SelectOptions } from "@/components/ui/select-options";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { ownReviewUrl } from "@/lib/client/hooks";
import type { ReviewItem } from "@/lib/data/movie-shapes";
import { RATING_OPTIONS, reviewSchema } from "@/lib/validation/review";
import { ReviewTitle } from "./review-title";
import { restoreReview, withdrawReview } from "./withdrawn-reviews";

type ReviewValues = z.input<typeof reviewSchema>;
const EMPTY: ReviewValues = { rating: "", message: "" };

/**
 * The review form a signed-in visitor fills in, empty or holding their own review to edit or delete
 * (components/review/review-form.tsx loads this file for signed-in visitors only: a guest's movie page
 * does without react-hook-form and the zod schema, docs/performance.md).
 */
export function ReviewEditor({
  movieId,
  movieName,
  own,
}: {
  movieId: string;
  movieName: string;
  own: ReviewItem | null;
}) {
  const router = useRouter();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(reviewSchema),
    defaultValues: own ? { rating: own.rating, message: own.comment } : EMPTY,
  });

  /** The movie is reloaded (docs/product.md "Reviews"), and the own-review lookup of a long review list with it. */
  async function reload() {
    router.refresh();
    await mutate(ownReviewUrl(movieId));
  }

  const onSubmit = handleSubmit(async (input) => {
    try {
      await apiFetch(`/api/movie/review/${movieId}`, { method: "POST", body: input });
      toast.success(own ? "Review updated" : "Review submitted");
      // The original client cleared the form here; it now holds the viewer's saved review, ready to edit.
      await reload();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  /**
   * Gone from the list and the form as soon as it is confirmed (this form makes way for an empty one),
   * not after the round trip; back in both, with the reason, if the server refuses.
   */
  async function deleteOwnReview(review: ReviewItem) {
    setConfirmingDelete(false);
    withdrawReview(review._id);
    try {
      await apiFetch(`/api/movie/review/${movieId}`, { method: "DELETE" });
      toast.success("Review deleted");
      await reload();
    } catch (error) {
      restoreReview(review._id);
      toast.error(errorMessage(error));
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
        <ReviewTitle movieName={movieName} />
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
          <SelectOptions options={RATING_OPTIONS} />
        </SelectField>
        <TextAreaField
          label="Message"
          rows={5}
          placeholder="Make it short and sweet...."
          error={errors.message?.message}
          {...register("message")}
        />
        <div className="flex w-full flex-col gap-3 sm:flex-row">
          <Button type="submit" disabled={isSubmitting} className="w-full sm:flex-1">
            {isSubmitting ? "Loading..." : "Submit"}
          </Button>
          {own && (
            <Button
              variant="danger"
              disabled={isSubmitting}
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
        message="Are you sure you want to delete your review?"
        confirmLabel="Delete review"
        onConfirm={() => own && void deleteOwnReview(own)}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  );
}
