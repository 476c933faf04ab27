-- My List (a watch-later list apart from favourites) and the member's "autoplay next" setting.

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "autoplayNext" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "MyListEntry" (
    "userId" UUID NOT NULL,
    "movieId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MyListEntry_pkey" PRIMARY KEY ("userId","movieId")
);

-- CreateIndex
CREATE INDEX "MyListEntry_userId_createdAt_idx" ON "MyListEntry"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "MyListEntry_movieId_idx" ON "MyListEntry"("movieId");

-- AddForeignKey
ALTER TABLE "MyListEntry" ADD CONSTRAINT "MyListEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MyListEntry" ADD CONSTRAINT "MyListEntry_movieId_fkey" FOREIGN KEY ("movieId") REFERENCES "Movie"("id") ON DELETE CASCADE ON UPDATE CASCADE;
