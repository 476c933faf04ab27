"use client";

// The admin movie form: Add Movie, and the edit modal of List Movie with the same fields. The shared
// movie schema checks it before sending; the server's field messages land on the same fields.
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField, TextField } from "@/components/ui/form-field";
import { MediaField } from "@/components/ui/media-field";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, apiFetch } from "@/lib/client/fetcher";
import { useCategories } from "@/lib/client/hooks";
import type { Category } from "@/lib/data/categories";
import type { MovieDetail } from "@/lib/data/movie-shapes";
import { LANGUAGES, movieCreateSchema } from "@/lib/validation/movie";
import { CastDialog } from "./cast-dialog";
import { SubtitlesField, type SubtitleValue } from "./subtitles-field";

type MovieFormValues = z.input<typeof movieCreateSchema>;
type CastValue = { name: string; image: string };
type MediaKey = "image" | "titleImage" | "video";

const EMPTY: MovieFormValues = {
  name: "",
  hour: "",
  language: "",
  year: "",
  image: "",
  titleImage: "",
  video: "",
  category: "",
  desc: "",
  casts: [],
  subtitles: [],
};

const valuesOf = (movie: MovieDetail): MovieFormValues => ({
  name: movie.name,
  // A draft may have no running time (0) yet.
  hour: movie.hour ? String(movie.hour) : "",
  language: movie.language,
  year: String(movie.year),
  image: movie.image,
  titleImage: movie.titleImage,
  video: movie.video,
  category: movie.category,
  desc: movie.desc,
  casts: movie.casts.map(({ name, image }) => ({ name, image })),
  subtitles: movie.subtitles.map(({ language, label, url }) => ({ language, label, url })),
});

/**
 * `categories`: the list as the server rendered it (Create Movie); the edit dialog loads it.
 * `draft`: the movie is a draft (hidden from the public). An edit has a Status, Published or Draft,
 * so a published movie can go back to draft as a draft can be published.
 */
type Props = { movie?: MovieDetail; draft?: boolean; onSaved?: () => void; categories?: Category[] };

const UPLOAD_WAIT_MESSAGE = "Please wait until the upload has finished.";

/** What the submit button of an edit does, by the status the movie has and the one chosen. */
function editAction(wasDraft: boolean, wantsDraft: boolean): { button: string; done: string } {
  if (wasDraft && !wantsDraft) return { button: "Publish", done: "Movie published" };
  if (!wasDraft && wantsDraft) return { button: "Unpublish", done: "Movie unpublished" };
  return { button: wasDraft ? "Save draft" : "Update Movie", done: "Movie updated successfully" };
}

