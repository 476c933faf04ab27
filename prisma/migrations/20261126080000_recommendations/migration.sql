-- Recommendations (docs/architecture.md "Recommendations") and the reviews' "highest rated" order.

-- A movie's reviews highest rated first.
CREATE INDEX "Review_movieId_rating_createdAt_idx" ON "Review"("movieId", "rating" DESC, "createdAt" DESC);

-- A movie's most recent viewers and fans first: the audience whose other films make "More like this".
-- They replace the plain movieId indexes, which they also serve (the foreign keys' cascades).
DROP INDEX "WatchProgress_movieId_idx";
CREATE INDEX "WatchProgress_movieId_updatedAt_idx" ON "WatchProgress"("movieId", "updatedAt" DESC);
DROP INDEX "Favorite_movieId_idx";
CREATE INDEX "Favorite_movieId_createdAt_idx" ON "Favorite"("movieId", "createdAt" DESC);

-- The week's plays ("Trending this week").
CREATE INDEX "WatchProgress_updatedAt_idx" ON "WatchProgress"("updatedAt");

-- Movies that share a cast member, and a category's best rated movies.
CREATE INDEX "CastMember_name_idx" ON "CastMember"("name");
CREATE INDEX "Movie_categoryId_rate_countReviews_idx" ON "Movie"("categoryId", "rate" DESC, "countReviews" DESC);

-- How many signals (WatchProgress, Favorite and Review rows) point at each movie, kept by the
-- statement-level triggers below, so a recommendation query reads a candidate's popularity in one
-- row instead of counting its audience.
CREATE TABLE "MovieAudience" (
    "movieId" UUID NOT NULL,
    "signals" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "MovieAudience_pkey" PRIMARY KEY ("movieId")
);
ALTER TABLE "MovieAudience" ADD CONSTRAINT "MovieAudience_movieId_fkey" FOREIGN KEY ("movieId") REFERENCES "Movie"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "MovieAudience" ("movieId", "signals")
SELECT "movieId", count(*)::int FROM (
  SELECT "movieId" FROM "WatchProgress"
  UNION ALL SELECT "movieId" FROM "Favorite"
  UNION ALL SELECT "movieId" FROM "Review"
) s
GROUP BY "movieId";

-- New rows add to their movies' counts (creating the row); removed rows take away. A movie being
-- deleted has lost its MovieAudience row to the cascade already: the UPDATE then finds nothing,
-- where an upsert would recreate a row for a movie that is going.
CREATE FUNCTION marquee_audience_added() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "MovieAudience" ("movieId", "signals")
  SELECT "movieId", count(*)::int FROM changed_rows GROUP BY "movieId"
  ORDER BY "movieId" -- one lock order for every writer: concurrent batches cannot deadlock
  ON CONFLICT ("movieId") DO UPDATE SET "signals" = "MovieAudience"."signals" + EXCLUDED."signals";
  RETURN NULL;
END;
$$;

CREATE FUNCTION marquee_audience_removed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "MovieAudience" a SET "signals" = GREATEST(a."signals" - r.removed, 0)
  FROM (SELECT "movieId", count(*)::int AS removed FROM changed_rows GROUP BY "movieId" ORDER BY "movieId") r
  WHERE a."movieId" = r."movieId";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "WatchProgress_audience_insert" AFTER INSERT ON "WatchProgress"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_audience_added();
CREATE TRIGGER "WatchProgress_audience_delete" AFTER DELETE ON "WatchProgress"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_audience_removed();
CREATE TRIGGER "Favorite_audience_insert" AFTER INSERT ON "Favorite"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_audience_added();
CREATE TRIGGER "Favorite_audience_delete" AFTER DELETE ON "Favorite"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_audience_removed();
CREATE TRIGGER "Review_audience_insert" AFTER INSERT ON "Review"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_audience_added();
CREATE TRIGGER "Review_audience_delete" AFTER DELETE ON "Review"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_audience_removed();
