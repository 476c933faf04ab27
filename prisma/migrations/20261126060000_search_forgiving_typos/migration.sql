-- Search as forgiving as Typesense (docs/api.md, "Search"), and its functions and triggers kept whole
-- in one file, prisma/search.sql (docs/architecture.md, "Where the search algorithm lives"), which
-- this migration applies as it stands. A later change to the search comes with a migration of its own
-- that repeats the file's new text (tests/unit/search-sql.test.ts).

-- What the file no longer has, or has with other arguments.
DROP FUNCTION marquee_like_prefix(text); -- unused since prefixes are read as a range of SearchWord's key
DROP FUNCTION marquee_search(text, int, uuid, text, int, text, int, int); -- now takes the typo rules
DROP FUNCTION marquee_typo_budget(int); -- likewise
DROP TRIGGER "Movie_searchName_sync" ON "Movie";
DROP FUNCTION marquee_movie_search_name(); -- now marquee_search_name_sync(), for cast names too

-- Cast names folded as titles are, for "Did you mean" (its trigram index is made below).
ALTER TABLE "CastMember" ADD COLUMN "searchName" TEXT NOT NULL DEFAULT '';

-- >>> prisma/search.sql
-- The catalogue search (docs/api.md, "Search"): every function and trigger it is made of, as they
-- stand today. The tables it fills (SearchWord, SearchWordVariant, MovieWord) are in schema.prisma;
-- lib/data/movie-search-sql.ts builds the statements that call marquee_search().
--
-- How this file reaches a database: migrations, as everything else does (`prisma migrate deploy` in
-- dev, tests and production alike). Each migration that changes the search holds this file's text
-- verbatim, between the lines `-- >>> prisma/search.sql` and `-- <<< prisma/search.sql`, after what
-- that change alone needs (dropping a function whose arguments changed) and before any data it must
-- rebuild. tests/unit/search-sql.test.ts fails while the newest migration touching these functions
-- does not hold this exact text, and tests/foundation/migrations.test.ts checks that running this file
-- on a migrated database changes nothing. So: edit here, then copy the file into a new migration.
-- Everything here is CREATE OR REPLACE, so running it again is harmless.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

-- ---------------------------------------------------------------------------------------- folding

