import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/errors";
import type { ReviewInput } from "@/lib/validation/review";
import { isUuid } from "./ids";
import { MOVIE_NOT_FOUND, expireMovie, requireMovieDetail } from "./movies";
import type { MovieDetail } from "./movie-shapes";
import { lockMovie, refreshMovieRating } from "./ratings";

/**
 * POST /api/movie/review/{id}: one review per user and movie; a second one replaces the first
 * (and counts as new, so it comes first in the list). The movie's rate and countReviews are
 * recomputed in the same transaction, under the movie's row lock.
 */
export async function upsertReview(userId: string, movieId: string, input: ReviewInput): Promise<MovieDetail> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  await db.$transaction(async (tx) => {
    if (!(await lockMovie(tx, movieId, { publishedOnly: true }))) throw notFound(MOVIE_NOT_FOUND);
    const review = { rating: input.rating, comment: input.message, createdAt: new Date() };
    await tx.review.upsert({
      where: { userId_movieId: { userId, movieId } },
      create: { userId, movieId, ...review },
      update: review,
    });
    await refreshMovieRating(tx, movieId);
  });
  await expireMovie(movieId); // the review list, and the rating every list shows
  return requireMovieDetail(movieId);
}
