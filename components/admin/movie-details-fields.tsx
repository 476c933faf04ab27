"use client";

import { useWatch } from "react-hook-form";
import { SelectField, TextAreaField, TextField } from "@/components/ui/form-field";
import { MediaField } from "@/components/ui/media-field";
import { SelectOptions } from "@/components/ui/select-options";
import type { Category } from "@/lib/data/categories";
import { LANGUAGES } from "@/lib/validation/movie";
import { categoryOptions } from "./category-options";
import type { MediaKey, MovieFormApi } from "./movie-form-values";

const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language, label: language }));

// The original "movie image" and "poster image": the wide title image and the portrait poster
// (`image`), as the movie page shows them (docs/architecture.md, "The admin area at scale").
const IMAGES = [
  {
    field: "titleImage",
    label: "Movie Image",
    description: "Wide: shown behind the movie page's title, in the home banner and before the video plays.",
    alt: "Movie image",
  },
  {
    field: "image",
    label: "Poster Image",
    description: "Portrait: shown on movie cards, lists and beside the movie's title.",
    alt: "Poster image",
  },
] as const;

type Uploads = Record<MediaKey, (active: boolean) => void>;

/**
 * What the movie page shows about the film, in the form's order: title, running time, language and
 * year; its two images; category and description; the video. `generation` changes after a movie is
 * created: the drop zones start again, empty.
 */
export function MovieDetailsFields({
  form,
  categories,
  uploads,
  generation,
}: {
  form: MovieFormApi;
  categories: Category[] | undefined;
  uploads: Uploads;
  generation: number;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
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
          <SelectOptions options={LANGUAGE_OPTIONS} />
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
        {IMAGES.map((image) => (
          <MovieMediaField
            key={image.field}
            form={form}
            kind="image"
            onUploadingChange={uploads[image.field]}
            error={errors[image.field]?.message}
            {...image}
          />
        ))}
      </div>
      <SelectField label="Category" error={errors.category?.message} {...register("category")}>
        <option value="">Select Category</option>
        {categories && <SelectOptions options={categoryOptions(categories)} />}
      </SelectField>
      <TextAreaField
        label="Movie Description"
        placeholder="Make it short and sweet"
        error={errors.desc?.message}
        {...register("desc")}
      />
      <div key={`video-${generation}`}>
        <MovieMediaField
          form={form}
          field="video"
          label="Movie Video"
          kind="video"
          onUploadingChange={uploads.video}
          error={errors.video?.message}
          alt="Video preview"
        />
      </div>
    </>
  );
}

/** A drop zone bound to one of the form's picture or video URLs. */
function MovieMediaField({
  form,
  field,
  ...mediaProps
}: {
  form: MovieFormApi;
  field: MediaKey;
  label: string;
  description?: string;
  kind: "image" | "video";
  alt: string;
  error: string | undefined;
  onUploadingChange: (active: boolean) => void;
}) {
  const value = useWatch({ control: form.control, name: field });
  return (
    <MediaField
      {...mediaProps}
      value={value ?? ""}
      onChange={(url) => form.setValue(field, url, { shouldValidate: true, shouldDirty: true })}
    />
  );
}
