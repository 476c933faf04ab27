import "server-only";
// My List: films a user keeps to watch later. Apart from favourites (what they liked): adding and
// removing are idempotent PUT and DELETE, so a double click or a retry never flips the state back.
import { db } from "@/lib/database/db";
import { publishedMovieSql } from "./movie-visibility";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/validation/ids";
import { MOVIE_NOT_FOUND } from "./movies";
import { memberMoviesArgs, toMovieListItem, type MovieListItem } from "./movie-shapes";
import type { MyListChange } from "@/lib/api-shapes";

export type { MyListChange };

/** GET /api/user/list: the user's list, most recently added first. */
export async function listMyList(userId: string): Promise<MovieListItem[]> {
  const rows = await db.myListEntry.findMany(memberMoviesArgs(userId));
  return rows.map((row) => toMovieListItem(row.movie));
}

/**
 * PUT /api/user/list/{movieId}: adds the movie (already there: nothing changes, it keeps its place).
 * One statement: the insert selects from Movie, and the count of that select tells an unknown movie
 * (404) from one already in the list.
 */
export async function addToMyList(userId: string, movieId: string): Promise<MyListChange> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  const [row] = await db.$queryRaw<{ found: number }[]>`
    WITH movie AS (SELECT "id" FROM "Movie" mv WHERE "id" = ${movieId}::uuid AND ${publishedMovieSql()}),
    added AS (
      INSERT INTO "MyListEntry" ("userId", "movieId")
      SELECT ${userId}::uuid, "id" FROM movie
      ON CONFLICT ("userId", "movieId") DO NOTHING
    )
    SELECT count(*)::int AS "found" FROM movie`;
  if (!row?.found) throw notFound(MOVIE_NOT_FOUND);
  return { message: "Added to My List", inList: true };
}

/** DELETE /api/user/list/{movieId}: idempotent, a movie not in the list is already removed. */
export async function removeFromMyList(userId: string, movieId: string): Promise<MyListChange> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  await db.myListEntry.deleteMany({ where: { userId, movieId } });
  return { message: "Removed from My List", inList: false };
}
