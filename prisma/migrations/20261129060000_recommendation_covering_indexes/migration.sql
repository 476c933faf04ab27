-- The signals a movie's neighbours are computed from (lib/data/recommendation-sql.ts) read from the
-- indexes alone. A popular movie's list reads the recent history of up to 900 members of its audience;
-- each member's rows lay on pages of their own, so at 1,000,000 movies and 50,000 members the list read
-- 14,000 table pages and took 250 ms with them in memory, 1.9 s from disk
-- (docs/performance.md "At 1M again: admin totals, covering indexes, and PostgreSQL's memory"). With
-- the columns it reads included, the same list reads index pages only (their rows all visible since
-- the last vacuum): 66 ms.
-- Same names and keys as before, so every other query these indexes served is served as before.
-- Prisma cannot declare INCLUDE: prisma/schema.prisma says so beside each.
DROP INDEX "WatchProgress_userId_updatedAt_idx";
CREATE INDEX "WatchProgress_userId_updatedAt_idx" ON "WatchProgress"("userId", "updatedAt" DESC)
  INCLUDE ("movieId", "position", "duration");
DROP INDEX "WatchProgress_movieId_updatedAt_idx";
CREATE INDEX "WatchProgress_movieId_updatedAt_idx" ON "WatchProgress"("movieId", "updatedAt" DESC)
  INCLUDE ("userId", "position", "duration");
DROP INDEX "Favorite_userId_createdAt_idx";
CREATE INDEX "Favorite_userId_createdAt_idx" ON "Favorite"("userId", "createdAt" DESC) INCLUDE ("movieId");
DROP INDEX "Favorite_movieId_createdAt_idx";
CREATE INDEX "Favorite_movieId_createdAt_idx" ON "Favorite"("movieId", "createdAt" DESC) INCLUDE ("userId");
-- A member's reviews, most recent first: their signals (the unique key on userId, movieId does not
-- hold the order, so each member's reviews were read from the table and sorted).
CREATE INDEX "Review_userId_createdAt_idx" ON "Review"("userId", "createdAt" DESC) INCLUDE ("movieId", "rating");
DROP INDEX "Review_movieId_createdAt_idx";
CREATE INDEX "Review_movieId_createdAt_idx" ON "Review"("movieId", "createdAt" DESC) INCLUDE ("userId", "rating");
