import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, notFound } from "@/lib/http/errors";
import type { MovieCreateInput, MovieUpdateInput, SubtitleInput } from "@/lib/validation/movie";
import { DEFAULT_PAGE_SIZE, type MovieListQuery } from "@/lib/validation/movie-query";
import { deleteUnreferencedFiles } from "@/lib/media/cleanup";
import { cacheTags, expireTags } from "./cache-tags";
import { isUuid } from "./ids";
import { movieDetailSelect, movieListSelect, toMovieDetail, toMovieListItem, type MovieDetail, type MovieListItem } from "./movie-shapes";
import { lockMovie } from "./ratings";

type Tx = Prisma.TransactionClient;

export const MOVIE_NOT_FOUND = "Movie not found";
export const RANDOM_MOVIES_COUNT = 8;
export const TOP_RATED_COUNT = 10;

/** The newest movies first. */
export async function listLatestMovies(limit: number): Promise<MovieListItem[]> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.movieLists);
  const rows = await db.movie.findMany({ select: movieListSelect, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: limit });
  return rows.map(toMovieListItem);
}

/** Movies by id, in the order of `ids`. */
async function moviesInOrder(ids: string[]): Promise<MovieListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db.movie.findMany({ where: { id: { in: ids } }, select: movieListSelect });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toMovieListItem(row)] : [];
  });
}

export type MovieListPage = { movies: MovieListItem[]; moviesCount: number; totalPage: number; currentPage: number };

/**
 * The search term as a LIKE pattern that matches its own characters: folded first, exactly as
 * Movie.searchName is (unaccent also turns full-width ％ ＿ ＼ and a few look-alikes into % _ \),
 * then LIKE's wildcards and escape character escaped. Escaping before folding let `search=％`
 * become a wildcard that matched every movie.
 */
