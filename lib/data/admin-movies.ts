import "server-only";
// The admin movie list at scale (issue 26): search by the site's own search (lib/data/movie-search-sql.ts),
// filters by category, video state and draft, a sort on every column, and what the actions on many
// selected rows need of the database (lib/writes/movies.ts runs them). Drafts are listed here and
// nowhere public (lib/data/movie-visibility.ts). Uncached: transcode states change while the admin looks.
import { db } from "@/lib/database/db";
import { searchTypoRules } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { invalid, notFound } from "@/lib/errors";
import { transcodingStatus } from "@/lib/media/ffmpeg";
import {
  ADMIN_MOVIES_DEFAULT_PAGE_SIZE,
  defaultOrder,
  type AdminMediaFilter,
  type AdminMovieSort,
  type AdminMoviesQuery,
} from "@/lib/validation/admin-movie";
import type { AdminMovieBulkResult, AdminMovieDetail, AdminMovieItem, AdminMoviePage } from "@/lib/api-shapes";
import { cacheTags } from "@/lib/cache/tags";
import { isUuid } from "@/lib/validation/ids";
import { SEARCH_POOL, orderByKeys, relevanceOrder, searchMatches, type OrderKey } from "./movie-search-sql";
import { movieDetailSelect, toMovieDetail } from "./movie-shapes";
import { MOVIE_NOT_FOUND } from "./movies";
import { writeEffects, type WriteEffects } from "./write-effects";

export type { AdminMovieBulkResult, AdminMovieDetail, AdminMovieItem, AdminMoviePage };

/** The list's conditions on `mv` (the Movie row), besides the search. */
function conditions(query: AdminMoviesQuery): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (query.category) where.push(Prisma.sql`mv."categoryId" = ${query.category}::uuid`);
  if (query.status) where.push(query.status === "draft" ? Prisma.sql`mv."draft"` : Prisma.sql`NOT mv."draft"`);
  switch (query.media) {
    case undefined:
      break;
    case "original":
      where.push(Prisma.sql`mv."mediaState" IS NULL AND mv."video" <> ''`);
      break;
    case "none":
      where.push(Prisma.sql`mv."video" = ''`);
      break;
    default:
      where.push(Prisma.sql`mv."mediaState" = ${query.media}::"MediaState"`);
  }
  return where;
}

const whereClause = (where: Prisma.Sql[]) =>
  where.length ? Prisma.sql`WHERE ${Prisma.join(where, " AND ")}` : Prisma.empty;

/** The order of a column; ties go newest first, then by id, so pages never overlap. */
function sortKeys(sort: AdminMovieSort, order: "asc" | "desc"): OrderKey[] {
  const direction = order === "asc" ? "ASC" : "DESC";
  const id: OrderKey = [Prisma.sql`mv."id"`, "ASC"];
  const tail: OrderKey[] = [[Prisma.sql`mv."createdAt"`, "DESC"], id];
  switch (sort) {
    case "created":
      return [[Prisma.sql`mv."createdAt"`, direction], id];
    case "name":
      // The folded name, as the public A-Z sort: "Éclair" with the E's.
      return [[Prisma.sql`mv."searchName"`, direction], id];
    case "category":
      // The name copied onto the movie (kept by triggers), so an index in this order serves the page.
      return [[Prisma.sql`mv."categoryName"`, direction, "NULLS LAST"], ...tail];
    case "language":
      return [[Prisma.sql`mv."language"`, direction], ...tail];
    case "year":
      return [[Prisma.sql`mv."year"`, direction], ...tail];
    case "hour":
      return [[Prisma.sql`mv."hour"`, direction, "NULLS LAST"], ...tail];
    case "media":
      // The enum's order: queued, transcoding, ready, failed; then no transcode at all.
      return [[Prisma.sql`mv."mediaState"`, direction, "NULLS LAST"], ...tail];
  }
}

/** `backwards`: the page counted from the end of the list (not for a search, ranked by relevance). */
type Paging = { limit: number; offset: number; backwards?: boolean };

