// The SQL of the catalogue listing and search (docs/api.md, "Search"). Pure builders: arguments in,
// a Prisma.Sql out. No "server-only" here: scripts/explain-search.ts and scripts/bench-search.ts
// print the plans of exactly these statements. lib/data/movies.ts runs them. The search itself,
// marquee_search() and the lexicon it reads, lives in prisma/search.sql.
import { Prisma } from "@/lib/generated/prisma/client";
import type { TypoRules } from "@/lib/search-typo-rules";
import type { MovieSort } from "@/lib/validation/movie-query";
import { isUuid } from "@/lib/validation/ids";
import { publishedMovieSql } from "./movie-visibility";

export type MovieFilters = { category?: string; time?: number; language?: string; rate?: number; year?: number };

/** Each filter the listing was given, as a condition on `mv` (the Movie row). */
function movieFilterConditions(filters: MovieFilters): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (filters.category) {
    where.push(
      isUuid(filters.category)
        ? Prisma.sql`mv."categoryId" = ${filters.category}::uuid`
        : Prisma.sql`mv."categoryId" IN (SELECT c."id" FROM "Category" c WHERE c."name" = ${filters.category}::citext)`,
    );
  }
  if (filters.time !== undefined) where.push(Prisma.sql`mv."hour" = ${filters.time}::int`);
  // lower(...) on both sides matches the expression index Movie_language_lower_createdAt_idx.
  if (filters.language) where.push(Prisma.sql`lower(mv."language") = lower(${filters.language}::text)`);
  if (filters.rate !== undefined) where.push(Prisma.sql`mv."rate" >= ${filters.rate}::int`);
  if (filters.year !== undefined) where.push(Prisma.sql`mv."year" = ${filters.year}::int`);
  return where;
}

const whereClause = (conditions: Prisma.Sql[]) =>
  conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;

/** One key of an order; `nullsLast` for a column that may be empty and sorts those last either way. */
export type OrderKey = [column: Prisma.Sql, direction: "ASC" | "DESC", nullsLast?: "NULLS LAST"];

/** The keys of an explicit sort; each sort has an index that yields rows in that order. */
function sortKeys(sort: MovieSort): OrderKey[] {
  switch (sort) {
    case "rate":
      return [
        [Prisma.sql`mv."rate"`, "DESC"],
        [Prisma.sql`mv."countReviews"`, "DESC"],
        [Prisma.sql`mv."name"`, "ASC"],
        [Prisma.sql`mv."id"`, "ASC"],
      ];
    case "year":
      return [
        [Prisma.sql`mv."year"`, "DESC"],
        [Prisma.sql`mv."createdAt"`, "DESC"],
        [Prisma.sql`mv."id"`, "ASC"],
      ];
    case "name":
      // The folded name, so "Éclair" sorts with the E's rather than after Z.
      return [
        [Prisma.sql`mv."searchName"`, "ASC"],
        [Prisma.sql`mv."id"`, "ASC"],
      ];
    case "newest":
      return [
        [Prisma.sql`mv."createdAt"`, "DESC"],
        [Prisma.sql`mv."id"`, "ASC"],
      ];
  }
}

/** ORDER BY the keys, or their exact reverse (the same index, read backwards: NULLS LAST becomes FIRST). */
export function orderByKeys(keys: OrderKey[], reversed = false): Prisma.Sql {
  const flip = { ASC: "DESC", DESC: "ASC" } as const;
  return Prisma.join(
    keys.map(([column, direction, nullsLast]) => {
      const nulls = nullsLast ? (reversed ? " NULLS FIRST" : " NULLS LAST") : "";
      return Prisma.sql`${column} ${Prisma.raw((reversed ? flip[direction] : direction) + nulls)}`;
    }),
    ", ",
  );
}

/** ORDER BY for a sort, or its exact reverse. */
const sortOrder = (sort: MovieSort, reversed = false) => orderByKeys(sortKeys(sort), reversed);

/**
 * How many candidate movies a search ranks at most (docs/api.md, "Search"): the page and its count
 * come from them, so a search's cost does not grow with how common its words are. Meilisearch's
 * maxTotalHits and Algolia's paginationLimitedTo bound a search the same way.
 */
export const SEARCH_POOL = 500;
/** Candidates a suggestion ranks: it shows 8, and titles starting with what was typed always join. */
const SUGGEST_POOL = 50;

/**
 * The movies that match every word of `search` by `typoRules` and the filters, one row per movie
 * with what ranks it: `title_words`, `typos` and `distance`. marquee_search() (prisma/search.sql)
 * finds them among at most `pool` candidates taken from the query word in the fewest movies, best first.
 */
export function searchMatches(search: string, filters: MovieFilters, pool: number, typoRules: TypoRules): Prisma.Sql {
  const category = filters.category || null;
  const categoryId = category && isUuid(category) ? category : null;
  const categoryName = category && !categoryId ? category : null;
  return Prisma.sql`marquee_search(${search}::text, ${pool}::int, ${typoRules.oneTypoMinLength}::int, ${typoRules.twoTyposMinLength}::int,
    ${categoryId}::uuid, ${categoryName}::text, ${filters.time ?? null}::int,
    lower(${filters.language || null}::text), ${filters.rate ?? null}::int, ${filters.year ?? null}::int)`;
}