const likePattern = (search: string) =>
  Prisma.sql`replace(replace(replace(marquee_search_text(${search}::text), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/**
 * GET /api/movie. Filters combine with AND. `search` matches the accent- and case-folded name
 * (Movie.searchName) as a substring, or as a close word match (pg_trgm word similarity, which
 * forgives a typo or two); both use the trigram index. With a search, exact names come first, then
 * names starting with it, then by similarity; without one, newest first.
 */
export async function listMovies(query: MovieListQuery): Promise<MovieListPage> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.movieLists);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const where: Prisma.Sql[] = [];
  if (query.category) {
    where.push(
      isUuid(query.category)
        ? Prisma.sql`m."categoryId" = ${query.category}::uuid`
        : Prisma.sql`m."categoryId" IN (SELECT c."id" FROM "Category" c WHERE c."name" = ${query.category}::citext)`,
    );
  }
  if (query.time !== undefined) where.push(Prisma.sql`m."hour" = ${query.time}::int`);
  if (query.language) where.push(Prisma.sql`lower(m."language") = lower(${query.language}::text)`);
  if (query.rate !== undefined) where.push(Prisma.sql`m."rate" >= ${query.rate}::int`);
  if (query.year !== undefined) where.push(Prisma.sql`m."year" = ${query.year}::int`);

  let orderBy = Prisma.sql`m."createdAt" DESC, m."id" ASC`;
  if (query.search) {
    const term = Prisma.sql`marquee_search_text(${query.search}::text)`;
    const likeTerm = likePattern(query.search);
    where.push(Prisma.sql`(m."searchName" ILIKE '%' || ${likeTerm} || '%' OR ${term} <% m."searchName")`);
    orderBy = Prisma.sql`(m."searchName" = ${term}) DESC, (m."searchName" LIKE ${likeTerm} || '%') DESC,
      word_similarity(${term}, m."searchName") DESC, m."name" ASC, m."id" ASC`;
  }
  const condition = where.length ? Prisma.sql`WHERE ${Prisma.join(where, " AND ")}` : Prisma.empty;

  const [ids, [counted]] = await Promise.all([
    db.$queryRaw<{ id: string }[]>`SELECT m."id" FROM "Movie" m ${condition} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS "count" FROM "Movie" m ${condition}`,
  ]);
  const moviesCount = counted?.count ?? 0;
  return {
    movies: await moviesInOrder(ids.map((row) => row.id)),
    moviesCount,
    totalPage: Math.ceil(moviesCount / limit),
    currentPage: page,
  };
}

/** GET /api/movie/{id}; null for an unknown or malformed id. */
export async function getMovieDetail(id: string): Promise<MovieDetail | null> {
  return isUuid(id) ? cachedMovieDetail(id) : null;
}

async function cachedMovieDetail(id: string): Promise<MovieDetail | null> {
  "use cache";
  cacheLife("hours");
  // An unknown id is cached too (a create never reuses an id); deleteMovie expires it anyway.
  cacheTag(cacheTags.movie(id));
  const row = await db.movie.findUnique({ where: { id }, select: movieDetailSelect });
  if (row) cacheTag(cacheTags.category(row.category.id));
  return row && toMovieDetail(row);
}

/** Like getMovieDetail, but 404 `Movie not found`. */
export async function requireMovieDetail(id: string): Promise<MovieDetail> {
  const movie = await getMovieDetail(id);
  if (!movie) throw notFound(MOVIE_NOT_FOUND);
  return movie;
}

/** Other movies of a category, newest first: the detail page's 'Related Movies'. */
export async function listRelatedMovies(categoryId: string, excludeId: string, limit = 10): Promise<MovieListItem[]> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.movieLists);
  const rows = await db.movie.findMany({
    where: { categoryId, id: { not: excludeId } },
    select: movieListSelect,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: limit,
  });
  return rows.map(toMovieListItem);
}

/**
 * Distinct movies, uniformly random, different on every call: only the candidates (every movie's
 * card) are cached, the draw happens per request. Callers run at request time (after connection()).
 */
export async function randomMovies(count = RANDOM_MOVIES_COUNT): Promise<MovieListItem[]> {
  const pool = [...(await randomCandidates())];
  // A partial Fisher-Yates shuffle: the first `count` places get a uniform sample.
  const picked = Math.min(count, pool.length);
  for (let i = 0; i < picked; i++) {
    const j = i + Math.floor(Math.random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, picked);
}

async function randomCandidates(): Promise<MovieListItem[]> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.movieLists);
  const rows = await db.movie.findMany({ select: movieListSelect, orderBy: { id: "asc" } });
  return rows.map(toMovieListItem);
}

/** Best rate first, then most reviewed, then by name; unreviewed movies (rate 0, no reviews) last. */
export async function topRatedMovies(count = TOP_RATED_COUNT): Promise<MovieListItem[]> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.movieLists);
  const rows = await db.movie.findMany({
    select: movieListSelect,
    orderBy: [{ rate: "desc" }, { countReviews: "desc" }, { name: "asc" }, { id: "asc" }],
    take: count,
  });
  return rows.map(toMovieListItem);
}

const categoryNotFound = () => badRequest("Category not found", { category: ["Category not found"] });

async function requireCategoryId(tx: Tx, category: string): Promise<string> {
  const row = isUuid(category) ? await tx.category.findUnique({ where: { id: category }, select: { id: true } }) : null;
  if (!row) throw categoryNotFound();
  return row.id;
}

/** A category deleted between the check and the write surfaces as a foreign key error. */
function rethrowMissingCategory(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") throw categoryNotFound();
  throw error;
}

const castRows = (casts: { name: string; image: string }[]) => casts.map((cast, position) => ({ name: cast.name, image: cast.image, position }));
const subtitleRows = (subtitles: SubtitleInput[]) => subtitles.map(({ language, label, url }, position) => ({ language, label, url, position }));

/** POST /api/movie: the movie and its cast in one statement; 400 for an unknown category. */
export async function createMovie(input: MovieCreateInput): Promise<MovieDetail> {
  const { category, casts, subtitles = [], ...fields } = input;
  const row = await db
    .$transaction(async (tx) => {
      const categoryId = await requireCategoryId(tx, category);
      return tx.movie.create({
        data: { ...fields, categoryId, casts: { create: castRows(casts) }, subtitles: { create: subtitleRows(subtitles) } },
        select: movieDetailSelect,
      });
    })
    .catch(rethrowMissingCategory);
  expireMovie(row.id);
  return toMovieDetail(row);
}

/** A movie was created, changed or deleted (its fields, cast, reviews or rating): its detail and every list. */
export function expireMovie(id: string): void {
  expireTags(cacheTags.movieLists, cacheTags.movie(id));
}

/** The file URLs a movie uses: poster, title image, video, cast pictures and subtitle files. */
function fileUrlsOf(movie: { image: string; titleImage: string; video: string; casts: { image: string }[]; subtitles: { url: string }[] }): string[] {
  return [movie.image, movie.titleImage, movie.video, ...movie.casts.map((cast) => cast.image), ...movie.subtitles.map((subtitle) => subtitle.url)];
}

const fileUrlsSelect = {
  image: true,
  titleImage: true,
  video: true,
  casts: { select: { image: true } },
  subtitles: { select: { url: true } },
} satisfies Prisma.MovieSelect;

/**
 * PUT /api/movie/{id}: changes the fields sent; `casts`, when sent, replaces the whole cast.
 * `replacedUrls` lists the files the movie no longer uses; those nothing else uses (demo movies
 * share clips) are deleted from storage once the change has committed.
 */
export async function updateMovie(id: string, input: MovieUpdateInput): Promise<{ movie: MovieDetail; replacedUrls: string[] }> {
  if (!isUuid(id)) throw notFound(MOVIE_NOT_FOUND);
  const { category, casts, subtitles, ...fields } = input;
  const { before, after } = await db
    .$transaction(async (tx) => {
      // The lock keeps two edits of one movie from interleaving their cast replacements.
      if (!(await lockMovie(tx, id))) throw notFound(MOVIE_NOT_FOUND);
      const before = await tx.movie.findUniqueOrThrow({ where: { id }, select: fileUrlsSelect });
      const categoryId = category === undefined ? undefined : await requireCategoryId(tx, category);
      const after = await tx.movie.update({
        where: { id },
        data: {
          ...fields,
          categoryId,
          ...(casts && { casts: { deleteMany: {}, create: castRows(casts) } }),
          ...(subtitles && { subtitles: { deleteMany: {}, create: subtitleRows(subtitles) } }),
        },
        select: movieDetailSelect,
      });
      return { before, after };
    })
    .catch(rethrowMissingCategory);
  expireMovie(id);
  const stillUsed = new Set(fileUrlsOf(after));
  const replacedUrls = [...new Set(fileUrlsOf(before))].filter((url) => !stillUsed.has(url));
  await deleteUnreferencedFiles(replacedUrls);
  return { movie: toMovieDetail(after), replacedUrls };
}

/**
 * DELETE /api/movie/{id}: its reviews, favourites and cast go with it (foreign key cascades).
 * `deletedUrls` lists the files it used; those nothing else uses are deleted from storage.
 */
export async function deleteMovie(id: string): Promise<{ message: string; deletedUrls: string[] }> {
  if (!isUuid(id)) throw notFound(MOVIE_NOT_FOUND);
  const deleted = await db.$transaction(async (tx) => {
    if (!(await lockMovie(tx, id))) throw notFound(MOVIE_NOT_FOUND);
    const files = await tx.movie.findUniqueOrThrow({ where: { id }, select: fileUrlsSelect });
    await tx.movie.delete({ where: { id } });
    return files;
  });
  expireMovie(id);
  const deletedUrls = [...new Set(fileUrlsOf(deleted))];
  await deleteUnreferencedFiles(deletedUrls);
  return { message: "Movie deleted successfully", deletedUrls };
}
