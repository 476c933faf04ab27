-- Two changes to the movie figures of SiteCount (migration 20261128230000_statistics_counts,
-- docs/architecture.md "Totals kept by triggers"):
--
-- 1. The admin movie list's video filters counted without reading the table
--    (docs/api.md "Listing at scale"): at 1,000,000 movies counting "no video" or "not transcoded"
--    for a page's total took half a second. The transcode states are counted already
--    ('media:<state>'); two figures are added for the filters that are not a state:
--      'video:none'      movies with no video ("video" = '');
--      'video:original'  movies with a video never queued for transcoding (served as uploaded).
--
-- 2. A change of state is counted once per statement, not once per row. The row trigger updated the
--    same SiteCount rows once per movie: within one transaction each update leaves a version of the
--    row that the next must step over, so one UPDATE of 250,000 movies' states (cancelling a
--    backlog, queueing one) ran for more than 20 minutes. The statement trigger below compares the
--    rows before and after (transition tables) and moves each figure once. PostgreSQL allows no
--    column list on a trigger with transition tables, so it fires on every update of Movie; when no
--    figure moves (an edit, a transcode's progress) it writes nothing.

-- Which of the two video figures a movie counts in, if any.
CREATE FUNCTION marquee_video_figure(video TEXT, state "MediaState") RETURNS TEXT
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN video = '' THEN 'video:none' WHEN state IS NULL THEN 'video:original' END
$$;

INSERT INTO "SiteCount" ("name", "count")
  SELECT f.name, count(m."id")
    FROM unnest(ARRAY['video:none', 'video:original']) AS f(name)
    LEFT JOIN "Movie" m ON marquee_video_figure(m."video", m."mediaState") = f.name
   GROUP BY f.name;

-- Movies inserted or deleted: their transcode state's figure and their video figure.
CREATE OR REPLACE FUNCTION marquee_site_count_media() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "SiteCount" s SET "count" = s."count" + CASE WHEN TG_OP = 'INSERT' THEN c.n ELSE -c.n END
    FROM (SELECT f.name, count(*) AS n
            FROM changed_rows r,
                 LATERAL (VALUES ('media:' || coalesce(r."mediaState"::text, 'none')),
                                 (marquee_video_figure(r."video", r."mediaState"))) AS f(name)
           WHERE f.name IS NOT NULL
           GROUP BY f.name) c
   WHERE s."name" = c.name;
  RETURN NULL;
END;
$$;

-- Movies updated: each figure moves by the rows that entered it less the rows that left it.
CREATE FUNCTION marquee_site_count_media_moved() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "SiteCount" s SET "count" = s."count" + d.n
    FROM (SELECT f.name, sum(r.n) AS n
            FROM (SELECT "mediaState", "video", 1 AS n FROM new_rows
                  UNION ALL
                  SELECT "mediaState", "video", -1 FROM old_rows) r,
                 LATERAL (VALUES ('media:' || coalesce(r."mediaState"::text, 'none')),
                                 (marquee_video_figure(r."video", r."mediaState"))) AS f(name)
           WHERE f.name IS NOT NULL
           GROUP BY f.name
          HAVING sum(r.n) <> 0) d
   WHERE s."name" = d.name;
  RETURN NULL;
END;
$$;

DROP TRIGGER "Movie_media_count_state" ON "Movie";
DROP FUNCTION marquee_site_count_media_state();
CREATE TRIGGER "Movie_media_count_update" AFTER UPDATE ON "Movie"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION marquee_site_count_media_moved();

-- Emptying the movies empties the video figures with the others.
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

-- The pages of the two video filters, newest first (the list's default order): on a site where
-- nearly every movie has a video, or nearly none, the index in that order would otherwise be walked
-- past most of the catalogue to fill a page of the rare kind.
CREATE INDEX "Movie_no_video_createdAt_id_idx" ON "Movie"("createdAt" DESC, "id") WHERE "video" = '';
CREATE INDEX "Movie_original_video_createdAt_id_idx" ON "Movie"("createdAt" DESC, "id")
  WHERE "video" <> '' AND "mediaState" IS NULL;
