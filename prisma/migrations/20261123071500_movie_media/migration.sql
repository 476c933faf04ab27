-- Adaptive streaming (issue 14): each movie's transcoding status, its HLS ladder and real duration.

-- CreateEnum
CREATE TYPE "MediaState" AS ENUM ('queued', 'transcoding', 'ready', 'failed');

-- AlterTable
ALTER TABLE "Movie"
  ADD COLUMN "durationSeconds" DOUBLE PRECISION,
  ADD COLUMN "mediaState" "MediaState",
  ADD COLUMN "mediaProgress" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "mediaError" TEXT,
  ADD COLUMN "mediaJobId" UUID,
  -- Written by the worker every few seconds while it transcodes: a stale one means the worker died.
  ADD COLUMN "mediaHeartbeatAt" TIMESTAMPTZ(3),
  ADD COLUMN "hlsFolder" TEXT,
  ADD COLUMN "mediaFiles" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
