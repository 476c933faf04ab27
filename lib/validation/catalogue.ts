// The catalogue file (docs/import.md): one movie per row, in CSV or JSON, read by the admin Import
// page and `npm run import`, and written by Export. The fields and their rules are the movie form's
// (lib/validation/movie.ts), with a category by name and media that an import brings in itself.
// docs/catalogue.schema.json is generated from these schemas (z.toJSONSchema, catalogueJsonSchema below).
import { z } from "zod";
import {
  FIRST_FILM_YEAR,
  LANGUAGES,
  MAX_SUBTITLES,
  MOVIE_HOURS_MAX,
  MOVIE_HOURS_MIN,
  castNameField,
  movieCreateSchema,
  subtitleSchema,
} from "./movie";
import { onLists, onStrings, requiredText } from "./fields";

/** The most movies one import takes. */
export const MAX_IMPORT_ROWS = 10_000;

/**
 * Where a picture, video or subtitle file comes from: an https URL (downloaded into storage), a path
 * inside the server's IMPORT_DIR folder (copied into storage), or a file already stored on this site
 * (`/api/upload/...`, or this site's own URL for it). http URLs pass here only to be checked against
 * the site's own address when the import runs.
 */
export function isMediaSource(value: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  // A one-letter "scheme" is a Windows drive (C:\films\...): a path.
  if (!scheme || scheme.length === 1) return true;
  return scheme === "https" || scheme === "http";
}

const mediaSourceMessage = (label: string) =>
  `${label} must be an https URL, a path inside IMPORT_DIR, or a file stored on this site`;

const mediaSource = (field: string, requiredMessage: string, label: string) =>
  requiredText(field, requiredMessage, { max: 2000, message: `${label} is too long` })
    .refine(isMediaSource, onStrings({ error: mediaSourceMessage(label) }))
    .meta({
      description: `${label}: an https URL (downloaded), a path inside the server's IMPORT_DIR, or a file stored on this site (/api/upload/...)`,
    });

const idField = requiredText("id", "id is required", { max: 200, message: "id must be at most 200 characters" }).meta({
  description:
    "The movie's id in the system the file comes from. Importing the same id again updates that movie instead of adding another. Export writes it back (a movie that never came from an import is known by its own id).",
});

const categoryField = requiredText("category", "Category is required", {
  max: 100,
  message: "Category must be at most 100 characters",
}).meta({ description: "The category's name, any case; a category that does not exist yet is created" });

const castMember = z.object({
  name: castNameField,
  image: mediaSource("image", "Cast image is required", "Cast image"),
});

const castList = (required: boolean) =>
  z
    .array(castMember, {
      error: (issue) => (issue.input == null ? "Cast is required" : "casts must be a list"),
    })
    .min(required ? 1 : 0, onLists({ error: "Cast is required" }))
    .max(100, onLists({ error: "At most 100 cast members" }));

const subtitle = z.object({
  language: subtitleSchema.shape.language,
  label: subtitleSchema.shape.label,
  url: mediaSource("url", "Subtitle file is required", "Subtitle file"),
});

const subtitleList = z
  .array(subtitle, { error: "subtitles must be a list" })
  .max(MAX_SUBTITLES, onLists({ error: `At most ${MAX_SUBTITLES} subtitles` }))
  .meta({ description: "SRT or WebVTT files, stored as WebVTT" });

const { name, desc, language, year, hour } = movieCreateSchema.shape;

/** A published movie: everything the movie form asks for. */
const publishedRowSchema = z.object({
  id: idField,
  name,
  desc,
  year,
  hour,
  language,
  category: categoryField,
  image: mediaSource("image", "Image is required", "Image"),
  titleImage: mediaSource("titleImage", "Title image is required", "Title image"),
  video: mediaSource("video", "Video is required", "Video"),
  casts: castList(true),
  subtitles: subtitleList.optional(),
  draft: z.literal(false).optional().meta({ description: "false or absent: the movie is public" }),
});

/** A draft: hidden from the public until an admin completes and publishes it, so only the title and year are needed. */
const draftRowSchema = z.object({
  id: idField,
  name,
  year,
  desc: desc.optional(),
  hour: hour.optional(),
  language: language.optional(),
  category: categoryField.optional(),
  image: mediaSource("image", "Image is required", "Image").optional(),
  titleImage: mediaSource("titleImage", "Title image is required", "Title image").optional(),
  video: mediaSource("video", "Video is required", "Video").optional(),
  casts: castList(false).optional(),
  subtitles: subtitleList.optional(),
  draft: z.literal(true).meta({ description: "true: a draft, which no public page or API shows" }),
});

export const catalogueRowSchema = z.discriminatedUnion("draft", [publishedRowSchema, draftRowSchema], {
  error: "draft must be true or false",
});
export type CatalogueRow = z.output<typeof catalogueRowSchema>;

/** The whole file: a list of rows (CSV rows, or a JSON array). */
const catalogueFileSchema = z
  .array(catalogueRowSchema)
  .max(MAX_IMPORT_ROWS, onLists({ error: `An import holds at most ${MAX_IMPORT_ROWS.toLocaleString("en")} movies` }));

export type RowError = { field: string; message: string };

/**
 * Checks one record as read from a file (CSV cells already put together, lib/import-export/catalogue-file.ts).
 * Empty values count as absent, so a blank CSV cell is a missing field.
 */
export function checkCatalogueRow(
  record: Record<string, unknown>,
): { ok: true; row: CatalogueRow } | { ok: false; errors: RowError[] } {
  const result = catalogueRowSchema.safeParse(withoutEmpty(record));
  if (result.success) return { ok: true, row: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({
      field: issue.path.length ? issue.path.join(".") : "row",
      message: issue.message,
    })),
  };
}

function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, field]) => field !== "" && field !== null && field !== undefined)
        .map(([key, field]) => [key, withoutEmpty(field)]),
    );
  }
  return value;
}

type JsonSchema = { [key: string]: unknown };

/**
 * The file's JSON Schema, from the zod schemas above. Year and hour also accept digit strings (as
 * CSV cells are), which JSON Schema cannot see through the preprocessing: their bounds are put back.
 */
export function catalogueJsonSchema(): JsonSchema {
  const schema = z.toJSONSchema(catalogueFileSchema, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema & { items: { oneOf: { properties: Record<string, JsonSchema> }[] } };
  const bounds = {
    year: { minimum: FIRST_FILM_YEAR, description: "Year of release, at most next year" },
    hour: { minimum: MOVIE_HOURS_MIN, maximum: MOVIE_HOURS_MAX, description: "Running time in whole hours" },
  };
  for (const variant of schema.items.oneOf) {
    for (const [field, bound] of Object.entries(bounds)) {
      if (variant.properties[field]) variant.properties[field] = { type: ["integer", "string"], ...bound };
    }
    variant.properties.language = {
      ...variant.properties.language,
      description: `One of ${LANGUAGES.join(", ")} (any case)`,
    };
  }
  return {
    $schema: schema.$schema,
    title: "Marquee catalogue file",
    description:
      "The movies of a catalogue import or export, one object per movie (docs/import.md). The same fields are the columns of the CSV form, with casts.N.name, casts.N.image and subtitles.N.* for the lists.",
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== "$schema")),
  };
}
