// The query of GET /api/movie (docs/api.md "Movies") and the filter bar's options.
import { z } from "zod";
import { digits, onStrings, pageParams, text } from "./fields";
import { MAX_PAGE_SIZE, MOVIE_SORTS, type MovieSort } from "./movie-options";
import { emptyDictionary } from "./untrusted-keys";

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MOVIE_SORTS, type MovieSort } from "./movie-options";

const textFilter = (field: string, max: number) =>
  text(field)
    .trim()
    .max(max, onStrings({ error: `${field} must be at most ${max} characters` }))
    .transform((value) => value || undefined)
    .optional();

export const movieListQuerySchema = z.object({
  /** A category id, or a category name. */
  category: textFilter("category", 100),
  /** Exact running time in hours. */
  time: digits("time"),
  language: textFilter("language", 40),
  /** Minimum rate. */
  rate: digits("rate"),
  year: digits("year"),
  search: textFilter("search", 200),
  sort: z
    .string({ error: "sort must be a string" })
    .trim()
    .refine(
      (value) => value === "" || (MOVIE_SORTS as readonly string[]).includes(value),
      `sort must be one of ${MOVIE_SORTS.join(", ")}`,
    )
    .transform((value) => (value || undefined) as MovieSort | undefined)
    .optional(),
  ...pageParams(MAX_PAGE_SIZE),
});
export type MovieListQuery = z.infer<typeof movieListQuerySchema>;

/** GET /api/movie/suggest: the text typed so far. */
export const SUGGEST_LIMIT = 8;
export const movieSuggestQuerySchema = z.object({ q: textFilter("q", 200) });

/**
 * The query string's values as an object: the first value of each parameter. Without a prototype:
 * `?__proto__=x` is a parameter like any other, and a parameter the URL leaves out is missing even if
 * something in the process ever set that name on Object.prototype (which once emptied every listing).
 */
export function queryObject(params: URLSearchParams): Record<string, string> {
  const result = emptyDictionary<string>();
  for (const [key, value] of params) if (!Object.hasOwn(result, key)) result[key] = value;
  return result;
}
