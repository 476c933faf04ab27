// The listing's filters read from a page URL, validated as the API validates its query (the server
// renders the listing from them; lib/movie-filters.ts holds what the browser needs too).
import { FILTER_KEYS, type ListingFilters } from "@/lib/movie-filters";
import { movieListQuerySchema } from "./movie-query";

/**
 * The filters of a page URL. A value the API would refuse (rate=abc, page=0) is dropped rather than
 * failing the page: a hand-edited URL still shows movies.
 */
export function readListingFilters(params: Record<string, string | string[] | undefined>): ListingFilters {
  const filters: ListingFilters = {};
  for (const key of [...FILTER_KEYS, "page"] as const) {
    const raw = params[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (!value) continue;
    const parsed = movieListQuerySchema.shape[key].safeParse(value);
    if (!parsed.success || parsed.data === undefined) continue;
    if (key === "page") filters.page = parsed.data as number;
    else filters[key] = String(parsed.data);
  }
  return filters;
}
