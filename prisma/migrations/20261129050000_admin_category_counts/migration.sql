-- The movies of each category, drafts included, kept in SiteCount as 'category:<id>'
-- (docs/architecture.md "Totals kept by triggers"): the admin movie list filtered by a category read
-- its total by counting the category's movies for every page, 66,000 of them in a 1,000,000-movie
-- catalogue of 15 categories (docs/performance.md "A million movies"). The figure exists while its
-- category does; a category with movies cannot be deleted (Movie_categoryId_fkey is RESTRICT).
-- Statement triggers over transition tables, as the video figures of 20261129010000_admin_media_counts:
-- an import's batch or a bulk move to another category moves each figure once.

INSERT INTO "SiteCount" ("name", "count")
  SELECT 'category:' || c."id", count(m."id")
    FROM "Category" c LEFT JOIN "Movie" m ON m."categoryId" = c."id"
   GROUP BY c."id";

-- A category created starts at 0; one deleted takes its figure with it.
CREATE FUNCTION marquee_category_figure_rows() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "SiteCount" ("name", "count") SELECT 'category:' || "id", 0 FROM changed_rows
      ON CONFLICT ("name") DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM "SiteCount" s USING changed_rows r WHERE s."name" = 'category:' || r."id";
  ELSE
    DELETE FROM "SiteCount" WHERE "name" LIKE 'category:%';
  END IF;
  RETURN NULL;
END;
$$;

-- Movies inserted, deleted or updated: each category's figure moves by the
-- rows that entered it less the rows that left it. Movies emptied: every figure to 0.
CREATE FUNCTION marquee_category_figures_moved() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "SiteCount" SET "count" = 0 WHERE "name" LIKE 'category:%';
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "SiteCount" s SET "count" = s."count" + d.n
      FROM (SELECT r."categoryId", sum(r.n) AS n
              FROM (SELECT "categoryId", 1 AS n FROM new_rows UNION ALL SELECT "categoryId", -1 FROM old_rows) r
             WHERE r."categoryId" IS NOT NULL
             GROUP BY r."categoryId"
            HAVING sum(r.n) <> 0) d
     WHERE s."name" = 'category:' || d."categoryId";
  ELSE
    UPDATE "SiteCount" s SET "count" = s."count" + CASE WHEN TG_OP = 'INSERT' THEN d.n ELSE -d.n END
      FROM (SELECT "categoryId", count(*) AS n FROM changed_rows WHERE "categoryId" IS NOT NULL GROUP BY 1) d
     WHERE s."name" = 'category:' || d."categoryId";
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Category_figure_insert" AFTER INSERT ON "Category"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_category_figure_rows();
CREATE TRIGGER "Category_figure_delete" AFTER DELETE ON "Category"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_category_figure_rows();
CREATE TRIGGER "Category_figure_truncate" AFTER TRUNCATE ON "Category"
  FOR EACH STATEMENT EXECUTE FUNCTION marquee_category_figure_rows();
CREATE TRIGGER "Movie_category_count_insert" AFTER INSERT ON "Movie"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_category_figures_moved();
CREATE TRIGGER "Movie_category_count_delete" AFTER DELETE ON "Movie"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_category_figures_moved();
CREATE TRIGGER "Movie_category_count_update" AFTER UPDATE ON "Movie"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION marquee_category_figures_moved();
CREATE TRIGGER "Movie_category_count_truncate" AFTER TRUNCATE ON "Movie"
  FOR EACH STATEMENT EXECUTE FUNCTION marquee_category_figures_moved();
