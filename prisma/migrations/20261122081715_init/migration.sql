-- Extensions Prisma does not model: citext for case-insensitive emails and category names,
-- pg_trgm and unaccent for typo- and accent-forgiving search.
CREATE EXTENSION IF NOT EXISTS citext;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- CreateTable
CREATE TABLE "User" (
    "id" UUID NOT NULL,
    "email" CITEXT NOT NULL,
    "fullName" VARCHAR(100) NOT NULL,
    "passwordHash" TEXT NOT NULL DEFAULT '',
    "image" TEXT NOT NULL DEFAULT '',
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "credentialsVersion" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Category" (
    "id" UUID NOT NULL,
    "name" CITEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Category_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Movie" (
    "id" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "searchName" TEXT NOT NULL DEFAULT '',
    "desc" VARCHAR(5000) NOT NULL DEFAULT '',
    "titleImage" TEXT NOT NULL,
    "image" TEXT NOT NULL,
    "language" VARCHAR(40) NOT NULL,
    "year" INTEGER NOT NULL,
    "hour" INTEGER NOT NULL,
    "video" TEXT NOT NULL,
    "categoryId" UUID NOT NULL,
    "rate" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "countReviews" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Movie_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CastMember" (
    "id" UUID NOT NULL,
    "movieId" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "image" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "CastMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Review" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "movieId" UUID NOT NULL,
    "rating" INTEGER NOT NULL,
    "comment" VARCHAR(1000) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Favorite" (
    "userId" UUID NOT NULL,
    "movieId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Favorite_pkey" PRIMARY KEY ("userId","movieId")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_createdAt_idx" ON "User"("createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Category_name_key" ON "Category"("name");

-- CreateIndex
CREATE INDEX "Movie_createdAt_id_idx" ON "Movie"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Movie_categoryId_createdAt_idx" ON "Movie"("categoryId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Movie_language_idx" ON "Movie"("language");

-- CreateIndex
CREATE INDEX "Movie_year_idx" ON "Movie"("year");

-- CreateIndex
CREATE INDEX "Movie_hour_idx" ON "Movie"("hour");

-- CreateIndex
CREATE INDEX "Movie_rate_countReviews_name_idx" ON "Movie"("rate" DESC, "countReviews" DESC, "name");

-- CreateIndex
CREATE INDEX "Movie_searchName_trgm_idx" ON "Movie" USING GIN ("searchName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "CastMember_movieId_position_idx" ON "CastMember"("movieId", "position");

-- CreateIndex
CREATE INDEX "Review_movieId_createdAt_idx" ON "Review"("movieId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Review_userId_movieId_key" ON "Review"("userId", "movieId");

-- CreateIndex
CREATE INDEX "Favorite_userId_createdAt_idx" ON "Favorite"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Favorite_movieId_idx" ON "Favorite"("movieId");

-- AddForeignKey
ALTER TABLE "Movie" ADD CONSTRAINT "Movie_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CastMember" ADD CONSTRAINT "CastMember_movieId_fkey" FOREIGN KEY ("movieId") REFERENCES "Movie"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_movieId_fkey" FOREIGN KEY ("movieId") REFERENCES "Movie"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Favorite" ADD CONSTRAINT "Favorite_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Favorite" ADD CONSTRAINT "Favorite_movieId_fkey" FOREIGN KEY ("movieId") REFERENCES "Movie"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules the database keeps even if a client skips the app's validation.
ALTER TABLE "Review" ADD CONSTRAINT "Review_rating_range" CHECK ("rating" BETWEEN 0 AND 5);
ALTER TABLE "Movie" ADD CONSTRAINT "Movie_hour_range" CHECK ("hour" BETWEEN 1 AND 10);
ALTER TABLE "Movie" ADD CONSTRAINT "Movie_year_range" CHECK ("year" >= 1888);
ALTER TABLE "Movie" ADD CONSTRAINT "Movie_rate_range" CHECK ("rate" BETWEEN 0 AND 5);
ALTER TABLE "Movie" ADD CONSTRAINT "Movie_countReviews_positive" CHECK ("countReviews" >= 0);

-- unaccent() is only STABLE (its dictionary could change), so it cannot feed an index directly.
-- This wrapper names the dictionary explicitly, which makes it safe to declare IMMUTABLE.
CREATE FUNCTION marquee_search_text(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, lower(input));

-- "searchName" is what search matches against; the trigger keeps it equal to
-- marquee_search_text(name) whatever writes the row.
CREATE FUNCTION marquee_movie_search_name() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchName" := marquee_search_text(NEW."name");
  RETURN NEW;
END;
$$;

CREATE TRIGGER "Movie_searchName_sync"
  BEFORE INSERT OR UPDATE OF "name" ON "Movie"
  FOR EACH ROW EXECUTE FUNCTION marquee_movie_search_name();
