// The movie listing page's state lives in its URL: the search term in the path (/movies/{term}), the
// filters, sort and page in the query, so a filtered page can be shared, reloaded and indexed.
// No zod here (the filter bar and the page links use it in the browser): reading filters from a URL,
// which validates them, is lib/validation/listing-filters.ts.
import { LISTING_FILTER_KEYS } from "@/lib/page-routes";

export const FILTER_KEYS = LISTING_FILTER_KEYS;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type ListingFilters = Partial<Record<FilterKey, string>> & { page?: number };

/** The listing URL for a search term and filters (page 1 is left out). */
export function listingHref(search: string, filters: ListingFilters): string {
  const path = search ? `/movies/${encodeURIComponent(search)}` : "/movies";
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) query.set(key, filters[key]);
  if (filters.page && filters.page > 1) query.set("page", String(filters.page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * docs/product.md "Catalogue and filters": pagination shows 5 pages in range, the current one as central as
 * the ends allow.
 */
export function pagesInRange(current: number, total: number, span = 5): number[] {
  const count = Math.min(span, total);
  const first = Math.max(1, Math.min(current - Math.floor(span / 2), total - count + 1));
  return Array.from({ length: count }, (_, index) => first + index);
}
