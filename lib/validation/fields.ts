// Building blocks for the request schemas. Free of server imports: the forms use the same schemas.
import { z } from "zod";
import { hasForbiddenCharacters } from "./characters";

// Zod compiles object parsers with `new Function` after probing whether eval is allowed. The pages'
// Content-Security-Policy forbids eval (docs/security.md), so in the browser the probe itself is
// reported as a violation. Every schema module imports this one, so this runs before any parse.
z.config({ jitless: true });

const controlCharactersMessage = (field: string) => `${field} must not contain control characters`;

/**
 * The one string primitive every request schema builds on: a string (another type names the field)
 * with no control characters, so no text field, body or query, can carry a NUL to the database.
 * `requiredMessage` is what a missing value (undefined or null) says; by default it names the field.
 */
export function text(field: string, requiredMessage = `${field} must be a string`) {
  return z
    .string({ error: (issue) => (issue.input == null ? requiredMessage : `${field} must be a string`) })
    .refine((value) => !hasForbiddenCharacters(value), { error: controlCharactersMessage(field), abort: true });
}

/**
 * A required string: missing (or null) gives the "... is required" message of docs/product.md, another type
 * names the field, and blank after trimming counts as missing.
 */
export function requiredText(field: string, requiredMessage: string, limit?: { max: number; message: string }) {
  const required = text(field, requiredMessage)
    .trim()
    .min(1, onStrings({ error: requiredMessage, abort: true }));
  return limit ? required.max(limit.max, onStrings({ error: limit.message })) : required;
}

/**
 * Zod runs a length check even after a type error when the value has a length (an array), which
 * would add "Name is required" beside "name must be a string" for `["x"]`. The check definition's
 * documented `when` option prevents that; the params type of min/max leaves it out.
 */
export function onStrings<P extends object>(params: P): P {
  return { ...params, when: (payload: { value: unknown }) => typeof payload.value === "string" };
}

/** The same for list length checks. */
export function onLists<P extends object>(params: P): P {
  return { ...params, when: (payload: { value: unknown }) => Array.isArray(payload.value) };
}

/**
 * A required whole number. Digit strings ("2020") are accepted too, because HTML selects and inputs
 * produce strings and the original client sent them as they came.
 */
export function wholeNumber(field: string, requiredMessage: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      if (value.trim() === "") return undefined; // an unselected <select>
      return /^\s*-?\d{1,9}\s*$/.test(value) ? Number(value) : value;
    },
    z
      .number({ error: (issue) => (issue.input == null ? requiredMessage : `${field} must be a number`) })
      .int({ error: `${field} must be a whole number` }),
  );
}

/** A query parameter of digits only; empty means "not given" (docs/api.md "Movies"). */
export function digits(field: string) {
  return z
    .string({ error: `${field} must contain digits only` })
    .trim()
    .regex(/^\d{0,9}$/, `${field} must contain digits only`)
    .transform((value) => (value === "" ? undefined : Number(value)))
    .optional();
}

/** The same, at least 1: a page number or a page size. */
export function positiveDigits(field: string) {
  return digits(field).refine((value) => value === undefined || value >= 1, `${field} must be at least 1`);
}

/** `page` and `limit` of a paged list's query: whole numbers from 1, `limit` at most `maxLimit`. */
export function pageParams(maxLimit: number) {
  return {
    page: positiveDigits("page"),
    limit: positiveDigits("limit").refine(
      (value) => value === undefined || value <= maxLimit,
      `limit must be at most ${maxLimit}`,
    ),
  };
}

/** An optional query parameter that takes one of `values`; empty counts as absent. */
export function oneOf<T extends string>(field: string, values: readonly T[]) {
  return text(field)
    .trim()
    .refine((value) => value === "" || (values as readonly string[]).includes(value), {
      error: `${field} must be one of ${values.join(", ")}`,
    })
    .transform((value) => (value || undefined) as T | undefined)
    .optional();
}

// Mirrors lib/storage/keys.ts (a test checks they agree): the forms import this module, and the
// storage module pulls node:crypto into the bundle.
const UPLOADED_FILE_URL =
  /^(?:https?:\/\/[^/]+)?\/api\/upload\/(image|movie|subtitle)\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(jpg|png|webp|mp4|avi|mkv|mov|wmv|flv|vtt)$/;

export type MediaKind = "image" | "movie" | "subtitle";

/**
 * True for a URL this server issued for an upload of the given kind (its path, or the path on some
 * origin), or any https URL. Subtitles must be ours: they were checked and converted to WebVTT on
 * upload, and the player fetches them from this origin. Which origins are this site's only the
 * server knows: it stores its own as paths and refuses the rest (lib/http/media-urls.ts), so
 * `http://<another host>/api/upload/…` passes this check in a form but is a 400 from the API.
 */
export function isAcceptedMediaUrl(url: string, kind: MediaKind): boolean {
  const uploaded = UPLOADED_FILE_URL.exec(url);
  if (uploaded) return uploaded[1] === kind;
  if (kind === "subtitle") return false;
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}

/** The message for a media URL that is neither this server's upload nor an https URL. */
export const mediaUrlMessage = (label: string, kind: MediaKind) =>
  `${label} must be an uploaded ${kind === "movie" ? "video" : "image"} or an https URL`;

/** A required media URL: uploaded to this server (image or movie folder) or an https URL. */
export function mediaUrl(field: string, requiredMessage: string, kind: MediaKind, label: string) {
  return requiredText(field, requiredMessage, { max: 2000, message: `${label} URL is too long` }).refine(
    (url) => isAcceptedMediaUrl(url, kind),
    mediaUrlMessage(label, kind),
  );
}