-- Folding shared by stored text and queries: compatibility forms first (full-width "％" becomes "%",
-- ligatures split), then lower case and accents removed, then every run of punctuation or spaces
-- becomes one space. What is left is words of letters and digits, so LIKE wildcards never survive.
-- unaccent() is only STABLE (its dictionary could change); naming the dictionary makes this safe to
-- declare IMMUTABLE, so it can feed indexes.
CREATE OR REPLACE FUNCTION marquee_search_text(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN btrim(regexp_replace(public.unaccent('public.unaccent'::regdictionary, lower(normalize(input, NFKC))), '[^[:alnum:]]+', ' ', 'g'));

-- The folded words of a text, in order; an empty array when it holds no letters or digits.
CREATE OR REPLACE FUNCTION marquee_search_words(input text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN coalesce(string_to_array(nullif(marquee_search_text(input), ''), ' '), '{}');

-- "searchName" is the folded name of a movie or a cast member. The movie's serves the A-Z sort and
-- "starts with the query"; both serve "Did you mean" through their GIN trigram indexes. The triggers
-- keep it so whatever writes the row.
CREATE OR REPLACE FUNCTION marquee_search_name_sync() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchName" := marquee_search_text(NEW."name");
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER "Movie_searchName_sync"
  BEFORE INSERT OR UPDATE OF "name" ON "Movie"
  FOR EACH ROW EXECUTE FUNCTION marquee_search_name_sync();
CREATE OR REPLACE TRIGGER "CastMember_searchName_sync"
  BEFORE INSERT OR UPDATE OF "name" ON "CastMember"
  FOR EACH ROW EXECUTE FUNCTION marquee_search_name_sync();

-- ------------------------------------------------------------------------------------ typo rules

-- Typos a word of `word_length` letters may carry: 1 from `one_typo_from` letters, 2 from
-- `two_typos_from`. The rules come from the settings (lib/env.ts, SEARCH_ONE_TYPO_MIN_LENGTH and
-- SEARCH_TWO_TYPOS_MIN_LENGTH) as arguments of marquee_search(): SQL cannot read the environment.
-- A query word and a lexicon word may differ by the budget of the longer of the two, so a typo that
-- drops a letter costs no budget ("lst" finds "last", "vanhing" finds "vanishing").
CREATE OR REPLACE FUNCTION marquee_typo_budget(word_length int, one_typo_from int, two_typos_from int) RETURNS int
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN CASE WHEN word_length >= two_typos_from THEN 2 WHEN word_length >= one_typo_from THEN 1 ELSE 0 END;

-- The most forgiving rules the lexicon serves (Typesense's defaults: 1 typo from 4 letters, 2 from 7;
-- lib/search-typo-rules.ts LEXICON_TYPO_RULES says the same, and lib/env.ts refuses settings more
-- forgiving): each lexicon word's deletion variants are stored to this depth. Two words within k
-- typos, k the budget of the longer, share a variant when each deletes up to its own budget, so this
-- depth serves every stricter rule too. Changing it means rebuilding SearchWordVariant in a migration.
CREATE OR REPLACE FUNCTION marquee_lexicon_typo_budget(word_length int) RETURNS int
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN marquee_typo_budget(word_length, 4, 7);

-- The word and every string made by deleting up to `deletions` letters from it (SymSpell). Two words
-- within k typos (insertion, deletion, substitution or swap of neighbours) always share such a
-- string when each side deletes up to k letters, so an equality lookup finds every candidate; words
-- over 24 letters only match themselves. An array (not a set) so the search query can hand it to one
-- index scan (`variant = ANY(...)`) with a plan PostgreSQL caches.
CREATE OR REPLACE FUNCTION marquee_word_deletions(word text, deletions int) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  result text[] := ARRAY[word];
  frontier text[] := ARRAY[word];
  next_frontier text[];
  item text;
BEGIN
  IF length(word) > 24 THEN
    RETURN result;
  END IF;
  FOR step IN 1..deletions LOOP
    next_frontier := '{}';
    FOREACH item IN ARRAY frontier LOOP
      CONTINUE WHEN length(item) < 2;
      FOR i IN 1..length(item) LOOP
        next_frontier := next_frontier || overlay(item PLACING '' FROM i FOR 1);
      END LOOP;
    END LOOP;
    frontier := ARRAY(SELECT DISTINCT unnest(next_frontier));
    result := result || frontier;
  END LOOP;
  RETURN ARRAY(SELECT DISTINCT unnest(result));
END;
$$;

-- Typos between two words, counting a swap of neighbours as one (optimal string alignment
-- distance); anything above max_typos is reported as max_typos + 1. fuzzystrmatch's
-- levenshtein_less_equal settles most pairs; only pairs it puts above one edit need the swap-aware
-- table.
CREATE OR REPLACE FUNCTION marquee_typos(a text, b text, max_typos int) RETURNS int
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  plain int := levenshtein_less_equal(a, b, 2 * max_typos);
  la int := length(a);
  lb int := length(b);
  previous2 int[];
  previous int[];
  current int[];
  cost int;
  best int;
BEGIN
  IF plain <= 1 OR plain > 2 * max_typos THEN
    RETURN least(plain, max_typos + 1);
  END IF;
  previous := array_fill(0, ARRAY[lb + 1], ARRAY[0]);
  FOR j IN 0..lb LOOP
    previous[j] := j;
  END LOOP;
  FOR i IN 1..la LOOP
    current := array_fill(0, ARRAY[lb + 1], ARRAY[0]);
    current[0] := i;
    FOR j IN 1..lb LOOP
      cost := CASE WHEN substr(a, i, 1) = substr(b, j, 1) THEN 0 ELSE 1 END;
      best := least(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      IF i > 1 AND j > 1 AND substr(a, i, 1) = substr(b, j - 1, 1) AND substr(a, i - 1, 1) = substr(b, j, 1) THEN
        best := least(best, previous2[j - 2] + 1);
      END IF;
      current[j] := best;
    END LOOP;
    previous2 := previous;
    previous := current;
  END LOOP;
  RETURN least(previous[lb], max_typos + 1);
END;
$$;

-- ---------------------------------------------------------------------------------- the lexicon

-- Rebuilds the words of the given movies from their title, cast and category: MovieWord entries
-- (with the tier, rate and age that order them), new lexicon words and their deletion variants.
-- Lexicon words are never removed: one that no movie uses any more matches no movie.
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
    SELECT d.variant, added."word" FROM added, unnest(marquee_word_deletions(added."word", marquee_lexicon_typo_budget(length(added."word")))) AS d(variant)
    ON CONFLICT DO NOTHING
  )
  INSERT INTO "MovieWord" ("movieId", "source", "position", "word", "tier", "rate", "createdAt")
  SELECT w."movieId", w."source", w."position", w."word",
    CASE WHEN w."source" = 0 AND w."position" = 1 THEN 0 WHEN w."source" = 0 THEN 1 ELSE 2 END, m."rate", m."createdAt"
  FROM words w JOIN "Movie" m ON m."id" = w."movieId";
END;
$$;

CREATE OR REPLACE FUNCTION marquee_movie_words_after_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM marquee_index_movie_words(array(SELECT "id" FROM inserted_rows));
  RETURN NULL;
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

CREATE OR REPLACE FUNCTION marquee_cast_words_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM marquee_index_movie_words(array(SELECT DISTINCT "movieId" FROM old_rows o WHERE EXISTS (SELECT 1 FROM "Movie" m WHERE m."id" = o."movieId")));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM marquee_index_movie_words(array(SELECT DISTINCT "movieId" FROM new_rows));
  ELSE
    PERFORM marquee_index_movie_words(array(SELECT "movieId" FROM new_rows UNION SELECT "movieId" FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION marquee_category_words_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM marquee_index_movie_words(array(
    SELECT m."id" FROM "Movie" m JOIN new_rows n ON n."id" = m."categoryId" JOIN old_rows o ON o."id" = n."id"
    WHERE n."name" IS DISTINCT FROM o."name"));
  RETURN NULL;
END;
$$;

-- Statement triggers with transition tables: a bulk insert or a cast replacement rebuilds each
-- movie once, not once per row.
CREATE OR REPLACE TRIGGER "Movie_words_insert" AFTER INSERT ON "Movie"
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_movie_words_after_insert();
CREATE OR REPLACE TRIGGER "Movie_words_update" AFTER UPDATE ON "Movie"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_movie_words_after_update();
CREATE OR REPLACE TRIGGER "CastMember_words_insert" AFTER INSERT ON "CastMember"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_cast_words_changed();
CREATE OR REPLACE TRIGGER "CastMember_words_update" AFTER UPDATE ON "CastMember"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_cast_words_changed();
CREATE OR REPLACE TRIGGER "CastMember_words_delete" AFTER DELETE ON "CastMember"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_cast_words_changed();
CREATE OR REPLACE TRIGGER "Category_words_update" AFTER UPDATE ON "Category"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_category_words_changed();

-- ------------------------------------------------------------------------------------ the search

-- The movies that match every word of `search` (and the listing filters given, NULL for none), with
-- what ranks them: title_words (query words found in the title), typos (their sum) and distance (how
-- far the title words are from standing in the query's order, side by side), and `capped`: whether
-- the candidates were cut at `pool`, so more movies may match than were returned.
--
-- 1. Each query word becomes lexicon words: those sharing a deletion variant with it (equality on
--    SearchWordVariant_pkey; the query word deletes up to its own budget), kept when marquee_typos()
--    is within the budget of the longer of the two words; the last word also takes the 50 shortest
--    words it starts (a range of SearchWord_pkey). The budgets follow the rules passed in
--    (one_typo_from, two_typos_from), never beyond what the lexicon stores.
-- 2. Every match holds each query word, so the candidates come from one, the driver: the word in
--    the fewest entries (counted up to 4 × pool + 1; the longer word on a tie). Its entries are read
--    from MovieWord_word_tier_rate_createdAt_movieId_idx in the ranking's order (titles starting with
--    it; fewer typos; other titles, then cast and category; higher rate; newest), filters checked on
--    the way, and the first `pool` kept. Titles that start with the whole query (a range of
--    Movie_searchName_id_idx; for one word, titles that are exactly it) join them.
-- 3. One query word: the entries read are the features. Several: each candidate's own words
--    (primary key) give them, and it stays when every query word found one.
-- With the driver in at most `pool` entries this is every match, and `capped` is false.
--
-- PL/pgSQL so the statement's plan is made once per connection (force_generic_plan): planning it
-- costs more than running it.
CREATE OR REPLACE FUNCTION marquee_search(search text, pool int, one_typo_from int, two_typos_from int,
    category_id uuid, category_name text, hours int, lower_language text, min_rate int, release_year int)
  RETURNS TABLE ("movieId" uuid, title_words int, typos int, distance int, capped boolean)
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET plan_cache_mode = force_generic_plan SET enable_bitmapscan = off AS $$
#variable_conflict use_column
DECLARE
  filtered boolean := num_nonnulls(category_id, category_name, hours, lower_language, min_rate, release_year) > 0;
BEGIN
  RETURN QUERY
  WITH query_words AS (
    SELECT t.word, t.idx::int AS idx, t.idx = cardinality(w.words) AS is_last,
      marquee_word_deletions(t.word, least(marquee_typo_budget(length(t.word), one_typo_from, two_typos_from),
        marquee_lexicon_typo_budget(length(t.word)))) AS deletions
    FROM (SELECT marquee_search_words(search) AS words) w, unnest(w.words) WITH ORDINALITY AS t(word, idx)
  ),
  word_candidates AS (
    SELECT DISTINCT qw.idx, qw.word AS query_word, v."word", least(
        marquee_typo_budget(greatest(length(qw.word), length(v."word")), one_typo_from, two_typos_from),
        marquee_lexicon_typo_budget(greatest(length(qw.word), length(v."word")))) AS budget
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
      ORDER BY (e."tier" = 0 AND starts_with(m.word, d.word)) DESC, m.typos, e."tier" = 2, e."rate" DESC, e."createdAt" DESC, e."movieId"
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
-- <<< prisma/search.sql

-- Existing cast names, folded without rebuilding every movie's words (the statement trigger would).
ALTER TABLE "CastMember" DISABLE TRIGGER "CastMember_words_update";
UPDATE "CastMember" SET "searchName" = marquee_search_text("name");
ALTER TABLE "CastMember" ENABLE TRIGGER "CastMember_words_update";
CREATE INDEX "CastMember_searchName_trgm_idx" ON "CastMember" USING GIN ("searchName" gin_trgm_ops);

-- The lexicon's deletion variants to the new depth (1 from 4 letters, 2 from 7, where they were 1 from
-- 5 and 2 from 9): the old variants are a subset of the new, so adding the missing ones is enough.
INSERT INTO "SearchWordVariant" ("variant", "word")
SELECT d.variant, s."word" FROM "SearchWord" s, unnest(marquee_word_deletions(s."word", marquee_lexicon_typo_budget(length(s."word")))) AS d(variant)
ON CONFLICT DO NOTHING;
