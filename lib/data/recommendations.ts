import "server-only";
// Recommendations (docs/architecture.md, "Recommendations"): "More like this" and "Trending this
// week" for everyone, cached for a minute (so they follow members' activity within minutes without
// a query per visit); "Because you watched <title>" rows and the next suggestion for one member,
// computed per request from the cached neighbour lists and what that member has already seen.
import { cacheLife, cacheTag } from "next/cache";
import { publishedMovie } from "./movie-visibility";
import { db } from "@/lib/database/db";
import { notFound } from "@/lib/errors";
import { cacheTags } from "@/lib/cache/tags";
import { isUuid } from "@/lib/validation/ids";
import { MOVIE_NOT_FOUND, moviesInOrder } from "./movies";
import type { MovieListItem } from "./movie-shapes";
import { seenMoviesSql, similarMoviesSql, trendingSql, watchedSeedsSql } from "./recommendation-sql";
import type { RecommendationRow, TrendingMovie } from "@/lib/api-shapes";

export type { RecommendationRow, TrendingMovie };

/** Movies a "More like this" or "Because you watched" row shows. */
export const ROW_SIZE = 10;
/** Neighbours kept per movie: enough left for a row once a member's seen movies are taken out. */
const NEIGHBOURS = 40;
/** "Because you watched" rows on the home page, at most. */
const BECAUSE_YOU_WATCHED_ROWS = 3;
/** Seeds tried for those rows: a seed whose neighbours the member has all seen gives no row. */
const SEEDS_TRIED = 8;
/** A row with fewer movies than this is not shown (a lone card is not a row). */
const MIN_ROW = 3;
const TRENDING_COUNT = 10;

type Scored = { id: string; score: number };

/**
 * A movie's neighbours, best first. Cached for a minute ("minutes": revalidated after 60 s, and
 * lib/cache/handler.mjs drops an entry at that point rather than serving it stale), so new activity
 * shows within a minute or two while a popular movie's list is computed once a minute, not per visit;
 * a change to any movie (the `movies` tag) drops it at once.
 */
async function neighbours(movieId: string): Promise<Scored[]> {
  "use cache";
  cacheLife("minutes");
  cacheTag(cacheTags.movieLists);
  return db.$queryRaw<Scored[]>(similarMoviesSql(movieId, NEIGHBOURS));
}

/**
 * "More like this" (GET /api/movie/{id}/similar and the movie page): the same for everyone, so
 * cached and kept with the page. Up to `ROW_SIZE * 2`, so the page can leave out what its Related
 * Movies grid already shows and still fill a row.
 */
export async function moreLikeThis(movieId: string): Promise<MovieListItem[]> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  const movies = await cachedMoreLikeThis(movieId);
  if (!movies) throw notFound(MOVIE_NOT_FOUND);
  return movies;
}

async function cachedMoreLikeThis(movieId: string): Promise<MovieListItem[] | null> {
  "use cache";
  cacheLife("minutes");
  cacheTag(cacheTags.movieLists);
  if (!(await db.movie.findFirst({ where: { id: movieId, ...publishedMovie }, select: { id: true } }))) return null;
  const similar = await neighbours(movieId);
  return moviesInOrder(similar.slice(0, ROW_SIZE * 2).map((movie) => movie.id));
}

/** "Trending this week" (GET /api/movie/trending and the home page): the most played in 7 days. */
export async function trendingMovies(count = TRENDING_COUNT): Promise<TrendingMovie[]> {
  "use cache";
  cacheLife("minutes");
  cacheTag(cacheTags.movieLists);
  const rows = await db.$queryRaw<{ movieId: string; plays: number }[]>(trendingSql(count));
  const plays = new Map(rows.map((row) => [row.movieId, row.plays]));
  return (await moviesInOrder(rows.map((row) => row.movieId))).map((movie) => ({
    ...movie,
    plays: plays.get(movie._id) ?? 0,
  }));
}

async function seenBy(userId: string): Promise<Set<string>> {
  return new Set((await db.$queryRaw<{ movieId: string }[]>(seenMoviesSql(userId))).map((row) => row.movieId));
}

/**
 * GET /api/user/recommendations: up to three "Because you watched <title>" rows, for the member's
 * most recently watched (or well rated) movies, each of that movie's neighbours the member has not
 * seen, liked or rated (so never one they finished or disliked), and no movie in two rows.
 */
export async function becauseYouWatched(userId: string): Promise<RecommendationRow[]> {
  const [seeds, seen] = await Promise.all([
    db.$queryRaw<{ movieId: string; name: string }[]>(watchedSeedsSql(userId, SEEDS_TRIED)),
    seenBy(userId),
  ]);
  const shown = new Set<string>();
  const rows: { because: { _id: string; name: string }; ids: string[] }[] = [];
  // The seeds' neighbour lists a row's worth at a time, side by side: a list not cached is a query of
  // 10-70 ms at 1,000,000 movies (a popular film's the longest), and one after another they made a
  // member's first visit slow (docs/performance.md "A million movies"). Most members fill their rows
  // from the first few seeds.
  const batch = BECAUSE_YOU_WATCHED_ROWS;
  for (let start = 0; start < seeds.length && rows.length < BECAUSE_YOU_WATCHED_ROWS; start += batch) {
    const tried = seeds.slice(start, start + batch);
    const lists = await Promise.all(tried.map((seed) => neighbours(seed.movieId)));
    for (const [index, seed] of tried.entries()) {
      const ids = lists[index]!.map((movie) => movie.id)
        .filter((id) => !seen.has(id) && !shown.has(id))
        .slice(0, ROW_SIZE);
      if (ids.length < MIN_ROW || rows.length === BECAUSE_YOU_WATCHED_ROWS) continue;
      ids.forEach((id) => shown.add(id));
      rows.push({ because: { _id: seed.movieId, name: seed.name }, ids });
    }
  }
  const items = new Map((await moviesInOrder([...shown])).map((movie) => [movie._id, movie]));
  return rows.map(({ because, ids }) => ({
    because,
    movies: ids.flatMap((id) => items.get(id) ?? []),
  }));
}

/**
 * What to play after `movieId` for this member (the player's "Up next"): its best neighbour they
 * have not seen, liked or rated, else the week's most played such movie; null when there is none.
 */
export async function nextSuggestion(userId: string, movieId: string): Promise<MovieListItem | null> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  const [similar, seen] = await Promise.all([neighbours(movieId), seenBy(userId)]);
  const fresh = (id: string) => id !== movieId && !seen.has(id);
  const next =
    similar.find((movie) => fresh(movie.id))?.id ?? (await trendingMovies()).find((movie) => fresh(movie._id))?._id;
  return next ? ((await moviesInOrder([next]))[0] ?? null) : null;
}
