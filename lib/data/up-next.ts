import "server-only";
// What the player offers when a film ends (the "Up next" card and its countdown).
//
// A simple rule for now, kept behind this one function: the player and GET /api/movie/{id}/next
// know only its signature and answer, so the recommendations work of issue 28 (co-watching, likes
// and ratings computed in PostgreSQL) can replace the rule here without touching either.
import { db } from "@/lib/database/db";
import { publishedMovie, publishedMovieSql } from "./movie-visibility";
import { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/errors";
import { WATCHED_FROM } from "@/lib/validation/progress";
import { isUuid } from "@/lib/validation/ids";
import { MOVIE_NOT_FOUND } from "./movies";
import { movieListSelect, toMovieListItem } from "./movie-shapes";
import type { UpNext } from "@/lib/api-shapes";

export type { UpNext };

/**
 * The film to play after `movieId`, never that film itself nor one the viewer has watched (90%):
 * 1. for a member, the next film of their My List: the one listed after this film when it is on
 *    the list (going round to the top), else the most recently added;
 * 2. else the best rated film of the same category (rate, then reviews, then name);
 * 3. else the best rated film of all.
 * Visitors get 2 or 3. 404 for an unknown movie.
 */
export async function nextSuggestion(movieId: string, userId: string | null): Promise<UpNext> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  const current = await db.movie.findFirst({ where: { id: movieId, ...publishedMovie }, select: { categoryId: true } });
  if (!current) throw notFound(MOVIE_NOT_FOUND);

  const notWatched = userId
    ? Prisma.sql`AND NOT EXISTS (
        SELECT 1 FROM "WatchProgress" w
        WHERE w."userId" = ${userId}::uuid AND w."movieId" = m."id" AND w."position" >= w."duration" * ${WATCHED_FROM}::float8)`
    : Prisma.empty;

  if (userId) {
    const [next] = await db.$queryRaw<{ id: string }[]>`
      WITH list AS (
        SELECT "movieId", row_number() OVER (ORDER BY "createdAt" DESC, "movieId" ASC) AS "place"
        FROM "MyListEntry" WHERE "userId" = ${userId}::uuid
      ),
      here AS (SELECT COALESCE((SELECT "place" FROM list WHERE "movieId" = ${movieId}::uuid), 0) AS "place")
      SELECT m."id" FROM list JOIN "Movie" m ON m."id" = list."movieId", here
      WHERE m."id" <> ${movieId}::uuid AND ${publishedMovieSql("m")} ${notWatched}
      ORDER BY list."place" <= here."place", list."place"
      LIMIT 1`;
    if (next) return suggestion(next.id, "my-list");
  }

  const bestRated = (where: Prisma.Sql) => db.$queryRaw<{ id: string }[]>`
    SELECT m."id" FROM "Movie" m
    WHERE m."id" <> ${movieId}::uuid AND ${publishedMovieSql("m")} ${where} ${notWatched}
    ORDER BY m."rate" DESC, m."countReviews" DESC, m."name" ASC, m."id" ASC
    LIMIT 1`;
  const [sameCategory] = await bestRated(Prisma.sql`AND m."categoryId" = ${current.categoryId}::uuid`);
  if (sameCategory) return suggestion(sameCategory.id, "category");
  const [anyMovie] = await bestRated(Prisma.empty);
  if (anyMovie) return suggestion(anyMovie.id, "top-rated");
  return { movie: null, reason: null };
}

async function suggestion(id: string, reason: NonNullable<UpNext["reason"]>): Promise<UpNext> {
  const row = await db.movie.findUnique({ where: { id }, select: movieListSelect });
  // Deleted between the two reads: nothing to offer rather than a stale film.
  return row ? { movie: toMovieListItem(row), reason } : { movie: null, reason: null };
}
