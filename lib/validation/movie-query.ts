// The query of GET /api/movie (CONTRACT.md section 4, listing rules) and the filter bar's options.
import { z } from "zod";
import { onStrings, text } from "./fields";

export const DEFAULT_PAGE_SIZE = 20;
/** The admin Movies List's page (its server render and its client reloads ask for the same). */
export const ADMIN_MOVIES_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 50;

/** Filter bar options (spec section 3): rates 1 to 5 stars, hours 1 to 10, years 2022 down to 2000. */
export const RATE_FILTER_OPTIONS = [1, 2, 3, 4, 5].map((value) => ({ value, label: `${value} Star` }));
export const HOUR_FILTER_OPTIONS = Array.from({ length: 10 }, (_, i) => ({ value: i + 1, label: `${i + 1} Hours` }));
export const YEAR_FILTER_OPTIONS = Array.from({ length: 23 }, (_, i) => 2022 - i);

/** Empty means "no filter"; otherwise digits only. */
const digitsFilter = (field: string) =>
  z
    .string({ error: `${field} must contain digits only` })
    .trim()
    .regex(/^\d{0,9}$/, `${field} must contain digits only`)
    .transform((value) => (value === "" ? undefined : Number(value)))
    .optional();

const positiveDigits = (field: string) =>
  digitsFilter(field).refine((value) => value === undefined || value >= 1, `${field} must be at least 1`);

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
  time: digitsFilter("time"),
  language: textFilter("language", 40),
  /** Minimum rate. */
  rate: digitsFilter("rate"),
  year: digitsFilter("year"),
  search: textFilter("search", 200),
  page: positiveDigits("page"),
  limit: positiveDigits("limit").refine((value) => value === undefined || value <= MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`),
});
export type MovieListQuery = z.infer<typeof movieListQuerySchema>;

/** The query string's values as an object: the first value of each parameter. */
export function queryObject(params: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in result)) result[key] = value;
  return result;
}
