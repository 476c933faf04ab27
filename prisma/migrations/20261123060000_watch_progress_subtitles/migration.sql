-- Watch progress (continue watching, resume) and per-movie subtitle tracks.

-- CreateTable
CREATE TABLE "WatchProgress" (
    "userId" UUID NOT NULL,
    "movieId" UUID NOT NULL,
    "position" DOUBLE PRECISION NOT NULL,
    "duration" DOUBLE PRECISION NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WatchProgress_pkey" PRIMARY KEY ("userId","movieId")
);

-- CreateTable
CREATE TABLE "Subtitle" (
    "id" UUID NOT NULL,
    "movieId" UUID NOT NULL,
    "language" VARCHAR(35) NOT NULL,
    "label" VARCHAR(60) NOT NULL,
    "url" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "Subtitle_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WatchProgress_userId_updatedAt_idx" ON "WatchProgress"("userId", "updatedAt" DESC);

-- CreateIndex
CREATE INDEX "WatchProgress_movieId_idx" ON "WatchProgress"("movieId");

-- CreateIndex
CREATE INDEX "Subtitle_movieId_position_idx" ON "Subtitle"("movieId", "position");

-- AddForeignKey
ALTER TABLE "WatchProgress" ADD CONSTRAINT "WatchProgress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WatchProgress" ADD CONSTRAINT "WatchProgress_movieId_fkey" FOREIGN KEY ("movieId") REFERENCES "Movie"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Subtitle" ADD CONSTRAINT "Subtitle_movieId_fkey" FOREIGN KEY ("movieId") REFERENCES "Movie"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Positions and durations are seconds: never negative, and a position never past the end.
ALTER TABLE "WatchProgress" ADD CONSTRAINT "WatchProgress_position_range" CHECK ("position" >= 0 AND "duration" > 0 AND "position" <= "duration");