/** A page of ids in order, and the matches counted (an exact count; a search's is up to SEARCH_POOL). */
function adminMoviePageSql(query: AdminMoviesQuery, { limit, offset, backwards = false }: Paging): Prisma.Sql {
  const order = query.sort
    ? orderByKeys(sortKeys(query.sort, query.order ?? defaultOrder(query.sort)), backwards)
    : query.search
      ? relevanceOrder(query.search)
      : orderByKeys(sortKeys("created", query.order ?? "desc"), backwards);
  if (query.search) {
    return Prisma.sql`
      SELECT mv."id", count(*) OVER ()::int AS total, s.capped
      FROM ${searchMatches(query.search, { category: query.category }, SEARCH_POOL, searchTypoRules())} s
        JOIN "Movie" mv ON mv."id" = s."movieId"
      ${whereClause(conditions(query))}
      ORDER BY ${order}
      LIMIT ${limit} OFFSET ${offset}`;
  }
  return Prisma.sql`
    SELECT mv."id" FROM "Movie" mv
    ${whereClause(conditions(query))}
    ORDER BY ${order}
    LIMIT ${limit} OFFSET ${offset}`;
}

function adminMovieCountSql(query: AdminMoviesQuery): Prisma.Sql {
  if (query.search) {
    return Prisma.sql`
      SELECT count(*)::int AS total, coalesce(bool_or(s.capped), false) AS capped
      FROM ${searchMatches(query.search, { category: query.category }, SEARCH_POOL, searchTypoRules())} s JOIN "Movie" mv ON mv."id" = s."movieId"
      ${whereClause(conditions(query))}`;
  }
  if (!query.category && !query.media && query.status !== "draft") {
    // Unfiltered (or only the published): CatalogueCount, the published movies' total its triggers
    // keep, plus the drafts from their index, rather than counting a million rows for every page.
    const drafts = query.status ? Prisma.sql`0` : Prisma.sql`(SELECT count(*) FROM "Movie" WHERE "draft")`;
    return Prisma.sql`SELECT ("movies" + ${drafts})::int AS total, false AS capped FROM "CatalogueCount" WHERE "id" = 1`;
  }
  const figure = keptFigure(query);
  if (figure) {
    // A video filter or a category alone: its total as triggers keep it in SiteCount (docs/architecture.md
    // "Totals kept by triggers"), not a count of the movies it matches, which can be nearly all of them.
    // A category that does not exist has no figure, and no movies.
    return Prisma.sql`SELECT coalesce((SELECT "count" FROM "SiteCount" WHERE "name" = ${figure}), 0)::int AS total, false AS capped`;
  }
  return Prisma.sql`SELECT count(*)::int AS total, false AS capped FROM "Movie" mv ${whereClause(conditions(query))}`;
}

/** The SiteCount figure holding the total of a list filtered by one thing alone, when one is kept. */
function keptFigure({ media, category, status }: AdminMoviesQuery): string | null {
  if (status || (media && category)) return null;
  if (media) return mediaFigure(media);
  return category ? `category:${category}` : null;
}

/** The SiteCount figure holding a video filter's total: a transcode state's, or one of the two that are not a state. */
const mediaFigure = (media: AdminMediaFilter) =>
  media === "none" || media === "original" ? `video:${media}` : `media:${media}`;

const adminMovieSelect = {
  id: true,
  name: true,
  image: true,
  language: true,
  year: true,
  hour: true,
  durationSeconds: true,
  video: true,
  draft: true,
  externalId: true,
  createdAt: true,
  category: { select: { id: true, name: true } },
  mediaState: true,
  mediaProgress: true,
  mediaError: true,
} satisfies Prisma.MovieSelect;
type AdminMovieRow = Prisma.MovieGetPayload<{ select: typeof adminMovieSelect }>;

function toAdminMovieItem(row: AdminMovieRow): AdminMovieItem {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    language: row.language,
    year: row.year,
    hour: row.hour,
    durationSeconds: row.durationSeconds,
    video: row.video,
    draft: row.draft,
    externalId: row.externalId,
    createdAt: row.createdAt.toISOString(),
    category: row.category && { _id: row.category.id, name: row.category.name },
    media: row.mediaState && { state: row.mediaState, progress: row.mediaProgress, error: row.mediaError },
  };
}

