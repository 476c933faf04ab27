-- The admin Statistics page's figures, kept by triggers instead of counted on every visit
-- (docs/architecture.md "Totals kept by triggers"): at 1,000,000 movies its counts of whole tables
-- took 1.9 s a visit. The figures stay exact: each write moves them in its own transaction.

-- SiteCount: 'movies', 'categories', 'users', and 'media:<state>' per transcode state ('media:none'
-- for movies never queued). A row per figure, so a write locks only the figures it moves.
CREATE TABLE "SiteCount" (
    "name" TEXT NOT NULL,
    "count" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "SiteCount_pkey" PRIMARY KEY ("name")
);

-- MovieViewers: how many members have watched (any part of) each movie, i.e. its WatchProgress rows;
-- the Most watched chart reads the top of its index.
CREATE TABLE "MovieViewers" (
    "movieId" UUID NOT NULL,
    "viewers" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "MovieViewers_pkey" PRIMARY KEY ("movieId")
);
ALTER TABLE "MovieViewers" ADD CONSTRAINT "MovieViewers_movieId_fkey" FOREIGN KEY ("movieId") REFERENCES "Movie"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "MovieViewers_viewers_idx" ON "MovieViewers"("viewers" DESC);

INSERT INTO "SiteCount" ("name", "count")
  SELECT 'movies', count(*) FROM "Movie"
  UNION ALL SELECT 'categories', count(*) FROM "Category"
  UNION ALL SELECT 'users', count(*) FROM "User"
  UNION ALL SELECT 'media:' || s.state, count(m."id")
    FROM unnest(ARRAY['none', 'queued', 'transcoding', 'ready', 'failed', 'cancelled']) AS s(state)
    LEFT JOIN "Movie" m ON coalesce(m."mediaState"::text, 'none') = s.state
   GROUP BY s.state;
INSERT INTO "MovieViewers" ("movieId", "viewers")
  SELECT "movieId", count(*) FROM "WatchProgress" GROUP BY "movieId";

-- Statement triggers: an import's batch of 500 movies moves each figure once.
CREATE FUNCTION marquee_site_count_rows() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the figure this table's rows are counted in.
  IF TG_OP = 'INSERT' THEN
    UPDATE "SiteCount" SET "count" = "count" + (SELECT count(*) FROM changed_rows) WHERE "name" = TG_ARGV[0];
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "SiteCount" SET "count" = "count" - (SELECT count(*) FROM changed_rows) WHERE "name" = TG_ARGV[0];
  ELSE
    UPDATE "SiteCount" SET "count" = 0 WHERE "name" = TG_ARGV[0] OR (TG_ARGV[0] = 'movies' AND "name" LIKE 'media:%');
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION marquee_site_count_media() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "SiteCount" s SET "count" = s."count" + CASE WHEN TG_OP = 'INSERT' THEN c.n ELSE -c.n END
    FROM (SELECT 'media:' || coalesce("mediaState"::text, 'none') AS name, count(*) AS n FROM changed_rows GROUP BY 1) c
   WHERE s."name" = c.name;
  RETURN NULL;
END;
$$;

-- A movie's transcode state changing: only real changes fire it (a progress update does not).
CREATE FUNCTION marquee_site_count_media_state() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "SiteCount" SET "count" = "count" - 1 WHERE "name" = 'media:' || coalesce(OLD."mediaState"::text, 'none');
  UPDATE "SiteCount" SET "count" = "count" + 1 WHERE "name" = 'media:' || coalesce(NEW."mediaState"::text, 'none');
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Movie_site_count_insert" AFTER INSERT ON "Movie"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_rows('movies');
CREATE TRIGGER "Movie_site_count_delete" AFTER DELETE ON "Movie"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_rows('movies');
CREATE TRIGGER "Movie_site_count_truncate" AFTER TRUNCATE ON "Movie"
  FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_rows('movies');
CREATE TRIGGER "Movie_media_count_insert" AFTER INSERT ON "Movie"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_media();
CREATE TRIGGER "Movie_media_count_delete" AFTER DELETE ON "Movie"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_media();
CREATE TRIGGER "Movie_media_count_state" AFTER UPDATE OF "mediaState" ON "Movie"
  FOR EACH ROW WHEN (OLD."mediaState" IS DISTINCT FROM NEW."mediaState") EXECUTE FUNCTION marquee_site_count_media_state();
CREATE TRIGGER "Category_site_count_insert" AFTER INSERT ON "Category"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_rows('categories');
CREATE TRIGGER "Category_site_count_delete" AFTER DELETE ON "Category"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_rows('categories');
CREATE TRIGGER "Category_site_count_truncate" AFTER TRUNCATE ON "Category"
  FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_rows('categories');
CREATE TRIGGER "User_site_count_insert" AFTER INSERT ON "User"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_rows('users');
CREATE TRIGGER "User_site_count_delete" AFTER DELETE ON "User"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_rows('users');
CREATE TRIGGER "User_site_count_truncate" AFTER TRUNCATE ON "User"
  FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_rows('users');

-- A member's first watch of a movie adds a viewer, deleting their progress (or the member) takes one
-- away. A movie being deleted has lost its MovieViewers row to the cascade already: the UPDATE then
-- finds nothing. Saving a position again is an UPDATE of the row and fires nothing.
CREATE FUNCTION marquee_viewers_added() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "MovieViewers" ("movieId", "viewers")
    SELECT "movieId", count(*) FROM changed_rows GROUP BY "movieId"
  ON CONFLICT ("movieId") DO UPDATE SET "viewers" = "MovieViewers"."viewers" + EXCLUDED."viewers";
  RETURN NULL;
END;
$$;
CREATE FUNCTION marquee_viewers_removed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "MovieViewers" v SET "viewers" = GREATEST(v."viewers" - r.removed, 0)
    FROM (SELECT "movieId", count(*) AS removed FROM changed_rows GROUP BY "movieId") r
   WHERE v."movieId" = r."movieId";
  RETURN NULL;
END;
$$;
CREATE FUNCTION marquee_viewers_truncated() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "MovieViewers";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "WatchProgress_viewers_insert" AFTER INSERT ON "WatchProgress"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_viewers_added();
CREATE TRIGGER "WatchProgress_viewers_delete" AFTER DELETE ON "WatchProgress"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_viewers_removed();
CREATE TRIGGER "WatchProgress_viewers_truncate" AFTER TRUNCATE ON "WatchProgress"
  FOR EACH STATEMENT EXECUTE FUNCTION marquee_viewers_truncated();
