import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { db } from "@/lib/database/db";
import { notFound } from "@/lib/errors";
import type { ReviewInput, ReviewListQuery } from "@/lib/validation/review";
import { REVIEW_PAGE_SIZE, type ReviewSort } from "@/lib/validation/review-options";
import { cacheTags } from "@/lib/cache/tags";
import { isUuid } from "@/lib/validation/ids";
import { MOVIE_NOT_FOUND, movieTags } from "./movies";
import { writeEffects, type WriteEffects } from "./write-effects";
import { reviewSelect, toReviewItem } from "./movie-shapes";
import { lockMovie, refreshMovieRating } from "./ratings";
import type { OwnReview, ReviewPage } from "@/lib/api-shapes";

export type { OwnReview, ReviewPage };

/**
 * POST /api/movie/review/{id}: one review per user and movie; a second one replaces the first
 * (and counts as new, so it comes first in the list). The movie's rate and countReviews are
 * recomputed in the same transaction, under the movie's row lock.
 */
export async function upsertReview(userId: string, movieId: string, input: ReviewInput): Promise<WriteEffects> {
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
  return writeEffects({ staleTags: movieTags(movieId) }); // the review list, and the rating every list shows
}

/**
 * DELETE /api/movie/review/{id}: removes the caller's review of the movie, and recomputes its rate
 * and countReviews in the same transaction, under the movie's row lock (as upsertReview does).
 * Idempotent: without a review nothing changes and the movie is answered as it is.
 */
export async function deleteReview(userId: string, movieId: string): Promise<WriteEffects> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  const removed = await db.$transaction(async (tx) => {
    if (!(await lockMovie(tx, movieId))) throw notFound(MOVIE_NOT_FOUND);
    const { count } = await tx.review.deleteMany({ where: { userId, movieId } });
    if (count > 0) await refreshMovieRating(tx, movieId);
    return count > 0;
  });
  return writeEffects({ staleTags: removed ? movieTags(movieId) : [] });
}

/**
 * GET /api/movie/review/{id}: the caller's own review of the movie, or null. The movie page finds it
 * among the detail's newest 100 reviews; it asks here only when the movie has more.
 */
export async function getOwnReview(userId: string, movieId: string): Promise<OwnReview> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  const [review, movie] = await Promise.all([
    db.review.findUnique({ where: { userId_movieId: { userId, movieId } }, select: reviewSelect }),
    db.movie.findUnique({ where: { id: movieId }, select: { id: true } }),
  ]);
  if (!movie) throw notFound(MOVIE_NOT_FOUND);
  return { review: review && toReviewItem(review) };
}

const REVIEW_ORDERS = {
  newest: [{ createdAt: "desc" }, { id: "desc" }],
  // Equal ratings: the newer review first, as in the newest order.
  highest: [{ rating: "desc" }, { createdAt: "desc" }, { id: "desc" }],
} as const satisfies Record<ReviewSort, object[]>;

/**
 * GET /api/movie/{id}/reviews: a page of a movie's reviews, newest or highest rated first. Cached
 * with the movie's detail (the same tag: a review written or deleted, or a reviewer's new name,
 * expires both).
 */
export async function listReviews(movieId: string, query: ReviewListQuery): Promise<ReviewPage> {
  if (!isUuid(movieId)) throw notFound(MOVIE_NOT_FOUND);
  const page = await cachedReviewPage(
    movieId,
    query.sort ?? "newest",
    query.page ?? 1,
    query.limit ?? REVIEW_PAGE_SIZE,
  );
  if (!page) throw notFound(MOVIE_NOT_FOUND);
  return page;
}

async function cachedReviewPage(
  movieId: string,
  sort: ReviewSort,
  page: number,
  limit: number,
): Promise<ReviewPage | null> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.movie(movieId));
  const movie = await db.movie.findUnique({ where: { id: movieId }, select: { countReviews: true } });
  if (!movie) return null;
  const rows = await db.review.findMany({
    where: { movieId },
    select: reviewSelect,
    orderBy: [...REVIEW_ORDERS[sort]],
    skip: (page - 1) * limit,
    take: limit,
  });
  return {
    reviews: rows.map(toReviewItem),
    reviewsCount: movie.countReviews,
    totalPage: Math.ceil(movie.countReviews / limit),
    currentPage: page,
  };
}
