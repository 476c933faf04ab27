import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { db } from "@/lib/database/db";
import { readFromReplica } from "@/lib/database/replicas";
import { searchTypoRules } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { invalid, notFound } from "@/lib/errors";
import {
  movieCreateSchema,
  type MovieCreateInput,
  type MovieUpdateInput,
  type SubtitleInput,
} from "@/lib/validation/movie";
import { DEFAULT_PAGE_SIZE, SUGGEST_LIMIT, type MovieListQuery } from "@/lib/validation/movie-query";
import { noMedia, oldMediaSelect, type OldMedia } from "@/lib/media/transcode";
import { cacheTags } from "@/lib/cache/tags";
import { isUuid } from "@/lib/validation/ids";
import {
  didYouMeanSql,
  hasFilters,
  LISTING_COUNT_LIMIT,
  listingCountSql,
  listingPageSql,
  searchCountSql,
  searchPageSql,
  suggestSql,
  type ListingQuery,
} from "./movie-search-sql";
import {
  movieDetailSelect,
  movieListSelect,
  toMovieDetail,
  toMovieListItem,
  type MovieDetail,
  type MovieListItem,
} from "./movie-shapes";
import { publishedMovie, publishedMovieSql } from "./movie-visibility";
import { writeEffects, type WriteEffects } from "./write-effects";
import { lockMovie } from "./ratings";
import type { MovieListPage, MovieSuggestion } from "@/lib/api-shapes";

type Tx = Prisma.TransactionClient;

export const MOVIE_NOT_FOUND = "Movie not found";
const RANDOM_MOVIES_COUNT = 8;
const TOP_RATED_COUNT = 10;

/** The newest movies first. */
export async function listLatestMovies(limit: number): Promise<MovieListItem[]> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.movieLists);
  return publishedMovies([{ createdAt: "desc" }, { id: "asc" }], limit);
}

/** The first `take` published movies in `orderBy`'s order. */
async function publishedMovies(
  orderBy: Prisma.MovieOrderByWithRelationInput[],
  take: number,
): Promise<MovieListItem[]> {
  const rows = await db.movie.findMany({ where: publishedMovie, select: movieListSelect, orderBy, take });
  return rows.map(toMovieListItem);
}

/** Published movies by id, in the order of `ids` (a movie deleted or made a draft meanwhile is skipped). */
export async function moviesInOrder(ids: string[]): Promise<MovieListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db.movie.findMany({ where: { id: { in: ids }, ...publishedMovie }, select: movieListSelect });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toMovieListItem(row)] : [];
  });
}

export type { MovieSuggestion };
/**
 * A listing page, and whether `moviesCount` is only a lower bound: a search ranks at most
 * SEARCH_POOL candidates (docs/api.md, "Search"), and says "N+ movies" when it stopped there.
 */
export type MovieListing = MovieListPage & { moviesCountIsLowerBound: boolean };

/**
 * GET /api/movie and the listing pages. Filters combine with AND. With `search`, the movies that
 * match every word by the typo rules of docs/api.md ("Search"), best matches first unless `sort`
 * says otherwise; without it, newest first. A search page and its count come from one statement.
 */
export async function listMovies(query: MovieListQuery): Promise<MovieListing> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.movieLists);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const listing = { ...query, limit, offset: (page - 1) * limit };
  let ids: string[];
  let moviesCount: number;
  let moviesCountIsLowerBound = false;
  if (query.search) {
    const search = { search: query.search, typoRules: searchTypoRules() };
    type Counted = { total: number; capped: boolean };
    const rows = await db.$queryRaw<({ id: string } & Counted)[]>(searchPageSql({ ...listing, ...search }));
    ids = rows.map((row) => row.id);
    const counted: Counted =
      rows[0] ??
      (page > 1
        ? ((await db.$queryRaw<Counted[]>(searchCountSql({ ...query, ...search })))[0] ?? { total: 0, capped: false })
        : { total: 0, capped: false });
    moviesCount = counted.total;
    moviesCountIsLowerBound = counted.capped;
  } else {
    ({ ids, moviesCount, moviesCountIsLowerBound } = await listingPage(listing));
  }
  return {
    movies: await moviesInOrder(ids),
    moviesCount,
    totalPage: Math.ceil(moviesCount / limit),
    currentPage: page,
    moviesCountIsLowerBound,
  };
}

async function countRows(sql: Prisma.Sql): Promise<number> {
  const [row] = await db.$queryRaw<{ total: number }[]>(sql);
  return row?.total ?? 0;
}

/**
 * A page of the listing without search, and its total (docs/api.md, "Listing at scale"). The
 * unfiltered total is exact and known before the page is read, so a page past the middle is read
 * from the end of the order (the deepest page skips nothing). A filtered total is counted up to
 * LISTING_COUNT_LIMIT and is then a lower bound.
 */