export function MovieForm({ movie, draft = false, onSaved, categories: initialCategories }: Props) {
  const uploadWaitId = useId();
  const editing = Boolean(movie);
  const [wantsDraft, setWantsDraft] = useState(draft);
  const action = editAction(draft, wantsDraft);
  const { data: categories } = useCategories(initialCategories);
  const [castOpen, setCastOpen] = useState(false);
  // Remounting the drop zones after a successful create clears their state along with the form.
  const [generation, setGeneration] = useState(0);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<MovieFormValues, unknown, z.output<typeof movieCreateSchema>>({
    resolver: zodResolver(movieCreateSchema),
    defaultValues: movie ? valuesOf(movie) : EMPTY,
  });
  const [image, titleImage, video, castsValue, subtitlesValue] = useWatch({
    control,
    name: ["image", "titleImage", "video", "casts", "subtitles"],
  });
  const casts = (castsValue ?? []) as CastValue[];
  const subtitles = (subtitlesValue ?? []) as SubtitleValue[];

  // The category select is rendered before its options arrive, so the browser shows "Select Category"
  // although the form holds the movie's category: write the value again once the options exist.
  useEffect(() => {
    if (categories) setValue("category", getValues("category"));
  }, [categories, getValues, setValue]);

  // Saving while a video still uploads would store the movie without it: hold the submit until every
  // drop zone has finished or failed.
  const [uploading, setUploading] = useState<Record<MediaKey, boolean>>({
    image: false,
    titleImage: false,
    video: false,
  });
  const busyUploading = Object.values(uploading).some(Boolean);
  const trackUpload = useCallback(
    (field: MediaKey) => (active: boolean) =>
      setUploading((current) => (current[field] === active ? current : { ...current, [field]: active })),
    [],
  );
  const [trackImage, trackTitleImage, trackVideo] = useMemo(
    () => [trackUpload("image"), trackUpload("titleImage"), trackUpload("video")],
    [trackUpload],
  );

  const setMedia = (field: MediaKey) => (url: string) =>
    setValue(field, url, { shouldValidate: true, shouldDirty: true });
  const setCasts = (next: CastValue[]) => setValue("casts", next, { shouldValidate: true, shouldDirty: true });

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
        reset(EMPTY);
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

  const castsError =
    errors.casts?.message ?? (Array.isArray(errors.casts) ? "Every cast member needs a name and an image" : undefined);

  return (
    <form onSubmit={(event) => void handleSubmit(save)(event)} noValidate className="flex flex-col gap-6">
      {editing && <StatusChoice draft={wantsDraft} onChange={setWantsDraft} />}
      {draft && (
        <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">
          This movie is a draft: visitors cannot see it. Complete it, then publish it.
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <TextField
          label="Movie Title"
          placeholder="Game of Thrones"
          error={errors.name?.message}
          {...register("name")}
        />
        <TextField
          label="Hours"
          type="number"
          inputMode="numeric"
          min={1}
          max={10}
          placeholder="2"
          error={errors.hour?.message}
          {...register("hour")}
        />
        <SelectField label="Language" error={errors.language?.message} {...register("language")}>
          <option value="">Select Language</option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {language}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Year of Release"
          type="number"
          inputMode="numeric"
          placeholder="2022"
          error={errors.year?.message}
          {...register("year")}
        />
      </div>
      <div key={generation} className="grid gap-6 md:grid-cols-2">
        {/* The original "movie image" and "poster image": the wide title image and the portrait poster
            (`image`), as the movie page shows them (docs/architecture.md, "The admin area at scale"). */}
        <MediaField
          label="Movie Image"
          description="Wide: shown behind the movie page's title, in the home banner and before the video plays."
          kind="image"
          value={titleImage ?? ""}
          onChange={setMedia("titleImage")}
          onUploadingChange={trackTitleImage}
          error={errors.titleImage?.message}
          alt="Movie image"
        />
        <MediaField
          label="Poster Image"
          description="Portrait: shown on movie cards, lists and beside the movie's title."
          kind="image"
          value={image ?? ""}
          onChange={setMedia("image")}
          onUploadingChange={trackImage}
          error={errors.image?.message}
          alt="Poster image"
        />
      </div>
      <SelectField label="Category" error={errors.category?.message} {...register("category")}>
        <option value="">Select Category</option>
        {categories?.map((category) => (
          <option key={category._id} value={category._id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Movie Description"
        placeholder="Make it short and sweet"
        error={errors.desc?.message}
        {...register("desc")}
      />
      <div key={`video-${generation}`}>
        <MediaField
          label="Movie Video"
          kind="video"
          value={video ?? ""}
          onChange={setMedia("video")}
          onUploadingChange={trackVideo}
          error={errors.video?.message}
          alt="Video preview"
        />
      </div>

      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-sm font-semibold text-text">Casts</h2>
          <Button variant="outline" onClick={() => setCastOpen(true)}>
            Add Cast
          </Button>
        </div>
        {casts.length > 0 && (
          <ul aria-label="Casts" className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-6">
            {casts.map((cast, index) => (
              <li
                key={`${cast.name}-${index}`}
                className="flex flex-col items-center gap-2 rounded-lg border border-border/40 bg-main p-3 text-center"
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- uploads are served by our own API */}
                <img src={cast.image} alt="" className="size-20 rounded-full object-cover" />
                <p className="w-full truncate text-sm">{cast.name}</p>
                <button
                  type="button"
                  onClick={() => setCasts(casts.filter((_, i) => i !== index))}
                  aria-label={`Remove ${cast.name}`}
                  className="rounded px-2 py-1 text-xs text-accent transition hover:bg-subMain hover:text-white focus-visible:outline-2 focus-visible:outline-subMain"
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        {castsError && <p className="text-sm text-accent">{castsError}</p>}
      </div>

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
          disabled={isSubmitting || busyUploading}
          aria-describedby={busyUploading ? uploadWaitId : undefined}
          className="w-full py-4"
        >
          {isSubmitting && <Spinner />}
          {isSubmitting ? "Processing..." : editing ? action.button : "Add Movie"}
        </Button>
        {busyUploading && (
          <p id={uploadWaitId} className="text-center text-sm text-text">
            {UPLOAD_WAIT_MESSAGE}
          </p>
        )}
      </div>
      <CastDialog open={castOpen} onClose={() => setCastOpen(false)} onAdd={(cast) => setCasts([...casts, cast])} />
    </form>
  );
}

/** An edit's Published or Draft: a draft is hidden from every public page and list. */
function StatusChoice({ draft, onChange }: { draft: boolean; onChange: (draft: boolean) => void }) {
  const labelId = useId();
  const id = useId();
  const options = [
    { draft: false, label: "Published", hint: "Visitors can find and watch it." },
    { draft: true, label: "Draft", hint: "Hidden from visitors until it is published." },
  ];
  return (
    <div role="radiogroup" aria-labelledby={labelId} className="flex flex-col gap-2">
      <p id={labelId} className="text-sm font-semibold text-white/80">
        Status
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const optionId = `${id}-${option.label}`;
          return (
            <label
              key={option.label}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-border/60 bg-main px-4 py-3 transition hover:border-white/70 has-[:checked]:border-subMain has-[:checked]:bg-subMain/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-subMain/60"
            >
              <input
                type="radio"
                name={id}
                checked={draft === option.draft}
                onChange={() => onChange(option.draft)}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={`${optionId}-hint`}
                className="mt-0.5 size-4 shrink-0 accent-subMain focus:outline-none"
              />
              <span className="flex flex-col gap-0.5">
                <span id={`${optionId}-label`} className="text-sm font-semibold">
                  {option.label}
                </span>
                <span id={`${optionId}-hint`} className="text-xs text-text">
                  {option.hint}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
