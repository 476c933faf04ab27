import { Prisma } from "@/lib/generated/prisma/client";
import { publishedMovieSql } from "./movie-visibility";

type Tx = Prisma.TransactionClient;

/**
 * Locks a movie's row for the rest of the transaction; false when there is no such movie (with
 * `publishedOnly`, also for a draft, which the public cannot review). Every transaction that changes
 * a movie's reviews takes this lock first, so concurrent review writes on one movie run one after
 * another and refreshMovieRating always sees all of them.
 */
export async function lockMovie(tx: Tx, movieId: string, { publishedOnly = false } = {}): Promise<boolean> {
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT "id" FROM "Movie" mv WHERE "id" = ${movieId}::uuid AND ${publishedOnly ? publishedMovieSql() : Prisma.sql`TRUE`} FOR UPDATE`;
  return rows.length > 0;
}

/**
 * Recomputes a movie's rate (mean rating, one decimal, 0 without reviews) and countReviews from its
 * reviews, in the caller's transaction (which has called lockMovie).
 */
export async function refreshMovieRating(tx: Tx, movieId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Movie" m
    SET "rate" = COALESCE(r.avg, 0), "countReviews" = r.count
    FROM (
      SELECT ROUND(AVG("rating")::numeric, 1)::float8 AS avg, COUNT(*)::int AS count
      FROM "Review" WHERE "movieId" = ${movieId}::uuid
    ) r
    WHERE m."id" = ${movieId}::uuid`;
}