async function listingPage(
  listing: ListingQuery,
): Promise<{ ids: string[]; moviesCount: number; moviesCountIsLowerBound: boolean }> {
  const pageIds = async (sql: Prisma.Sql) => (await db.$queryRaw<{ id: string }[]>(sql)).map((row) => row.id);
  if (hasFilters(listing) || listing.offset === 0) {
    const [ids, counted] = await Promise.all([pageIds(listingPageSql(listing)), countRows(listingCountSql(listing))]);
    const bounded = hasFilters(listing) && counted > LISTING_COUNT_LIMIT;
    return { ids, moviesCount: bounded ? LISTING_COUNT_LIMIT : counted, moviesCountIsLowerBound: bounded };
  }
  const total = await countRows(listingCountSql(listing));
  const remaining = total - listing.offset;
  let ids: string[] = [];
  if (remaining > 0 && listing.offset * 2 <= total) ids = await pageIds(listingPageSql(listing));
  else if (remaining > 0) {
    const limit = Math.min(listing.limit, remaining);
    ids = (await pageIds(listingPageSql({ ...listing, limit, offset: remaining - limit, fromEnd: true }))).reverse();
  }
  return { ids, moviesCount: total, moviesCountIsLowerBound: false };
}

/** GET /api/movie/suggest: the best matches for what has been typed so far, by the search rules. */
export async function suggestMovies(text: string | undefined): Promise<MovieSuggestion[]> {
  if (!text) return [];
  const search = { search: text, typoRules: searchTypoRules() };
  // Not cached (every keystroke is a new text), so a read replica may answer it.
  const { ids, rows } = await readFromReplica(async (client) => {
    const ids = (await client.$queryRaw<{ id: string }[]>(suggestSql(search, SUGGEST_LIMIT))).map((row) => row.id);
    const rows =
      ids.length === 0
        ? []
        : await client.movie.findMany({
            where: { id: { in: ids } },
            select: { id: true, name: true, year: true, image: true, category: { select: { id: true, name: true } } },
          });
    return { ids, rows };
  });
  // suggestSql keeps to published movies, which always have a category.
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            _id: row.id,
            name: row.name,
            year: row.year,
            image: row.image,
            category: { _id: row.category?.id ?? "", name: row.category?.name ?? "" },
          },
        ]
      : [];
  });
}

/** For a search that found nothing: the title or cast name closest to it ("Did you mean ...?"), or null. */
export async function didYouMean(search: string): Promise<string | null> {
  const [row] = await readFromReplica((client) => client.$queryRaw<{ name: string }[]>(didYouMeanSql(search)));
  return row?.name ?? null;
}

/** The years the catalogue's movies come from, newest first: the year filter's options. */
export async function listMovieYears(): Promise<number[]> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.movieLists);
  // A loose index scan over Movie_year_createdAt_id_idx: one probe per distinct year, however many movies.
  const rows = await db.$queryRaw<{ year: number }[]>`
    WITH RECURSIVE years AS (
      (SELECT "year" FROM "Movie" mv WHERE ${publishedMovieSql()} ORDER BY "year" DESC LIMIT 1)
      UNION ALL
      SELECT (SELECT mv."year" FROM "Movie" mv WHERE mv."year" < years."year" AND ${publishedMovieSql()} ORDER BY mv."year" DESC LIMIT 1) FROM years WHERE years."year" IS NOT NULL
    )
    SELECT "year" FROM years WHERE "year" IS NOT NULL`;
  return rows.map((row) => row.year);
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
  const row = await db.movie.findFirst({ where: { id, ...publishedMovie }, select: movieDetailSelect });
  if (row?.category) cacheTag(cacheTags.category(row.category.id));
  return row && toMovieDetail(row);
}

/** A movie's detail whether it is published or a draft, uncached: for the admin and for answers to writes. */
async function readMovieDetail(id: string): Promise<MovieDetail | null> {
  if (!isUuid(id)) return null;
  const row = await db.movie.findUnique({ where: { id }, select: movieDetailSelect });
  return row && toMovieDetail(row);
}

export async function requireAnyMovieDetail(id: string): Promise<MovieDetail> {
  const movie = await readMovieDetail(id);
  if (!movie) throw notFound(MOVIE_NOT_FOUND);
  return movie;
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
    where: { categoryId, id: { not: excludeId }, ...publishedMovie },
    select: movieListSelect,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: limit,
  });
  return rows.map(toMovieListItem);
}

