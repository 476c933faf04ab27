"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField } from "@/components/ui/form-field";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { RATING_OPTIONS, reviewSchema } from "@/lib/validation/review";

const EMPTY: z.input<typeof reviewSchema> = { rating: "", message: "" };

/**
 * The review form a signed-in visitor fills in (components/review/review-form.tsx loads it for them
 * only). Posts a review; one per user and movie, so a second one replaces the first (CONTRACT.md 4).
 */
export function ReviewFormFields({ movieId, movieName }: { movieId: string; movieName: string }) {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(reviewSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await apiFetch(`/api/movie/review/${movieId}`, { method: "POST", body: input });
      toast.success("Review submitted");
      reset(EMPTY);
      router.refresh(); // spec section 4: the movie is reloaded
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex flex-col gap-5 rounded-lg border border-border/40 bg-main p-6"
    >
      <h3 className="text-lg font-semibold">Review &ldquo;{movieName}&rdquo;</h3>
      <p className="text-sm text-text">
        Write a review for this movie. It will be posted on this page; a new one replaces your earlier review.
      </p>
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
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Loading..." : "Submit"}
      </Button>
    </form>
  );
}
