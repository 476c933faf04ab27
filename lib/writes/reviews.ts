import "server-only";
// The review writes of the API (lib/data/reviews.ts): the movie's cache tags expire once the write has
// committed (its review list, and the rating every list shows), and then the movie is answered fresh.
import type { MovieDetail } from "@/lib/data/movie-shapes";
import { requireMovieDetail } from "@/lib/data/movies";
import * as reviews from "@/lib/data/reviews";
import type { ReviewInput } from "@/lib/validation/review";
import { carryOut } from "./effects";

/** POST /api/movie/review/{id}. */
export async function upsertReview(userId: string, movieId: string, input: ReviewInput): Promise<MovieDetail> {
  await carryOut(await reviews.upsertReview(userId, movieId, input));
  return requireMovieDetail(movieId);
}

/** DELETE /api/movie/review/{id}: the movie is answered as it is when there was no review. */
export async function deleteReview(userId: string, movieId: string): Promise<MovieDetail> {
  await carryOut(await reviews.deleteReview(userId, movieId));
  return requireMovieDetail(movieId);
}