/** Below this many movies (by the planner's estimate) sorting the whole table is cheaper than sampling. */
const SAMPLE_FROM_ROWS = 2_000;
/** Rows a sample aims at: enough pages that the picks rarely share one. */
const SAMPLE_TARGET_ROWS = 400;

/**
 * Distinct movies, each as likely as any other. A small catalogue is shuffled whole; a large one
 * draws from a TABLESAMPLE of about 400 rows (random pages, no sort of the table), and falls back
 * to the full shuffle when the sample comes up short.
 */
export async function randomMovies(count = RANDOM_MOVIES_COUNT): Promise<MovieListItem[]> {
  const [estimate] = await db.$queryRaw<
    { rows: number }[]
  >`SELECT reltuples::float8 AS "rows" FROM pg_class WHERE oid = '"Movie"'::regclass`;
  const rows = estimate?.rows ?? -1;
  let ids: { id: string }[] = [];
  if (rows >= SAMPLE_FROM_ROWS) {
    const percent = Math.min(100, (SAMPLE_TARGET_ROWS * 100) / rows);
    ids = await db.$queryRaw<
      { id: string }[]
    >`SELECT "id" FROM "Movie" mv TABLESAMPLE SYSTEM (${percent}::float8) WHERE ${publishedMovieSql()} ORDER BY random() LIMIT ${count}`;
  }
  if (ids.length < count)
    ids = await db.$queryRaw<
      { id: string }[]
    >`SELECT "id" FROM "Movie" mv WHERE ${publishedMovieSql()} ORDER BY random() LIMIT ${count}`;
  return moviesInOrder(ids.map((row) => row.id));
}

/**
 * The home page's banner: a random draw made when the page is rendered. Next keeps the home page
 * whole, so the draw is kept with it for a minute at most (then the next visit gets a new one), and
 * a change to the catalogue draws again at once.
 */
export async function featuredMovies(count: number): Promise<MovieListItem[]> {
  "use cache";
  cacheLife("minutes");
  cacheTag(cacheTags.movieLists);
  return randomMovies(count);
}

/** Best rate first, then most reviewed, then by name; unreviewed movies (rate 0, no reviews) last. */
export async function topRatedMovies(count = TOP_RATED_COUNT): Promise<MovieListItem[]> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.movieLists);
  return publishedMovies([{ rate: "desc" }, { countReviews: "desc" }, { name: "asc" }, { id: "asc" }], count);
}

const categoryNotFound = () => invalid("Category not found", { category: ["Category not found"] });

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

export const castRows = (casts: { name: string; image: string }[]) =>
  casts.map((cast, position) => ({ name: cast.name, image: cast.image, position }));
export const subtitleRows = (subtitles: SubtitleInput[]) =>
  subtitles.map(({ language, label, url }, position) => ({ language, label, url, position }));

/**
 * POST /api/movie: the movie and its cast in one statement; 400 for an unknown category. Its video
 * is to be transcoded (lib/writes/movies.ts queues it).
 */
export async function createMovie(input: MovieCreateInput): Promise<{ movie: MovieDetail; effects: WriteEffects }> {
  const { category, casts, subtitles = [], ...fields } = input;
  const row = await db
    .$transaction(async (tx) => {
      const categoryId = await requireCategoryId(tx, category);
      return tx.movie.create({
        data: {
          ...fields,
          categoryId,
          casts: { create: castRows(casts) },
          subtitles: { create: subtitleRows(subtitles) },
        },
        select: movieDetailSelect,
      });
    })
    .catch(rethrowMissingCategory);
  return {
    movie: toMovieDetail(row),
    effects: writeEffects({ staleTags: movieTags(row.id), transcodes: [row.id] }),
  };
}

/** A movie was created, changed or deleted (its fields, cast, reviews or rating): its detail and every list. */
export const movieTags = (id: string) => [cacheTags.movieLists, cacheTags.movie(id)];

/** The transcoded media of a movie's video, to discard when the video is replaced or the movie deleted. */
export const oldMediaOf = ({ mediaJobId, mediaFiles }: OldMedia): OldMedia => ({ mediaJobId, mediaFiles });

/** The file URLs a movie uses: poster, title image, video, cast pictures and subtitle files. */
export function fileUrlsOf(movie: {
  image: string;
  titleImage: string;
  video: string;
  casts: { image: string }[];
  subtitles: { url: string }[];
}): string[] {
  return [
    movie.image,
    movie.titleImage,
    movie.video,
    ...movie.casts.map((cast) => cast.image),
    ...movie.subtitles.map((subtitle) => subtitle.url),
  ];
}

export const fileUrlsSelect = {
  ...oldMediaSelect,
  draft: true,
  image: true,
  titleImage: true,
  video: true,
  casts: { select: { image: true } },
  subtitles: { select: { url: true } },
} satisfies Prisma.MovieSelect;

