-- The Statistics page's plays per day kept by triggers
-- (docs/architecture.md "Totals kept by triggers"): the chart grouped a month of WatchProgress on every visit, half a million rows for a
-- site of 50,000 members. A play is a member's viewing of a movie on the day of its last saved
-- position (WatchProgress keeps one row per member and movie), so a row counts on the UTC day of its
-- "updatedAt" and moves to a later day when the member watches it again then.
CREATE TABLE "PlaysPerDay" (
    "day" DATE NOT NULL,
    "plays" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "PlaysPerDay_pkey" PRIMARY KEY ("day")
);

INSERT INTO "PlaysPerDay" ("day", "plays")
  SELECT "updatedAt"::date, count(*) FROM "WatchProgress" GROUP BY 1;

-- Rows inserted or deleted, a statement at a time (a member's deletion cascades to all their rows).
CREATE FUNCTION marquee_plays_added() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "PlaysPerDay" ("day", "plays")
    SELECT "updatedAt"::date, count(*) FROM changed_rows GROUP BY 1
  ON CONFLICT ("day") DO UPDATE SET "plays" = "PlaysPerDay"."plays" + EXCLUDED."plays";
  RETURN NULL;
END;
$$;
CREATE FUNCTION marquee_plays_removed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "PlaysPerDay" p SET "plays" = GREATEST(p."plays" - r.removed, 0)
    FROM (SELECT "updatedAt"::date AS day, count(*) AS removed FROM changed_rows GROUP BY 1) r
   WHERE p."day" = r.day;
  RETURN NULL;
END;
$$;
-- A position saved on a later day than the last: the play moves to that day. Saving again the same
-- day (every few seconds while a film plays) compares two dates and does nothing else.
CREATE FUNCTION marquee_plays_moved() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "PlaysPerDay" SET "plays" = GREATEST("plays" - 1, 0) WHERE "day" = OLD."updatedAt"::date;
  INSERT INTO "PlaysPerDay" ("day", "plays") VALUES (NEW."updatedAt"::date, 1)
  ON CONFLICT ("day") DO UPDATE SET "plays" = "PlaysPerDay"."plays" + 1;
  RETURN NULL;
END;
$$;
CREATE FUNCTION marquee_plays_truncated() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "PlaysPerDay";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "WatchProgress_plays_insert" AFTER INSERT ON "WatchProgress"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_plays_added();
CREATE TRIGGER "WatchProgress_plays_delete" AFTER DELETE ON "WatchProgress"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION marquee_plays_removed();
CREATE TRIGGER "WatchProgress_plays_move" AFTER UPDATE OF "updatedAt" ON "WatchProgress"
  FOR EACH ROW WHEN (OLD."updatedAt"::date IS DISTINCT FROM NEW."updatedAt"::date)
  EXECUTE FUNCTION marquee_plays_moved();
CREATE TRIGGER "WatchProgress_plays_truncate" AFTER TRUNCATE ON "WatchProgress"
  FOR EACH STATEMENT EXECUTE FUNCTION marquee_plays_truncated();
