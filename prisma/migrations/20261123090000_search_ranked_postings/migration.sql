-- Search whose cost does not grow with how common a word is (docs/api.md, "Search"; issue 11). A
-- common word's MovieWord entries used to be read whole and every movie holding it ranked. Now each
-- word's entries are kept in the order the ranking wants them, so a search reads the first few
-- hundred of one word and ranks only those.

-- Each entry carries what orders it: its tier (0 the title's first word, 1 another title word,
-- 2 cast or category) and its movie's rate and age, copied from Movie and kept in step below.
ALTER TABLE "MovieWord"
  ADD COLUMN "tier" SMALLINT NOT NULL DEFAULT 2,
  ADD COLUMN "rate" DOUBLE PRECISION NOT NULL DEFAULT 0,
  ADD COLUMN "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
UPDATE "MovieWord" mw
SET "tier" = CASE WHEN mw."source" = 0 AND mw."position" = 1 THEN 0 WHEN mw."source" = 0 THEN 1 ELSE 2 END,
    "rate" = m."rate", "createdAt" = m."createdAt"
FROM "Movie" m WHERE m."id" = mw."movieId";
ALTER TABLE "MovieWord" ALTER COLUMN "tier" DROP DEFAULT, ALTER COLUMN "rate" DROP DEFAULT, ALTER COLUMN "createdAt" DROP DEFAULT;

-- A word's entries, best first within each tier: a LIMIT stops after the ones a search needs.
-- It replaces (word, movieId, ...): candidates' own words are read through the primary key.
DROP INDEX "MovieWord_word_movieId_source_position_idx";
-- source and position ride along so a one-word search ranks from the index alone.
CREATE INDEX "MovieWord_word_tier_rate_createdAt_movieId_idx" ON "MovieWord"("word", "tier", "rate" DESC, "createdAt" DESC, "movieId") INCLUDE ("source", "position");

