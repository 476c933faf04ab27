-- When each catalogue cache tag was last expired, so that every app instance drops the entries it
-- holds in memory for that tag (lib/cache/handler.mjs, docs/deploy.md). One row per tag.
CREATE TABLE "CacheTag" (
    "tag" TEXT NOT NULL,
    "version" BIGSERIAL NOT NULL,
    "revalidatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiredAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CacheTag_pkey" PRIMARY KEY ("tag")
);
-- Instances ask for the rows past the last version they saw, on every request that reads the cache.
CREATE INDEX "CacheTag_version_idx" ON "CacheTag"("version");
