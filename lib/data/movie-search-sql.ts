// The SQL of the catalogue listing and search (docs/api.md, "Search"). Pure builders: arguments in,
// a Prisma.Sql out. No "server-only" here: scripts/explain-search.ts and scripts/bench-search.ts
// print the plans of exactly these statements. lib/data/movies.ts runs them.
import { Prisma } from "@/lib/generated/prisma/client";
import type { MovieSort } from "@/lib/validation/movie-query";
import { isUuid } from "./ids";

export type MovieFilters = { category?: string; time?: number; language?: string; rate?: number; year?: number };

/** Each filter the listing was given, as a condition on `mv` (the Movie row). */
export function movieFilterConditions(filters: MovieFilters): Prisma.Sql[] {
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

const whereClause = (conditions: Prisma.Sql[]) => (conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty);

/** ORDER BY for an explicit sort; each has an index that yields rows in that order. */
function sortOrder(sort: MovieSort): Prisma.Sql {
  switch (sort) {
    case "rate":
      return Prisma.sql`mv."rate" DESC, mv."countReviews" DESC, mv."name" ASC, mv."id" ASC`;
    case "year":
      return Prisma.sql`mv."year" DESC, mv."createdAt" DESC, mv."id" ASC`;
    case "name":
      // The folded name, so "Éclair" sorts with the E's rather than after Z.
      return Prisma.sql`mv."searchName" ASC, mv."id" ASC`;
    case "newest":
      return Prisma.sql`mv."createdAt" DESC, mv."id" ASC`;
  }
}

/**
 * The movies that match every word of `search`, one row per movie with what ranks it:
 * `title_words` (query words found in the title), `typos` (their sum) and `distance` (how far the
 * title words are from standing in the query's order, side by side).
 *
 * Each query word becomes candidate lexicon words: those sharing a deletion variant with it (an
 * equality lookup on SearchWordVariant_pkey), kept when marquee_typos() is within the word's typo
 * budget; the last word also takes up to 50 words it starts (a range scan on SearchWord_pkey).
 * MovieWord then maps candidates to movies, and a movie stays when every query word found one.
 */
export function searchMatchesCte(search: string): Prisma.Sql {
  return Prisma.sql`
    query_words AS (
      SELECT t.word, t.idx::int AS idx, t.idx = cardinality(w.words) AS is_last, b.budget,
        marquee_word_deletions(t.word, b.budget) AS deletions
      FROM (SELECT marquee_search_words(${search}::text) AS words) w, unnest(w.words) WITH ORDINALITY AS t(word, idx),
        LATERAL (SELECT marquee_typo_budget(length(t.word)) AS budget) b
    ),
    word_candidates AS (
      SELECT DISTINCT qw.idx, qw.word AS query_word, qw.budget, v."word"
      FROM query_words qw JOIN "SearchWordVariant" v ON v."variant" = ANY(qw.deletions)
    ),
    matched_words AS (
      SELECT idx, word, min(typos) AS typos
      FROM (
        SELECT c.idx, c."word" AS word, marquee_typos(c.query_word, c."word", c.budget) AS typos, c.budget FROM word_candidates c
        UNION ALL
        SELECT qw.idx, p."word", 0, 0
        FROM query_words qw, LATERAL (
          SELECT s."word" FROM "SearchWord" s
          WHERE qw.is_last AND s."word" >= qw.word AND s."word" < qw.word || chr(1114111) AND starts_with(s."word", qw.word)
          ORDER BY length(s."word"), s."word" LIMIT 50
        ) p
      ) t
      WHERE typos <= budget
      GROUP BY idx, word
    ),
    movie_hits AS (
      SELECT mw."movieId", m.idx, min(m.typos) AS typos, min(mw."position") FILTER (WHERE mw."source" = 0) AS title_position
      FROM matched_words m JOIN "MovieWord" mw ON mw."word" = m.word
      GROUP BY mw."movieId", m.idx
    ),
    matches AS (
      SELECT "movieId", sum(typos)::int AS typos, count(title_position)::int AS title_words,
        sum(CASE WHEN idx = 1 THEN 0
                 WHEN title_position IS NULL OR previous_position IS NULL THEN 10
                 WHEN title_position > previous_position THEN title_position - previous_position - 1
                 ELSE previous_position - title_position + 1 END)::int AS distance
      FROM (SELECT h.*, lag(h.title_position) OVER (PARTITION BY h."movieId" ORDER BY h.idx) AS previous_position FROM movie_hits h) ranked
      GROUP BY "movieId"
      HAVING count(*) = (SELECT count(*) FROM query_words)
    )`;
}

/** Relevance: exact title, title prefix, words found in the title, fewer typos, closer words, rate, newest. */
function relevanceOrder(search: string): Prisma.Sql {
  const folded = Prisma.sql`marquee_search_text(${search}::text)`;
  return Prisma.sql`(mv."searchName" = ${folded}) DESC, starts_with(mv."searchName", ${folded}) DESC, s.title_words DESC, s.typos ASC,
    s.distance ASC, mv."rate" DESC, mv."createdAt" DESC, mv."id" ASC`;
}

export type ListingQuery = MovieFilters & { search?: string; sort?: MovieSort; limit: number; offset: number };

/**
 * A search page: ids in order plus `total`, the number of matches (the match set is built whole
 * anyway, so the count costs nothing extra). Zero rows when the page is past the end.
 */
export function searchPageSql(query: ListingQuery & { search: string }): Prisma.Sql {
  const order = query.sort ? sortOrder(query.sort) : relevanceOrder(query.search);
  return Prisma.sql`
    WITH ${searchMatchesCte(query.search)}
    SELECT mv."id", count(*) OVER ()::int AS total
    FROM matches s JOIN "Movie" mv ON mv."id" = s."movieId"
    ${whereClause(movieFilterConditions(query))}
    ORDER BY ${order}
    LIMIT ${query.limit} OFFSET ${query.offset}`;
}

/** The number of search matches, for a page past the end. */
export function searchCountSql(query: MovieFilters & { search: string }): Prisma.Sql {
  return Prisma.sql`
    WITH ${searchMatchesCte(query.search)}
    SELECT count(*)::int AS total FROM matches s JOIN "Movie" mv ON mv."id" = s."movieId"
    ${whereClause(movieFilterConditions(query))}`;
}

/** A listing page without search: the index of the sort order walks to the page. */
export function listingPageSql(query: ListingQuery): Prisma.Sql {
  return Prisma.sql`
    SELECT mv."id" FROM "Movie" mv ${whereClause(movieFilterConditions(query))}
    ORDER BY ${sortOrder(query.sort ?? "newest")}
    LIMIT ${query.limit} OFFSET ${query.offset}`;
}

export function listingCountSql(filters: MovieFilters): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS total FROM "Movie" mv ${whereClause(movieFilterConditions(filters))}`;
}

/** Suggestions while typing: the best `limit` matches by relevance, nothing counted. */
export function suggestSql(search: string, limit: number): Prisma.Sql {
  return Prisma.sql`
    WITH ${searchMatchesCte(search)}
    SELECT mv."id" FROM matches s JOIN "Movie" mv ON mv."id" = s."movieId"
    ORDER BY ${relevanceOrder(search)}
    LIMIT ${limit}`;
}

/**
 * "Did you mean": the title closest to the whole query by trigram similarity (the GIN trigram index
 * on searchName finds those above pg_trgm's threshold), for a search that matched nothing.
 */
export function closestTitleSql(search: string): Prisma.Sql {
  const folded = Prisma.sql`marquee_search_text(${search}::text)`;
  return Prisma.sql`
    SELECT mv."name" FROM "Movie" mv
    WHERE mv."searchName" % ${folded}
    ORDER BY similarity(mv."searchName", ${folded}) DESC, mv."rate" DESC, mv."id" ASC
    LIMIT 1`;
}
