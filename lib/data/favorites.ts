import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/errors";
import { isUuid } from "./ids";
import { MOVIE_NOT_FOUND } from "./movies";
import { movieListSelect, toMovieListItem, type MovieListItem } from "./movie-shapes";

/** GET /api/user/favorite: the user's liked movies, most recently liked first. */
export async function listFavorites(userId: string): Promise<MovieListItem[]> {
  const rows = await db.favorite.findMany({
    where: { userId },
    select: { movie: { select: movieListSelect } },
    orderBy: [{ createdAt: "desc" }, { movieId: "asc" }],
  });
  return rows.map((row) => toMovieListItem(row.movie));
}

export type ToggleResult = { message: string; liked: boolean };

/**
 * POST /api/user/favorite: likes the movie, or unlikes it when already liked. Each call flips the
 * state exactly once, even when calls race: the insert skips an existing like, and a delete that
 * finds nothing (another call removed it first) tries again.
 */
export async function toggleFavorite(userId: string, movieId: string): Promise<ToggleResult> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await db.$executeRaw`
      INSERT INTO "Favorite" ("userId", "movieId")
      SELECT ${userId}::uuid, m."id" FROM "Movie" m WHERE m."id" = ${movieId}::uuid
      ON CONFLICT DO NOTHING`;
    if (inserted > 0) return { message: "Movie added to favorites", liked: true };
    const removed = await db.favorite.deleteMany({ where: { userId, movieId } });
    if (removed.count > 0) return { message: "Movie removed from favorites", liked: false };
    // Neither: the movie does not exist, or another call removed the like in between.
    if (!(await db.movie.findUnique({ where: { id: movieId }, select: { id: true } }))) throw notFound(MOVIE_NOT_FOUND);
  }
  throw new Error(`toggleFavorite kept racing for user ${userId} and movie ${movieId}`);
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
