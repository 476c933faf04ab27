// Who may see a movie. A draft (a film found in IMPORT_DIR, or imported as a draft, that an admin has
// not completed and published: docs/import.md) exists only in the admin area. Every public read of
// movies (listing, search, suggestions, details, random, top rated, related, years, favourites,
// watch progress, reviews, the sitemap) keeps to published movies through one of these two
// conditions; the admin's reads and writes are the only ones that leave them out.
// No "server-only": the SQL builders of movie-search-sql.ts, which scripts import, use it too.
import { Prisma } from "@/lib/generated/prisma/client";

/** The Prisma condition for "the public may see it". */
export const publishedMovie = { draft: false } satisfies Prisma.MovieWhereInput;

/** The same as SQL, for statements that name the Movie row `alias` (`mv` in the search builders). */
export const publishedMovieSql = (alias = "mv") => Prisma.sql`NOT ${Prisma.raw(`${alias}."draft"`)}`;
