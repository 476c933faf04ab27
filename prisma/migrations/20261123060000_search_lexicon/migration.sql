-- Typo-tolerant search (docs/api.md, "Search"): a lexicon of the distinct words of titles, cast names
-- and category names, kept in step by triggers, and the functions the search query is built from.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

-- Folding shared by stored text and queries: compatibility forms first (full-width "％" becomes "%",
-- ligatures split), then lower case and accents removed, then every run of punctuation or spaces
-- becomes one space. What is left is words of letters and digits, so LIKE wildcards never survive.
CREATE OR REPLACE FUNCTION marquee_search_text(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN btrim(regexp_replace(public.unaccent('public.unaccent'::regdictionary, lower(normalize(input, NFKC))), '[^[:alnum:]]+', ' ', 'g'));

-- The folded words of a text, in order; an empty array when it holds no letters or digits.
CREATE FUNCTION marquee_search_words(input text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN coalesce(string_to_array(nullif(marquee_search_text(input), ''), ' '), '{}');

-- Typos a word may carry (Meilisearch's defaults): none under 5 letters, 1 for 5 to 8, 2 from 9.
CREATE FUNCTION marquee_typo_budget(word_length int) RETURNS int
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN CASE WHEN word_length >= 9 THEN 2 WHEN word_length >= 5 THEN 1 ELSE 0 END;

-- The word and every string made by deleting up to `deletions` letters from it (SymSpell). Two words
-- within k typos (insertion, deletion, substitution or swap of neighbours) always share such a
-- string when each side deletes up to k letters, so an equality lookup finds every candidate; words
-- over 24 letters only match themselves. An array (not a set) so the search query can hand it to one
-- index scan (`variant = ANY(...)`) with a plan PostgreSQL caches.
CREATE FUNCTION marquee_word_deletions(word text, deletions int) RETURNS text[]
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
CREATE FUNCTION marquee_typos(a text, b text, max_typos int) RETURNS int
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

-- LIKE pattern for "starts with": the folded word holds no wildcards, but escaping keeps that true
-- whatever the folding becomes.
CREATE FUNCTION marquee_like_prefix(word text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN replace(replace(replace(word, '\', '\\'), '%', '\%'), '_', '\_') || '%';

-- The lexicon: every distinct folded word, and its deletion variants (see marquee_word_deletions).
-- Words are never removed: one that no movie uses any more matches no movie, and costs one lookup.
-- The "C" collation makes a prefix LIKE a range scan of the primary key.
CREATE TABLE "SearchWord" (
  "word" TEXT COLLATE "C" NOT NULL,
  CONSTRAINT "SearchWord_pkey" PRIMARY KEY ("word")
);

-- No foreign key to SearchWord: words are only ever added, and checking one per variant row would
-- double the cost of loading a large catalogue.
CREATE TABLE "SearchWordVariant" (
  "variant" TEXT COLLATE "C" NOT NULL,
  "word" TEXT COLLATE "C" NOT NULL,
  CONSTRAINT "SearchWordVariant_pkey" PRIMARY KEY ("variant", "word")
);

-- Which movie holds which word, where: source 0 title, 1 cast, 2 category; position counts words
-- from 1 within that source (the cast's names one after another).
CREATE TABLE "MovieWord" (
  "movieId" UUID NOT NULL,
  "source" SMALLINT NOT NULL,
  "position" INTEGER NOT NULL,
  "word" TEXT COLLATE "C" NOT NULL,
  CONSTRAINT "MovieWord_pkey" PRIMARY KEY ("movieId", "source", "position"),
  CONSTRAINT "MovieWord_movieId_fkey" FOREIGN KEY ("movieId") REFERENCES "Movie"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "MovieWord_word_movieId_source_position_idx" ON "MovieWord"("word", "movieId", "source", "position");

-- Rebuilds the words of the given movies from their title, cast and category.
CREATE FUNCTION marquee_index_movie_words(movie_ids uuid[]) RETURNS void
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
  INSERT INTO "MovieWord" ("movieId", "source", "position", "word") SELECT "movieId", "source", "position", "word" FROM words;
END;
$$;

CREATE FUNCTION marquee_movie_words_after_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM marquee_index_movie_words(array(SELECT "id" FROM inserted_rows));
  RETURN NULL;
END;
$$;

-- Rating recomputations update Movie often: only a changed name or category rebuilds words.
CREATE FUNCTION marquee_movie_words_after_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM marquee_index_movie_words(array(
    SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."name" IS DISTINCT FROM o."name" OR n."categoryId" IS DISTINCT FROM o."categoryId"));
  RETURN NULL;
END;
$$;

CREATE FUNCTION marquee_cast_words_changed() RETURNS trigger
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

CREATE FUNCTION marquee_category_words_changed() RETURNS trigger
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
CREATE TRIGGER "Movie_words_insert" AFTER INSERT ON "Movie"
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_movie_words_after_insert();
CREATE TRIGGER "Movie_words_update" AFTER UPDATE ON "Movie"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_movie_words_after_update();
CREATE TRIGGER "CastMember_words_insert" AFTER INSERT ON "CastMember"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_cast_words_changed();
CREATE TRIGGER "CastMember_words_update" AFTER UPDATE ON "CastMember"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_cast_words_changed();
CREATE TRIGGER "CastMember_words_delete" AFTER DELETE ON "CastMember"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_cast_words_changed();
CREATE TRIGGER "Category_words_update" AFTER UPDATE ON "Category"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_category_words_changed();

-- Existing rows: the new folding for "searchName", then the lexicon.
UPDATE "Movie" SET "searchName" = marquee_search_text("name");
SELECT marquee_index_movie_words(array(SELECT "id" FROM "Movie"));

-- The language filter compares lower(language): an index on that expression serves it.
DROP INDEX "Movie_language_idx";
CREATE INDEX "Movie_language_lower_createdAt_idx" ON "Movie"(lower("language"), "createdAt" DESC, "id");

-- Indexes that yield the Sort control's orders (year, A-Z) page by page; the year index also serves
-- the year filter and the catalogue's list of years.
DROP INDEX "Movie_year_idx";
CREATE INDEX "Movie_year_createdAt_id_idx" ON "Movie"("year" DESC, "createdAt" DESC, "id");
CREATE INDEX "Movie_searchName_id_idx" ON "Movie"("searchName", "id");
