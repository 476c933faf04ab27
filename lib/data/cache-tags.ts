import "server-only";
// The catalogue's cache tags, in one place: the cached reads in lib/data tag their entries with
// these, and the writes in lib/data expire exactly the tags of what they changed (docs/architecture.md,
// "Caching"). Pages and route handlers never revalidate anything themselves.
import { revalidateTag } from "next/cache";

export const cacheTags = {
  /** Every movie list: /movies pages, latest, top rated, related, the random pool, the sitemap. */
  movieLists: "movies",
  /** One movie's detail record (its page, /api/movie/{id}, the watch page). */
  movie: (id: string) => `movie:${id}`,
  /** The category list. */
  categories: "categories",
  /** Whatever shows one category's name: its record and the details of its movies. */
  category: (id: string) => `category:${id}`,
};

/**
 * Expires the tags now: the next request waits for fresh data instead of being served the stale
 * entry (stale-while-revalidate would show an admin the old page right after a save). Works in
 * route handlers and server actions alike; call it after the write has committed.
 */
export function expireTags(...tags: string[]): void {
  for (const tag of new Set(tags)) revalidateTag(tag, { expire: 0 });
}
