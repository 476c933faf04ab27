"use client";

// The admin movie form: Add Movie, and the edit modal of List Movie with the same fields. The shared
// movie schema checks it before sending; the server's field messages land on the same fields. Its
// sections are their own files: movie-status-choice, movie-details-fields, movie-cast-list and
// subtitles-field; its values and button words are movie-form-values.ts's.
import { useEffect, useId, useState } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, apiFetch } from "@/lib/client/fetcher";
import { useCategories } from "@/lib/client/hooks";
import { useUploadsInFlight } from "@/lib/client/use-uploads-in-flight";
import type { Category } from "@/lib/data/categories";
import type { MovieDetail } from "@/lib/data/movie-shapes";
import { movieCreateSchema } from "@/lib/validation/movie";
import { CastDialog, type CastDraft } from "./cast-dialog";
import { MovieCastList } from "./movie-cast-list";
import { MovieDetailsFields } from "./movie-details-fields";
import { EMPTY_MOVIE, MEDIA_KEYS, editAction, valuesOf, type MovieFormValues } from "./movie-form-values";
import { MovieStatusChoice } from "./movie-status-choice";
import { SubtitlesField, type SubtitleValue } from "./subtitles-field";

/**
 * `categories`: the list as the server rendered it (Create Movie); the edit dialog loads it.
 * `draft`: the movie is a draft (hidden from the public). An edit has a Status, Published or Draft,
 * so a published movie can go back to draft as a draft can be published.
 */
type Props = { movie?: MovieDetail; draft?: boolean; onSaved?: () => void; categories?: Category[] };

const UPLOAD_WAIT_MESSAGE = "Please wait until the upload has finished.";

export function MovieForm({ movie, draft = false, onSaved, categories: initialCategories }: Props) {
  const uploadWaitId = useId();
  const editing = Boolean(movie);
  const [wantsDraft, setWantsDraft] = useState(draft);
  const action = editAction(draft, wantsDraft);
  const { data: categories } = useCategories(initialCategories);
  const [castOpen, setCastOpen] = useState(false);
  // Remounting the drop zones after a successful create clears their state along with the form.
  const [generation, setGeneration] = useState(0);
  const form = useForm<MovieFormValues, unknown, z.output<typeof movieCreateSchema>>({
    resolver: zodResolver(movieCreateSchema),
    defaultValues: movie ? valuesOf(movie) : EMPTY_MOVIE,
  });
  const {
    handleSubmit,
    setValue,
    setError,
    reset,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const [castsValue, subtitlesValue] = useWatch({ control, name: ["casts", "subtitles"] });
  const casts = (castsValue ?? []) as CastDraft[];
  const subtitles = (subtitlesValue ?? []) as SubtitleValue[];
  const uploads = useUploadsInFlight(MEDIA_KEYS);

  // The category select is rendered before its options arrive, so the browser shows "Select Category"
  // although the form holds the movie's category: write the value again once the options exist.
  useEffect(() => {
    if (categories) setValue("category", getValues("category"));
  }, [categories, getValues, setValue]);

  const setCasts = (next: CastDraft[]) => setValue("casts", next, { shouldValidate: true, shouldDirty: true });

  /** Saves the form; an edit sends the chosen status too (`draft`), publishing or unpublishing the movie. */
  const save = async (values: z.output<typeof movieCreateSchema>) => {
    try {
      await apiFetch(movie ? `/api/movie/${movie._id}` : "/api/movie", {
        method: movie ? "PUT" : "POST",
        body: movie ? { ...values, draft: wantsDraft } : values,
      });
      if (movie) {
        toast.success(action.done);
      } else {
        toast.success("Movie created successfully");
        reset(EMPTY_MOVIE);
        setGeneration((n) => n + 1);
      }
      onSaved?.();
    } catch (error) {
      toast.error(movie ? "Failed to update movie" : "Failed to create movie");
      if (error instanceof ApiError && error.errors) {
        for (const [field, messages] of Object.entries(error.errors)) {
          const name = field.split(".")[0] as Path<MovieFormValues>;
          if (messages[0]) setError(name, { message: messages[0] });
        }
      }
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(save)(event)} noValidate className="flex flex-col gap-6">
      {editing && <MovieStatusChoice draft={wantsDraft} onChange={setWantsDraft} />}
      {draft && (
        <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">
          This movie is a draft: visitors cannot see it. Complete it, then publish it.
        </p>
      )}
      <MovieDetailsFields form={form} categories={categories} uploads={uploads.track} generation={generation} />
      <MovieCastList
        casts={casts}
        error={
          errors.casts?.message ??
          (Array.isArray(errors.casts) ? "Every cast member needs a name and an image" : undefined)
        }
        onAdd={() => setCastOpen(true)}
        onRemove={(index) => setCasts(casts.filter((_, i) => i !== index))}
      />
      <SubtitlesField
        key={`subtitles-${generation}`}
        value={subtitles}
        onChange={(next) => setValue("subtitles", next, { shouldValidate: true, shouldDirty: true })}
        error={
          errors.subtitles?.message ??
          (Array.isArray(errors.subtitles)
            ? "Every subtitle needs a language code, a label and an uploaded file"
            : undefined)
        }
      />
      <div className="flex flex-col gap-2">
        <Button
          type="submit"
          disabled={isSubmitting || uploads.busy}
          aria-describedby={uploads.busy ? uploadWaitId : undefined}
          className="w-full py-4"
        >
          {isSubmitting && <Spinner />}
          {isSubmitting ? "Processing..." : editing ? action.button : "Add Movie"}
        </Button>
        {uploads.busy && (
          <p id={uploadWaitId} className="text-center text-sm text-text">
            {UPLOAD_WAIT_MESSAGE}
          </p>
        )}
      </div>
      <CastDialog open={castOpen} onClose={() => setCastOpen(false)} onAdd={(cast) => setCasts([...casts, cast])} />
    </form>
  );
}
