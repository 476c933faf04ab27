import "server-only";
import { db } from "@/lib/database/db";
import { notFound } from "@/lib/errors";
import {
  CONTINUE_FROM,
  HISTORY_PAGE_SIZE,
  WATCHED_FROM,
  type HistoryQuery,
  type WatchProgressInput,
} from "@/lib/validation/progress";
import { isUuid } from "@/lib/validation/ids";
import { MOVIE_NOT_FOUND } from "./movies";
import { movieListSelect, toMovieListItem } from "./movie-shapes";
import { publishedMovie, publishedMovieSql } from "./movie-visibility";
import type { ContinueWatchingItem, HistoryMark, HistoryPage, WatchProgress } from "@/lib/api-shapes";

export type { ContinueWatchingItem, HistoryMark, HistoryPage, WatchProgress };

/** How many movies the Continue watching row holds at most. */
const CONTINUE_WATCHING_LIMIT = 20;

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
 * GET /api/user/progress: movies started (at least 5%) and not watched (under 90%), the most
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

/** From 90% of its duration a movie counts as watched (lib/validation/progress.ts). */
export const isWatched = (position: number, duration: number) => position >= duration * WATCHED_FROM;

/**
 * GET /api/user/history: every movie the user played, most recently watched first, with how far
 * they got. The rows are the same as Continue watching's (one per user and movie), so removing one
 * from either takes it off both.
 */
export async function listHistory(userId: string, query: HistoryQuery): Promise<HistoryPage> {
  const limit = query.limit ?? HISTORY_PAGE_SIZE;
  const page = query.page ?? 1;
  const [rows, moviesCount] = await Promise.all([
    db.watchProgress.findMany({
      where: { userId, movie: publishedMovie },
      select: { position: true, duration: true, updatedAt: true, movie: { select: movieListSelect } },
      orderBy: [{ updatedAt: "desc" }, { movieId: "asc" }],
      skip: (page - 1) * limit,
      take: limit,
    }),
    db.watchProgress.count({ where: { userId, movie: publishedMovie } }),
  ]);
  return {
    movies: rows.map(({ position, duration, updatedAt, movie }) => ({
      ...toMovieListItem(movie),
      progress: { position, duration, updatedAt: updatedAt.toISOString() },
      watched: isWatched(position, duration),
    })),
    moviesCount,
    totalPage: Math.ceil(moviesCount / limit),
    currentPage: page,
  };
}

type ProgressRow = { position: number; duration: number; updatedAt: Date };

/**
 * PUT /api/user/history/{movieId}: watched puts the position at the end (a movie never played gets
 * a row, its length the probed duration, else the typed hours); unwatched puts it back at the
 * start, so the player starts it over and Continue watching leaves it out. Neither changes when the
 * user last watched it (History's date and order). 404 for an unknown movie.
 */
export async function markWatched(userId: string, movieId: string, watched: boolean): Promise<HistoryMark> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  let row: ProgressRow | undefined;
  if (watched) {
    [row] = await db.$queryRaw<ProgressRow[]>`
      INSERT INTO "WatchProgress" ("userId", "movieId", "position", "duration", "updatedAt")
      SELECT ${userId}::uuid, m."id", m."length", m."length", now()
      FROM (
        SELECT "id", COALESCE(NULLIF("durationSeconds", 0), "hour" * 3600)::float8 AS "length"
        FROM "Movie" mv WHERE "id" = ${movieId}::uuid AND ${publishedMovieSql()}
      ) m
      ON CONFLICT ("userId", "movieId") DO UPDATE SET "position" = "WatchProgress"."duration"
      RETURNING "position", "duration", "updatedAt"`;
    if (!row) throw notFound(MOVIE_NOT_FOUND);
  } else {
    [row] = await db.$queryRaw<ProgressRow[]>`
      UPDATE "WatchProgress" SET "position" = 0
      WHERE "userId" = ${userId}::uuid AND "movieId" = ${movieId}::uuid
      RETURNING "position", "duration", "updatedAt"`;
    // Not in the history: already unwatched, as long as the movie exists.
    if (!row && !(await db.movie.count({ where: { id: movieId, ...publishedMovie } }))) throw notFound(MOVIE_NOT_FOUND);
  }
  return {
    message: watched ? "Marked as watched" : "Marked as unwatched",
    movieId,
    watched,
    progress: row ? { position: row.position, duration: row.duration, updatedAt: row.updatedAt.toISOString() } : null,
  };
}

async function deleteProgress(userId: string, movieId: string): Promise<void> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  await db.watchProgress.deleteMany({ where: { userId, movieId } });
}

/** DELETE /api/user/progress/{movieId}: "Remove from row". Idempotent, like removing a favourite. */
export async function removeWatchProgress(userId: string, movieId: string): Promise<{ message: string }> {
  await deleteProgress(userId, movieId);
  return { message: "Removed from Continue watching" };
}

/** DELETE /api/user/history/{movieId}: the same row goes, so the movie leaves Continue watching too. */
export async function removeFromHistory(userId: string, movieId: string): Promise<{ message: string }> {
  await deleteProgress(userId, movieId);
  return { message: "Removed from history" };
}
