// What the admin movie form (components/admin/movie-form.tsx) holds: the fields as typed, empty or
// filled from a movie, and what its submit button says and does for the movie's status.
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { MovieDetail } from "@/lib/data/movie-shapes";
import type { movieCreateSchema } from "@/lib/validation/movie";

export type MovieFormValues = z.input<typeof movieCreateSchema>;
/** The form's state and methods, as react-hook-form gives them, for the form's sections. */
export type MovieFormApi = UseFormReturn<MovieFormValues, unknown, z.output<typeof movieCreateSchema>>;
export type MediaKey = "image" | "titleImage" | "video";
export const MEDIA_KEYS: readonly MediaKey[] = ["image", "titleImage", "video"];

export const EMPTY_MOVIE: MovieFormValues = {
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

export const valuesOf = (movie: MovieDetail): MovieFormValues => ({
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

/** What the submit button of an edit does, by the status the movie has and the one chosen. */
export function editAction(wasDraft: boolean, wantsDraft: boolean): { button: string; done: string } {
  if (wasDraft && !wantsDraft) return { button: "Publish", done: "Movie published" };
  if (!wasDraft && wantsDraft) return { button: "Unpublish", done: "Movie unpublished" };
  return { button: wasDraft ? "Save draft" : "Update Movie", done: "Movie updated successfully" };
}