/**
 * Relevance: exact title, title prefix, fewer typos (so exact and prefix word matches come before
 * typo matches), words found in the title, closer words, rate, newest. marquee_search() reads its
 * candidates in the same order.
 */
export function relevanceOrder(search: string): Prisma.Sql {
  const folded = Prisma.sql`marquee_search_text(${search}::text)`;
  return Prisma.sql`(mv."searchName" = ${folded}) DESC, starts_with(mv."searchName", ${folded}) DESC, s.typos ASC, s.title_words DESC,
    s.distance ASC, mv."rate" DESC, mv."createdAt" DESC, mv."id" ASC`;
}

export type ListingQuery = MovieFilters & { search?: string; sort?: MovieSort; limit: number; offset: number };
/** A search: its text and the typo rules it is matched by (lib/env.ts searchTypoRules()). */
type Search = { search: string; typoRules: TypoRules };

/**
 * A search page: ids in order plus `total`, the number of matches found, and `capped`, true when
 * the search stopped at its candidate limit (SEARCH_POOL), so `total` is a lower bound. Zero rows
 * past the end.
 */
export function searchPageSql(query: ListingQuery & Search): Prisma.Sql {
  const order = query.sort ? sortOrder(query.sort) : relevanceOrder(query.search);
  return Prisma.sql`
    SELECT mv."id", count(*) OVER ()::int AS total, s.capped
    FROM ${searchMatches(query.search, query, SEARCH_POOL, query.typoRules)} s JOIN "Movie" mv ON mv."id" = s."movieId"
    WHERE ${publishedMovieSql()}
    ORDER BY ${order}
    LIMIT ${query.limit} OFFSET ${query.offset}`;
}

/** The number of search matches (and whether the limit cut them), for a page past the end. */
export function searchCountSql(query: MovieFilters & Search): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS total, coalesce(bool_or(s.capped), false) AS capped
    FROM ${searchMatches(query.search, query, SEARCH_POOL, query.typoRules)} s JOIN "Movie" mv ON mv."id" = s."movieId"
    WHERE ${publishedMovieSql()}`;
}

/**
 * A listing page without search: the index of the sort order walks to the page. `fromEnd` reads the
 * order backwards, `offset` then counting from the last movie: a page past the middle skips fewer
 * index entries that way.
 */
export function listingPageSql(query: ListingQuery & { fromEnd?: boolean }): Prisma.Sql {
  return Prisma.sql`
    SELECT mv."id" FROM "Movie" mv ${whereClause([publishedMovieSql(), ...movieFilterConditions(query)])}
    ORDER BY ${sortOrder(query.sort ?? "newest", query.fromEnd)}
    LIMIT ${query.limit} OFFSET ${query.offset}`;
}

/** Filtered listings count their movies up to this many and say "more than" beyond. */
export const LISTING_COUNT_LIMIT = 1000;

export function hasFilters(filters: MovieFilters): boolean {
  return movieFilterConditions(filters).length > 0;
}

/**
 * A listing's total. Unfiltered: the published catalogue's size, kept by triggers in CatalogueCount
 * (exact, one row read). Filtered: the matching movies counted up to LISTING_COUNT_LIMIT + 1, so a filter
 * that keeps a fifth of 100,000 movies costs no more than one that keeps a thousand.
 */
export function listingCountSql(filters: MovieFilters): Prisma.Sql {
  if (!hasFilters(filters)) return Prisma.sql`SELECT "movies" AS total FROM "CatalogueCount" WHERE "id" = 1`;
  return Prisma.sql`
    SELECT count(*)::int AS total FROM (
      SELECT 1 FROM "Movie" mv ${whereClause([publishedMovieSql(), ...movieFilterConditions(filters)])} LIMIT ${LISTING_COUNT_LIMIT + 1}
    ) counted`;
}

/** Suggestions while typing: the best `limit` matches by relevance, nothing counted. */
export function suggestSql({ search, typoRules }: Search, limit: number): Prisma.Sql {
  return Prisma.sql`
    SELECT mv."id" FROM ${searchMatches(search, {}, SUGGEST_POOL, typoRules)} s JOIN "Movie" mv ON mv."id" = s."movieId"
    WHERE ${publishedMovieSql()}
    ORDER BY ${relevanceOrder(search)}
    LIMIT ${limit}`;
}

/**
 * "Did you mean": the title or cast name closest to the whole query by trigram similarity, for a
 * search that matched nothing. Each side's GIN trigram index on searchName finds the names above
 * pg_trgm's threshold; the better of the two wins, a title on a tie.
 */
export function didYouMeanSql(search: string): Prisma.Sql {
  const folded = Prisma.sql`marquee_search_text(${search}::text)`;
  return Prisma.sql`
    SELECT closest."name" FROM (
      (SELECT mv."name", similarity(mv."searchName", ${folded}) AS score, 0 AS kind FROM "Movie" mv
      WHERE mv."searchName" % ${folded} AND ${publishedMovieSql()}
      ORDER BY score DESC, mv."rate" DESC, mv."id" ASC
      LIMIT 1)
      UNION ALL
      (SELECT c."name", similarity(c."searchName", ${folded}) AS score, 1 AS kind FROM "CastMember" c
      WHERE c."searchName" % ${folded}
      ORDER BY score DESC, c."name" ASC
      LIMIT 1)
    ) closest
    ORDER BY closest.score DESC, closest.kind ASC
    LIMIT 1`;
}