/** GET /api/admin/movies: a page of the list, whatever the movies' state. */
export async function listMoviesForAdmin(query: AdminMoviesQuery): Promise<AdminMoviePage> {
  const limit = query.limit ?? ADMIN_MOVIES_DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const paging = { limit, offset: (page - 1) * limit };
  type Counted = { total: number; capped: boolean };
  let ids: string[];
  let counted: Counted;
  if (query.search) {
    // A search page and its count come from one statement; only a page past the end counts apart.
    const rows = await db.$queryRaw<({ id: string } & Counted)[]>(adminMoviePageSql(query, paging));
    ids = rows.map((row) => row.id);
    counted = rows[0] ?? (await countRows(query, page));
  } else if (page === 1) {
    const [rows, total] = await Promise.all([
      db.$queryRaw<{ id: string }[]>(adminMoviePageSql(query, paging)),
      countRows(query, 2),
    ]);
    ids = rows.map((row) => row.id);
    counted = total;
  } else {
    // Counted first: a page past the middle is read from the other end of the same index, so the
    // last page of a million movies skips none rather than all (as the public list does, docs/api.md
    // "Listing at scale").
    counted = await countRows(query, page);
    const remaining = counted.total - paging.offset;
    const pageIds = async (sql: Prisma.Sql) => (await db.$queryRaw<{ id: string }[]>(sql)).map((row) => row.id);
    if (remaining <= 0) ids = [];
    else if (paging.offset * 2 <= counted.total) ids = await pageIds(adminMoviePageSql(query, paging));
    else {
      const size = Math.min(limit, remaining);
      const fromEnd = { limit: size, offset: remaining - size, backwards: true };
      ids = (await pageIds(adminMoviePageSql(query, fromEnd))).reverse();
    }
  }
  const rows = ids.length ? await db.movie.findMany({ where: { id: { in: ids } }, select: adminMovieSelect }) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    movies: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toAdminMovieItem(row)] : [];
    }),
    moviesCount: counted.total,
    moviesCountIsLowerBound: counted.capped,
    totalPage: Math.ceil(counted.total / limit),
    currentPage: page,
    transcoding: transcodingStatus(),
  };
}

async function countRows(query: AdminMoviesQuery, page: number): Promise<{ total: number; capped: boolean }> {
  if (query.search && page === 1) return { total: 0, capped: false };
  const [row] = await db.$queryRaw<{ total: number; capped: boolean }[]>(adminMovieCountSql(query));
  return row ?? { total: 0, capped: false };
}

/** GET /api/admin/movies/{id}: the detail the edit form needs, draft or published. */
export async function getMovieForAdmin(id: string): Promise<AdminMovieDetail> {
  if (!isUuid(id)) throw notFound(MOVIE_NOT_FOUND);
  const row = await db.movie.findUnique({
    where: { id },
    select: { ...movieDetailSelect, draft: true, externalId: true },
  });
  if (!row) throw notFound(MOVIE_NOT_FOUND);
  const { draft, externalId, ...detail } = row;
  return { ...toMovieDetail(detail), draft, externalId };
}

/** The names of those of the movies that exist, by id (a bulk action's answer names each movie). */
export async function movieNames(ids: string[]): Promise<Map<string, string>> {
  const rows = await db.movie.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The bulk action "category": moves the movies to the category in one statement (400 when it does
 * not exist) and answers those moved; the others were deleted meanwhile.
 */
export async function moveMoviesToCategory(
  ids: string[],
  categoryId: string,
): Promise<{ moved: string[]; effects: WriteEffects }> {
  const category = await db.category.findUnique({ where: { id: categoryId }, select: { id: true } });
  if (!category) throw invalid("Category not found", { category: ["Category not found"] });
  const updated = await db.movie.updateManyAndReturn({
    where: { id: { in: ids } },
    data: { categoryId: category.id },
    select: { id: true },
  });
  const moved = updated.map((row) => row.id);
  const staleTags = [cacheTags.movieLists, ...moved.map((id) => cacheTags.movie(id))];
  return { moved, effects: writeEffects({ staleTags }) };
}
