-- State every app instance must share, kept in PostgreSQL (issues 8 and 13).

-- Login throttling counters, in the layout of rate-limiter-flexible's RateLimiterPostgres
-- (key, points, expire in epoch milliseconds). Keys are hashes, never emails or addresses.
CREATE TABLE "RateLimit" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "RateLimit_expire_idx" ON "RateLimit"("expire");

-- Web sessions: the NextAuth cookie carries the id; sign-out deletes the row.
CREATE TABLE "Session" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Session_userId_idx" ON "Session"("userId");
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One-time codes that complete a Google sign-in in the browser that started it (/login?data=&code=).
CREATE TABLE "HandOverCode" (
    "codeHash" TEXT NOT NULL,
    "stateHash" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HandOverCode_pkey" PRIMARY KEY ("codeHash")
);
CREATE INDEX "HandOverCode_expiresAt_idx" ON "HandOverCode"("expiresAt");
ALTER TABLE "HandOverCode" ADD CONSTRAINT "HandOverCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every stored upload and who sent it: quotas count them, the clean-up job removes unused ones.
CREATE TABLE "Upload" (
    "key" TEXT NOT NULL,
    "ownerId" UUID,
    "size" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Upload_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "Upload_ownerId_createdAt_idx" ON "Upload"("ownerId", "createdAt");
CREATE INDEX "Upload_createdAt_idx" ON "Upload"("createdAt");
ALTER TABLE "Upload" ADD CONSTRAINT "Upload_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