/**
 * PUT /api/movie/{id}: changes the fields sent; `casts`, when sent, replaces the whole cast.
 * `replacedUrls` lists the files the movie no longer uses; those nothing else uses (demo movies
 * share clips) are to be deleted from storage, and a replaced video's transcoded media discarded and
 * the new one transcoded (lib/writes/movies.ts does both once the change has committed).
 */
export async function updateMovie(
  id: string,
  input: MovieUpdateInput,
): Promise<{ movie: MovieDetail; replacedUrls: string[]; effects: WriteEffects }> {
  if (!isUuid(id)) throw notFound(MOVIE_NOT_FOUND);
  const { category, casts, subtitles, draft: wantsDraft, ...fields } = input;
  const { before, after } = await db
    .$transaction(async (tx) => {
      // The lock keeps two edits of one movie from interleaving their cast replacements.
      if (!(await lockMovie(tx, id))) throw notFound(MOVIE_NOT_FOUND);
      const before = await tx.movie.findUniqueOrThrow({ where: { id }, select: fileUrlsSelect });
      const categoryId = category === undefined ? undefined : await requireCategoryId(tx, category);
      const { draft: wasDraft, ...after } = await tx.movie.update({
        where: { id },
        data: {
          ...fields,
          // A new video makes the old ladder stale: forget it in the same statement.
          ...(fields.video !== undefined && fields.video !== before.video && noMedia),
          categoryId,
          ...(casts && { casts: { deleteMany: {}, create: castRows(casts) } }),
          ...(subtitles && { subtitles: { deleteMany: {}, create: subtitleRows(subtitles) } }),
        },
        select: { ...movieDetailSelect, draft: true },
      });
      if (wantsDraft !== undefined && wantsDraft !== wasDraft) {
        // The draft flag changes last, once the other fields are in: the Movie_published_complete
        // CHECK refuses a published movie without a category or running time, so a draft is first
        // checked as a whole movie (a 400 naming what it lacks, rolled back) and only then published.
        if (!wantsDraft) assertPublishable(after);
        await tx.movie.update({ where: { id }, data: { draft: wantsDraft } });
      }
      return { before, after };
    })
    .catch(rethrowMissingCategory);
  const stillUsed = new Set(fileUrlsOf(after));
  const replacedUrls = [...new Set(fileUrlsOf(before))].filter((url) => !stillUsed.has(url));
  const newVideo = after.video !== before.video;
  const effects = writeEffects({
    staleTags: movieTags(id),
    unreferencedFiles: replacedUrls,
    ...(newVideo && { discardedMedia: [oldMediaOf(before)], transcodes: [id] }),
  });
  return { movie: toMovieDetail(after), replacedUrls, effects };
}

/**
 * A draft being published must be a whole movie: everything the create form asks for, by its rules
 * (the transaction rolls back otherwise). 400 with the missing or invalid fields.
 */
function assertPublishable(movie: {
  name: string;
  desc: string;
  titleImage: string;
  image: string;
  language: string;
  year: number;
  hour: number | null;
  video: string;
  category: { id: string } | null;
  casts: { name: string; image: string }[];
}): void {
  const checked = movieCreateSchema.safeParse({
    ...movie,
    category: movie.category?.id,
    hour: movie.hour ?? undefined,
  });
  if (checked.success) return;
  const errors: Record<string, string[]> = {};
  for (const issue of checked.error.issues) (errors[issue.path.join(".") || "body"] ??= []).push(issue.message);
  throw invalid(checked.error.issues[0]!.message, errors);
}

/**
 * DELETE /api/movie/{id}: its reviews, favourites and cast go with it (foreign key cascades).
 * `deletedUrls` lists the files it used; those nothing else uses are to be deleted from storage, with
 * its transcoded media (lib/writes/movies.ts).
 */
export async function deleteMovie(
  id: string,
): Promise<{ message: string; deletedUrls: string[]; effects: WriteEffects }> {
  if (!isUuid(id)) throw notFound(MOVIE_NOT_FOUND);
  const deleted = await db.$transaction(async (tx) => {
    if (!(await lockMovie(tx, id))) throw notFound(MOVIE_NOT_FOUND);
    const files = await tx.movie.findUniqueOrThrow({ where: { id }, select: fileUrlsSelect });
    await tx.movie.delete({ where: { id } });
    return files;
  });
  const deletedUrls = [...new Set(fileUrlsOf(deleted))];
  const effects = writeEffects({
    staleTags: movieTags(id),
    unreferencedFiles: deletedUrls,
    discardedMedia: [oldMediaOf(deleted)],
  });
  return { message: "Movie deleted successfully", deletedUrls, effects };
}
