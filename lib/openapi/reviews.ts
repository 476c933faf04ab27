// Reviews (docs/api.md "Movies"): a member's own review of a movie, and a movie's reviews page by page.
import { reviewSchema } from "@/lib/validation/review";
import { MAX_REVIEW_PAGE_SIZE, REVIEW_PAGE_SIZE, REVIEW_SORTS } from "@/lib/validation/review-options";
import { idParam, paging, queryParams, ref, requestSchema, tagged, type ApiResource } from "./operation";

const { anyone, signedIn } = tagged("reviews");
const movieId = idParam("movie");
const updatedMovie: [string, unknown] = ["The movie, rate and reviews updated", ref("MovieDetail")];

export const reviewsApi: ApiResource = {
  requestBodies: {
    ReviewBody: requestSchema(reviewSchema, { rating: { minimum: 0, maximum: 5 } }, ["rating"]),
  },
  paths: {
    "/api/movie/review/{id}": {
      get: signedIn("The caller's own review of the movie, or `{ review: null }`", {
        parameters: movieId,
        responses: { 200: ["The caller's review", ref("OwnReview")], 404: "Movie not found" },
      }),
      delete: signedIn(
        "Delete the caller's review of the movie (idempotent); rate and countReviews are recomputed in the same transaction",
        { parameters: movieId, responses: { 200: updatedMovie, 404: "Movie not found" } },
      ),
      post: signedIn("Review a movie; a second review by the same user replaces the first", {
        parameters: movieId,
        body: "ReviewBody",
        responses: { 200: updatedMovie, 404: "Movie not found" },
      }),
    },
    "/api/movie/{id}/reviews": {
      get: anyone("A page of a movie's reviews, newest or highest rated first", {
        parameters: [
          ...movieId,
          ...queryParams({
            sort: `${REVIEW_SORTS.join(" or ")}: newest first (the default), or highest rating first (then newest)`,
            ...paging(`Page size, default ${REVIEW_PAGE_SIZE}, at most ${MAX_REVIEW_PAGE_SIZE}`),
          }),
        ],
        responses: {
          200: ["A page of reviews", ref("ReviewPage")],
          400: "An unknown sort, or page or limit not digits, or limit > 100",
          404: "Movie not found",
        },
      }),
    },
  },
};
