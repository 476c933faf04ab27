import "server-only";
import { db } from "@/lib/database/db";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/validation/ids";
import { MOVIE_NOT_FOUND } from "./movies";
import { memberMoviesArgs, toMovieListItem, type MovieListItem } from "./movie-shapes";
import { publishedMovieSql } from "./movie-visibility";
import type { ToggleResult } from "@/lib/api-shapes";

/** GET /api/user/favorite: the user's liked movies, most recently liked first. */
export async function listFavorites(userId: string): Promise<MovieListItem[]> {
  const rows = await db.favorite.findMany(memberMoviesArgs(userId));
  return rows.map((row) => toMovieListItem(row.movie));
}

export type { ToggleResult };

/**
 * POST /api/user/favorite: likes the movie, or unlikes it when already liked. Calls for the same
 * user and movie take turns (a transaction-scoped advisory lock), so each call flips the state
 * exactly once even when a double click sends two at once.
 */
export async function toggleFavorite(userId: string, movieId: string): Promise<ToggleResult> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  const liked = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`favorite:${userId}:${movieId}`}::text, 0))`;
    const removed = await tx.favorite.deleteMany({ where: { userId, movieId } });
    if (removed.count > 0) return false;
    const inserted = await tx.$executeRaw`
      INSERT INTO "Favorite" ("userId", "movieId")
      SELECT ${userId}::uuid, mv."id" FROM "Movie" mv WHERE mv."id" = ${movieId}::uuid AND ${publishedMovieSql()}`;
    if (inserted === 0) throw notFound(MOVIE_NOT_FOUND);
    return true;
  });
  return liked
    ? { message: "Movie added to favorites", liked: true }
    : { message: "Movie removed from favorites", liked: false };
}

/** DELETE /api/user/favorite/{id}: idempotent, a movie that is not liked is already removed. */
export async function removeFavorite(userId: string, movieId: string): Promise<{ message: string }> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  await db.favorite.deleteMany({ where: { userId, movieId } });
  return { message: "Movie deleted successfully" };
}

/** DELETE /api/user/favorite. */
export async function clearFavorites(userId: string): Promise<{ message: string }> {
  await db.favorite.deleteMany({ where: { userId } });
  return { message: "All favorite movies deleted successfully" };
}
