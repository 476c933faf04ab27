// Recommendations (docs/api.md "Recommendations"): trending, more like this, because you watched.
import { arrayOf, idParam, tagged, type ApiResource } from "./operation";

const { anyone, signedIn } = tagged("recommendations");

export const recommendationsApi: ApiResource = {
  paths: {
    "/api/movie/trending": {
      get: anyone("Trending this week: the 10 movies members played most in the last 7 days (cached up to a minute)", {
        responses: { 200: ["Movies, most played first, with their plays", arrayOf("TrendingMovie")] },
      }),
    },
    "/api/movie/{id}/similar": {
      get: anyone(
        "More like this: up to 20 movies most like this one, from what members watch, like and rate with it, its category and its cast (cached up to a minute)",
        {
          parameters: idParam("movie"),
          responses: { 200: ["Movies, most alike first", arrayOf("MovieListItem")], 404: "Movie not found" },
        },
      ),
    },
    "/api/user/recommendations": {
      get: signedIn(
        "Because you watched: up to 3 rows of up to 10 movies, each for a movie the user recently watched, never one they have watched, liked or rated",
        { responses: { 200: ["The rows, most recent first", arrayOf("RecommendationRow")] } },
      ),
    },
  },
};
