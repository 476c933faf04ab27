-- Running a real catalogue (issue 26): drafts, the external ids of catalogue imports, import jobs
-- and their rows, and the files imports brought in.

-- CreateEnum
CREATE TYPE "ImportKind" AS ENUM ('file', 'folder');

-- CreateEnum
CREATE TYPE "ImportState" AS ENUM ('queued', 'running', 'done', 'failed');

-- CreateEnum
CREATE TYPE "ImportOutcome" AS ENUM ('created', 'updated', 'skipped', 'failed');

-- A draft (a film found in IMPORT_DIR) has what its file told: a title, a year, a video. Its category
-- and running time come when an admin completes it; a published movie always has both.
ALTER TABLE "Movie" ADD COLUMN "draft" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "externalId" VARCHAR(200),
ALTER COLUMN "hour" DROP NOT NULL,
ALTER COLUMN "categoryId" DROP NOT NULL;
ALTER TABLE "Movie" ADD CONSTRAINT "Movie_published_complete"
  CHECK ("draft" OR ("categoryId" IS NOT NULL AND "hour" IS NOT NULL));

-- CreateTable
CREATE TABLE "ImportJob" (
    "id" UUID NOT NULL,
    "kind" "ImportKind" NOT NULL,
    "dryRun" BOOLEAN NOT NULL,
    "state" "ImportState" NOT NULL DEFAULT 'queued',
    "fileName" VARCHAR(255) NOT NULL DEFAULT '',
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "siteOrigins" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ImportJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImportRow" (
    "importId" UUID NOT NULL,
    "row" INTEGER NOT NULL,
    "externalId" VARCHAR(200) NOT NULL DEFAULT '',
    "name" VARCHAR(200) NOT NULL DEFAULT '',
    "input" JSONB NOT NULL,
    "outcome" "ImportOutcome",
    "errors" JSONB NOT NULL DEFAULT '[]',
    "movieId" UUID,

    CONSTRAINT "ImportRow_pkey" PRIMARY KEY ("importId","row")
);

-- CreateTable
CREATE TABLE "ImportedFile" (
    "source" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportedFile_pkey" PRIMARY KEY ("source")
);

-- CreateIndex
CREATE INDEX "ImportJob_createdAt_idx" ON "ImportJob"("createdAt" DESC);

-- CreateIndex
CREATE INDEX "ImportRow_importId_outcome_idx" ON "ImportRow"("importId", "outcome");

-- CreateIndex
CREATE UNIQUE INDEX "Movie_externalId_key" ON "Movie"("externalId");

-- CreateIndex
CREATE INDEX "Movie_draft_createdAt_id_idx" ON "Movie"("draft", "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Movie_mediaState_createdAt_id_idx" ON "Movie"("mediaState", "createdAt" DESC, "id");

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportRow" ADD CONSTRAINT "ImportRow_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ImportJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The unfiltered listing's total (CatalogueCount) is what the public sees: published movies only.
-- Statement triggers count inserted and deleted rows that are not drafts; a row trigger follows a
-- draft being published (or a movie taken back to draft).
CREATE OR REPLACE FUNCTION marquee_catalogue_count_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "CatalogueCount" SET "movies" = "movies" + (SELECT count(*) FROM changed_rows WHERE NOT "draft") WHERE "id" = 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "CatalogueCount" SET "movies" = "movies" - (SELECT count(*) FROM changed_rows WHERE NOT "draft") WHERE "id" = 1;
  ELSE
    UPDATE "CatalogueCount" SET "movies" = 0 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION marquee_catalogue_count_published() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "CatalogueCount" SET "movies" = "movies" + CASE WHEN NEW."draft" THEN -1 ELSE 1 END WHERE "id" = 1;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Movie_count_publish" AFTER UPDATE OF "draft" ON "Movie"
  FOR EACH ROW WHEN (OLD."draft" IS DISTINCT FROM NEW."draft") EXECUTE FUNCTION marquee_catalogue_count_published();