CREATE OR REPLACE FUNCTION marquee_index_movie_words(movie_ids uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "MovieWord" WHERE "movieId" = ANY(movie_ids);
  WITH words AS (
    SELECT m."id" AS "movieId", 0::smallint AS "source", w.position::int AS "position", w.word
    FROM "Movie" m, unnest(marquee_search_words(m."name")) WITH ORDINALITY AS w(word, position)
    WHERE m."id" = ANY(movie_ids)
    UNION ALL
    SELECT c."movieId", 1, row_number() OVER (PARTITION BY c."movieId" ORDER BY c."position", c."id", w.n)::int, w.word
    FROM "CastMember" c, unnest(marquee_search_words(c."name")) WITH ORDINALITY AS w(word, n)
    WHERE c."movieId" = ANY(movie_ids)
    UNION ALL
    SELECT m."id", 2, w.position::int, w.word
    FROM "Movie" m JOIN "Category" g ON g."id" = m."categoryId", unnest(marquee_search_words(g."name")) WITH ORDINALITY AS w(word, position)
    WHERE m."id" = ANY(movie_ids)
  ), added AS (
    INSERT INTO "SearchWord" ("word") SELECT DISTINCT "word" FROM words
    ON CONFLICT DO NOTHING RETURNING "word"
  ), variants AS (
    INSERT INTO "SearchWordVariant" ("variant", "word")
    SELECT d.variant, added."word" FROM added, unnest(marquee_word_deletions(added."word", marquee_typo_budget(length(added."word")))) AS d(variant)
    ON CONFLICT DO NOTHING
  )
  INSERT INTO "MovieWord" ("movieId", "source", "position", "word", "tier", "rate", "createdAt")
  SELECT w."movieId", w."source", w."position", w."word",
    CASE WHEN w."source" = 0 AND w."position" = 1 THEN 0 WHEN w."source" = 0 THEN 1 ELSE 2 END, m."rate", m."createdAt"
  FROM words w JOIN "Movie" m ON m."id" = w."movieId";
END;
$$;

-- A changed name or category rebuilds the movie's words; a changed rate (every review) or age only
-- restamps its entries.
CREATE OR REPLACE FUNCTION marquee_movie_words_after_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM marquee_index_movie_words(array(
    SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."name" IS DISTINCT FROM o."name" OR n."categoryId" IS DISTINCT FROM o."categoryId"));
  UPDATE "MovieWord" mw SET "rate" = n."rate", "createdAt" = n."createdAt"
  FROM new_rows n JOIN old_rows o ON o."id" = n."id"
  WHERE mw."movieId" = n."id" AND (n."rate" IS DISTINCT FROM o."rate" OR n."createdAt" IS DISTINCT FROM o."createdAt")
    AND (mw."rate" IS DISTINCT FROM n."rate" OR mw."createdAt" IS DISTINCT FROM n."createdAt");
  RETURN NULL;
END;
$$;

-- The movies that match every word of `search` (and the listing filters given, NULL for none), with
-- what ranks them: title_words (query words found in the title), typos (their sum) and distance (how
-- far the title words are from standing in the query's order, side by side), and `capped`: whether
-- the candidates were cut at `pool`, so more movies may match than were returned.
--
-- 1. Each query word becomes lexicon words: those sharing a deletion variant with it (equality on
--    SearchWordVariant_pkey), kept when marquee_typos() is within its typo budget; the last word also
--    takes the 50 shortest words it starts (a range of SearchWord_pkey).
-- 2. Every match holds each query word, so the candidates come from one, the driver: the word in
--    the fewest entries (counted up to 4 × pool + 1; the longer word on a tie). Its entries are read
--    from MovieWord_word_tier_rate_createdAt_movieId_idx in the ranking's order (titles starting with
--    it, other titles, cast and category; fewer typos; higher rate; newest), filters checked on the
--    way, and the first `pool` kept. Titles that start with the whole query (a range of
--    Movie_searchName_id_idx; for one word, titles that are exactly it) join them.
-- 3. One query word: the entries read are the features. Several: each candidate's own words
--    (primary key) give them, and it stays when every query word found one.
-- With the driver in at most `pool` entries this is every match, and `capped` is false.
--
-- PL/pgSQL so the statement's plan is made once per connection (force_generic_plan): planning it
-- costs more than running it.
CREATE FUNCTION marquee_search(search text, pool int, category_id uuid, category_name text, hours int, lower_language text, min_rate int, release_year int)
  RETURNS TABLE ("movieId" uuid, title_words int, typos int, distance int, capped boolean)
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET plan_cache_mode = force_generic_plan SET enable_bitmapscan = off AS $$
#variable_conflict use_column
DECLARE
  filtered boolean := num_nonnulls(category_id, category_name, hours, lower_language, min_rate, release_year) > 0;
BEGIN
  RETURN QUERY
  WITH query_words AS (
    SELECT t.word, t.idx::int AS idx, t.idx = cardinality(w.words) AS is_last, b.budget,
      marquee_word_deletions(t.word, b.budget) AS deletions
    FROM (SELECT marquee_search_words(search) AS words) w, unnest(w.words) WITH ORDINALITY AS t(word, idx),
      LATERAL (SELECT marquee_typo_budget(length(t.word)) AS budget) b
  ),
  word_candidates AS (
    SELECT DISTINCT qw.idx, qw.word AS query_word, qw.budget, v."word"
    FROM query_words qw JOIN "SearchWordVariant" v ON v."variant" = ANY(qw.deletions)
  ),
  matched_words AS (
    SELECT t.idx, t.word, min(t.typos) AS typos
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
    WHERE t.typos <= t.budget
    GROUP BY t.idx, t.word
  ),
  one_word AS (SELECT count(*) = 1 AS yes FROM query_words),
  driver AS (
    SELECT qw.idx, qw.word FROM query_words qw
    ORDER BY CASE WHEN (SELECT yes FROM one_word) THEN 0 ELSE (SELECT count(*) FROM (
      SELECT 1 FROM matched_words m JOIN "MovieWord" mw ON mw."word" = m.word WHERE m.idx = qw.idx LIMIT 4 * pool + 1
    ) e) END, length(qw.word) DESC, qw.idx
    LIMIT 1
  ),
  candidate_entries AS (
    SELECT e."movieId", e."source", e."position", e.typos FROM (
      SELECT e."movieId", e."source", e."position", m.typos FROM matched_words m JOIN driver d ON d.idx = m.idx,
        LATERAL (
          SELECT mw."movieId", mw."source", mw."position", mw."tier", mw."rate", mw."createdAt" FROM "MovieWord" mw
          WHERE mw."word" = m.word AND (NOT filtered OR EXISTS (
            SELECT 1 FROM "Movie" mv WHERE mv."id" = mw."movieId"
              AND (category_id IS NULL OR mv."categoryId" = category_id)
              AND (category_name IS NULL OR mv."categoryId" IN (SELECT g."id" FROM "Category" g WHERE g."name" = category_name::citext))
              AND (hours IS NULL OR mv."hour" = hours)
              AND (lower_language IS NULL OR lower(mv."language") = lower_language)
              AND (min_rate IS NULL OR mv."rate" >= min_rate)
              AND (release_year IS NULL OR mv."year" = release_year)))
          ORDER BY mw."tier", mw."rate" DESC, mw."createdAt" DESC, mw."movieId" LIMIT pool
        ) e
      ORDER BY (e."tier" = 0 AND starts_with(m.word, d.word)) DESC, e."tier" = 2, m.typos, e."rate" DESC, e."createdAt" DESC, e."movieId"
      LIMIT pool
    ) e
  ),
  -- Titles that start with the query (a range of Movie_searchName_id_idx), so typing a title's
  -- first words finds it however common they are; for one word, the titles that are exactly it.
  title_prefix AS (
    (SELECT mv."id" AS "movieId" FROM "Movie" mv, (SELECT marquee_search_text(search) AS folded) q
    WHERE NOT (SELECT yes FROM one_word) AND q.folded <> ''
      AND mv."searchName" >= q.folded AND mv."searchName" < q.folded || chr(1114111) AND starts_with(mv."searchName", q.folded)
      AND (category_id IS NULL OR mv."categoryId" = category_id)
      AND (category_name IS NULL OR mv."categoryId" IN (SELECT g."id" FROM "Category" g WHERE g."name" = category_name::citext))
      AND (hours IS NULL OR mv."hour" = hours)
      AND (lower_language IS NULL OR lower(mv."language") = lower_language)
      AND (min_rate IS NULL OR mv."rate" >= min_rate)
      AND (release_year IS NULL OR mv."year" = release_year)
    ORDER BY mv."searchName", mv."id"
    LIMIT pool)
    UNION ALL
    (SELECT mv."id" FROM "Movie" mv
    WHERE (SELECT yes FROM one_word) AND mv."searchName" = marquee_search_text(search)
      AND (category_id IS NULL OR mv."categoryId" = category_id)
      AND (category_name IS NULL OR mv."categoryId" IN (SELECT g."id" FROM "Category" g WHERE g."name" = category_name::citext))
      AND (hours IS NULL OR mv."hour" = hours)
      AND (lower_language IS NULL OR lower(mv."language") = lower_language)
      AND (min_rate IS NULL OR mv."rate" >= min_rate)
      AND (release_year IS NULL OR mv."year" = release_year)
    LIMIT pool)
  ),
  movie_hits AS (
    -- One query word: the entries read say where each candidate holds it.
    SELECT e."movieId", 1 AS idx, min(e.typos) AS typos, min(e."position") FILTER (WHERE e."source" = 0) AS title_position
    FROM candidate_entries e WHERE (SELECT yes FROM one_word)
    GROUP BY e."movieId"
    UNION ALL
    -- Several (and titles found by their start, not read above): each candidate's own words, by primary key.
    SELECT c."movieId", m.idx, min(m.typos), min(w."position") FILTER (WHERE w."source" = 0)
    FROM (
      SELECT e."movieId" FROM candidate_entries e WHERE NOT (SELECT yes FROM one_word)
      UNION
      SELECT x."movieId" FROM title_prefix x
      WHERE NOT (SELECT yes FROM one_word) OR x."movieId" NOT IN (SELECT e."movieId" FROM candidate_entries e)
    ) c
      CROSS JOIN LATERAL (SELECT mw."word", mw."source", mw."position" FROM "MovieWord" mw WHERE mw."movieId" = c."movieId" OFFSET 0) w
      JOIN matched_words m ON m.word = w."word"
    GROUP BY c."movieId", m.idx
  )
  SELECT r."movieId", count(r.title_position)::int, sum(r.typos)::int,
    sum(CASE WHEN r.idx = 1 THEN 0
             WHEN r.title_position IS NULL OR r.previous_position IS NULL THEN 10
             WHEN r.title_position > r.previous_position THEN r.title_position - r.previous_position - 1
             ELSE r.previous_position - r.title_position + 1 END)::int,
    (SELECT count(*) FROM candidate_entries) >= pool OR (SELECT count(*) FROM title_prefix) >= pool
  FROM (SELECT h.*, lag(h.title_position) OVER (PARTITION BY h."movieId" ORDER BY h.idx) AS previous_position FROM movie_hits h) r
  GROUP BY r."movieId"
  HAVING count(*) = (SELECT count(*) FROM query_words);
END;
$$;

-- The unfiltered listing's exact total (docs/api.md, "Listing at scale"): one row kept by statement
-- triggers, instead of counting every movie for every page. Filtered totals are counted up to a
-- bound instead.
CREATE TABLE "CatalogueCount" (
  "id" INTEGER NOT NULL DEFAULT 1,
  "movies" INTEGER NOT NULL,
  CONSTRAINT "CatalogueCount_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "CatalogueCount_one_row" CHECK ("id" = 1)
);
INSERT INTO "CatalogueCount" ("id", "movies") SELECT 1, count(*) FROM "Movie";

CREATE FUNCTION marquee_catalogue_count_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "CatalogueCount" SET "movies" = "movies" + (SELECT count(*) FROM changed_rows) WHERE "id" = 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "CatalogueCount" SET "movies" = "movies" - (SELECT count(*) FROM changed_rows) WHERE "id" = 1;
  ELSE
    UPDATE "CatalogueCount" SET "movies" = 0 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Movie_count_insert" AFTER INSERT ON "Movie"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_catalogue_count_changed();
CREATE TRIGGER "Movie_count_delete" AFTER DELETE ON "Movie"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_catalogue_count_changed();
CREATE TRIGGER "Movie_count_truncate" AFTER TRUNCATE ON "Movie"
  FOR EACH STATEMENT EXECUTE FUNCTION marquee_catalogue_count_changed();

-- The language filter's index carries the column itself, so PostgreSQL can answer it index-only
-- (it cannot for an expression index otherwise): the bounded count reads no table rows.
DROP INDEX "Movie_language_lower_createdAt_idx";
CREATE INDEX "Movie_language_lower_createdAt_idx" ON "Movie"(lower("language"), "createdAt" DESC, "id") INCLUDE ("language");
