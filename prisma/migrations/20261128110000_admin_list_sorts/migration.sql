-- The admin movie list's sorts at a million movies (issue 40, `npm run bench:scale`): each column
-- sort walks an index in its own order instead of sorting the whole table for every page. The list
-- orders ties newest first, then by id, whichever way the column goes (lib/data/admin-movies.ts),
-- so each column needs an index per direction; NULLS LAST as the list orders them.

-- The category's name, copied onto the movie so that the sort by category reads an index instead of
-- joining every movie to its category and sorting the lot. Kept by the triggers below: a movie's
-- category set or changed, a category renamed.
ALTER TABLE "Movie" ADD COLUMN "categoryName" CITEXT;
UPDATE "Movie" m SET "categoryName" = c."name" FROM "Category" c WHERE c."id" = m."categoryId";

CREATE FUNCTION marquee_movie_category_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."categoryName" := (SELECT c."name" FROM "Category" c WHERE c."id" = NEW."categoryId");
  RETURN NEW;
END $$;
CREATE TRIGGER "Movie_categoryName_sync"
  BEFORE INSERT OR UPDATE OF "categoryId" ON "Movie"
  FOR EACH ROW EXECUTE FUNCTION marquee_movie_category_name();

CREATE FUNCTION marquee_category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Movie" SET "categoryName" = NEW."name" WHERE "categoryId" = NEW."id";
  RETURN NULL;
END $$;
CREATE TRIGGER "Category_name_to_movies"
  AFTER UPDATE OF "name" ON "Category"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION marquee_category_renamed();

CREATE INDEX "Movie_categoryName_createdAt_id_idx" ON "Movie"("categoryName" ASC NULLS LAST, "createdAt" DESC, "id");
CREATE INDEX "Movie_categoryName_desc_createdAt_id_idx" ON "Movie"("categoryName" DESC NULLS LAST, "createdAt" DESC, "id");
CREATE INDEX "Movie_language_createdAt_id_idx" ON "Movie"("language" ASC, "createdAt" DESC, "id");
CREATE INDEX "Movie_language_desc_createdAt_id_idx" ON "Movie"("language" DESC, "createdAt" DESC, "id");
CREATE INDEX "Movie_hour_createdAt_id_idx" ON "Movie"("hour" ASC NULLS LAST, "createdAt" DESC, "id");
CREATE INDEX "Movie_hour_desc_createdAt_id_idx" ON "Movie"("hour" DESC NULLS LAST, "createdAt" DESC, "id");
-- Ascending, the transcode state's existing index ("mediaState", "createdAt" DESC, "id") serves.
CREATE INDEX "Movie_mediaState_desc_createdAt_id_idx" ON "Movie"("mediaState" DESC NULLS LAST, "createdAt" DESC, "id");
