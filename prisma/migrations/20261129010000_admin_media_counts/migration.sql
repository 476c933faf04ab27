-- The admin movie list's video filters counted without reading the table
-- (docs/api.md "Listing at scale"): at 1,000,000 movies counting "no video" or "not transcoded" for
-- a page's total took half a second. The transcode states are counted already ('media:<state>' in SiteCount, migration
-- 20261128230000_statistics_counts); this adds the two filters that are not a state:
--   'video:none'      movies with no video ("video" = '');
--   'video:original'  movies with a video never queued for transcoding (served as uploaded).

-- Which of the two figures a movie counts in, if any.
CREATE FUNCTION marquee_video_figure(video TEXT, state "MediaState") RETURNS TEXT
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN video = '' THEN 'video:none' WHEN state IS NULL THEN 'video:original' END
$$;

INSERT INTO "SiteCount" ("name", "count")
  SELECT f.name, count(m."id")
    FROM unnest(ARRAY['video:none', 'video:original']) AS f(name)
    LEFT JOIN "Movie" m ON marquee_video_figure(m."video", m."mediaState") = f.name
   GROUP BY f.name;

-- Inserted and deleted movies, a statement at a time (an import's batch moves each figure once).
CREATE FUNCTION marquee_site_count_video() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "SiteCount" s SET "count" = s."count" + CASE WHEN TG_OP = 'INSERT' THEN c.n ELSE -c.n END
    FROM (SELECT marquee_video_figure("video", "mediaState") AS name, count(*) AS n FROM changed_rows GROUP BY 1) c
   WHERE s."name" = c.name;
  RETURN NULL;
END;
$$;

-- A movie moving from one figure to another: its video removed or added, or its first transcode
-- queued. Only real moves fire it (saving a movie, or a transcode's progress, does not).
CREATE FUNCTION marquee_site_count_video_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "SiteCount" SET "count" = "count" - 1 WHERE "name" = marquee_video_figure(OLD."video", OLD."mediaState");
  UPDATE "SiteCount" SET "count" = "count" + 1 WHERE "name" = marquee_video_figure(NEW."video", NEW."mediaState");
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Movie_video_count_insert" AFTER INSERT ON "Movie"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_video();
CREATE TRIGGER "Movie_video_count_delete" AFTER DELETE ON "Movie"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_video();
CREATE TRIGGER "Movie_video_count_change" AFTER UPDATE OF "video", "mediaState" ON "Movie"
  FOR EACH ROW WHEN (marquee_video_figure(OLD."video", OLD."mediaState") IS DISTINCT FROM marquee_video_figure(NEW."video", NEW."mediaState"))
  EXECUTE FUNCTION marquee_site_count_video_change();

-- Emptying the movies empties these figures with the others (the truncate trigger of 20261128230000).
CREATE OR REPLACE FUNCTION marquee_site_count_rows() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the figure this table's rows are counted in.
  IF TG_OP = 'INSERT' THEN
    UPDATE "SiteCount" SET "count" = "count" + (SELECT count(*) FROM changed_rows) WHERE "name" = TG_ARGV[0];
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "SiteCount" SET "count" = "count" - (SELECT count(*) FROM changed_rows) WHERE "name" = TG_ARGV[0];
  ELSE
    UPDATE "SiteCount" SET "count" = 0
     WHERE "name" = TG_ARGV[0] OR (TG_ARGV[0] = 'movies' AND ("name" LIKE 'media:%' OR "name" LIKE 'video:%'));
  END IF;
  RETURN NULL;
END;
$$;

-- The pages of these two filters, newest first (the list's default order): on a site where nearly
-- every movie has a video, or nearly none, the index in that order would otherwise be walked past
-- most of the catalogue to fill a page of the rare kind.
CREATE INDEX "Movie_no_video_createdAt_id_idx" ON "Movie"("createdAt" DESC, "id") WHERE "video" = '';
CREATE INDEX "Movie_original_video_createdAt_id_idx" ON "Movie"("createdAt" DESC, "id")
  WHERE "video" <> '' AND "mediaState" IS NULL;
