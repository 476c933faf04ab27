import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/errors";
import { CONTINUE_FROM, WATCHED_FROM, type WatchProgressInput } from "@/lib/validation/progress";
import { isUuid } from "./ids";
import { MOVIE_NOT_FOUND } from "./movies";
import { movieListSelect, toMovieListItem } from "./movie-shapes";
import { publishedMovie, publishedMovieSql } from "./movie-visibility";
import type { ContinueWatchingItem, WatchProgress } from "@/lib/api-shapes";

export type { ContinueWatchingItem, WatchProgress };

/** How many movies the Continue watching row holds at most. */
export const CONTINUE_WATCHING_LIMIT = 20;

/**
 * PUT /api/user/progress/{movieId}: one row per user and movie, replaced by every save. The insert
 * selects from Movie, so an unknown movie writes nothing and answers 404 in the same statement.
 */
export async function saveWatchProgress(
  userId: string,
  movieId: string,
  { position, duration }: WatchProgressInput,
): Promise<WatchProgress> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  const [row] = await db.$queryRaw<{ updatedAt: Date }[]>`
    INSERT INTO "WatchProgress" ("userId", "movieId", "position", "duration", "updatedAt")
    SELECT ${userId}::uuid, mv."id", ${position}::float8, ${duration}::float8, now()
    FROM "Movie" mv WHERE mv."id" = ${movieId}::uuid AND ${publishedMovieSql()}
    ON CONFLICT ("userId", "movieId")
    DO UPDATE SET "position" = EXCLUDED."position", "duration" = EXCLUDED."duration", "updatedAt" = EXCLUDED."updatedAt"
    RETURNING "updatedAt"`;
  if (!row) throw notFound(MOVIE_NOT_FOUND);
  return { movieId, position, duration, updatedAt: row.updatedAt.toISOString() };
}

/** Where the user stopped in a movie, or null when they never played it. */
export async function getWatchProgress(userId: string, movieId: string): Promise<WatchProgress | null> {
  if (!isUuid(movieId)) return null;
  const row = await db.watchProgress.findUnique({
    where: { userId_movieId: { userId, movieId } },
    select: { position: true, duration: true, updatedAt: true },
  });
  return row && { movieId, position: row.position, duration: row.duration, updatedAt: row.updatedAt.toISOString() };
}

/**
 * GET /api/user/progress: movies started (at least 5%) and not watched (under 95%), the most
 * recently watched first. The share is compared in SQL, so the limit applies to the right rows.
 */
export async function listContinueWatching(userId: string): Promise<ContinueWatchingItem[]> {
  const progressRows = await db.$queryRaw<{ movieId: string; position: number; duration: number; updatedAt: Date }[]>`
    SELECT "movieId", "position", "duration", "updatedAt" FROM "WatchProgress"
    WHERE "userId" = ${userId}::uuid
      AND "position" >= "duration" * ${CONTINUE_FROM}::float8
      AND "position" < "duration" * ${WATCHED_FROM}::float8
    ORDER BY "updatedAt" DESC, "movieId" ASC
    LIMIT ${CONTINUE_WATCHING_LIMIT}`;
  if (progressRows.length === 0) return [];
  const movies = await db.movie.findMany({
    where: { id: { in: progressRows.map((row) => row.movieId) }, ...publishedMovie },
    select: movieListSelect,
  });
  const byId = new Map(movies.map((movie) => [movie.id, movie]));
  return progressRows.flatMap(({ movieId, position, duration, updatedAt }) => {
    const movie = byId.get(movieId);
    // A movie deleted between the two reads takes its progress with it (cascade), and one taken back
    // to draft is not shown: skip it.
    return movie
      ? [{ ...toMovieListItem(movie), progress: { position, duration, updatedAt: updatedAt.toISOString() } }]
      : [];
  });
}

/** DELETE /api/user/progress/{movieId}: "Remove from row". Idempotent, like removing a favourite. */
export async function removeWatchProgress(userId: string, movieId: string): Promise<{ message: string }> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  await db.watchProgress.deleteMany({ where: { userId, movieId } });
  return { message: "Removed from Continue watching" };
}
