import "server-only";
// The catalogue's cache tags, in one place: the cached reads in lib/data tag their entries with
// these, and the writes in lib/data name exactly the tags of what they changed, which their callers
// expire (lib/cache/expire-tags.ts; docs/architecture.md, "Caching"). Pages and route handlers never
// revalidate anything themselves.

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
