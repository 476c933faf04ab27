// The member's own movies (docs/api.md "Favourites", "Watch progress", "History", "My List"): always
// the caller's, so every operation needs a signed-in caller.
import { favoriteToggleSchema } from "@/lib/validation/favorite";
import { historyMarkSchema, watchProgressSchema } from "@/lib/validation/progress";
import { arrayOf, idParam, paging, queryParams, ref, requestSchema, tagged, type ApiResource } from "./operation";

const favorites = tagged("favorites");
const progress = tagged("progress");
const myList = tagged("my list");
const movieId = idParam("movie", "movieId");

/** PUT and POST /api/user/progress/{movieId} are one operation (POST is for sendBeacon). */
const saveProgress = (summary: string) =>
  progress.signedIn(summary, {
    parameters: movieId,
    body: "WatchProgressBody",
    responses: { 200: ["Saved", ref("WatchProgress")], 404: "Movie not found" },
  });
/** Taking a movie off a list is idempotent: only a malformed id is a 404. */
const removal = (answer: [string, unknown], parameters = movieId) => ({
  parameters,
  responses: { 200: answer, 404: "Malformed movie id" },
});

export const myMoviesApi: ApiResource = {
  requestBodies: {
    FavoriteToggleBody: requestSchema(favoriteToggleSchema),
    WatchProgressBody: requestSchema(watchProgressSchema),
    HistoryMarkBody: requestSchema(historyMarkSchema),
  },
  paths: {
    "/api/user/favorite": {
      get: favorites.signedIn("The favourites, most recently liked first", {
        responses: { 200: ["Movies", arrayOf("MovieListItem")] },
      }),
      post: favorites.signedIn("Like or unlike a movie (toggles)", {
        body: "FavoriteToggleBody",
        responses: { 200: ["The new state", ref("FavoriteToggle")], 404: "Movie not found" },
      }),
      delete: favorites.signedIn("Remove every favourite", { responses: { 200: ["Removed", ref("Message")] } }),
    },
    "/api/user/favorite/{id}": {
      delete: favorites.signedIn(
        "Remove one favourite (idempotent)",
        removal(["Removed", ref("Message")], idParam("movie")),
      ),
    },
    "/api/user/progress": {
      get: progress.signedIn(
        "Continue watching: movies between 5% and 90% watched, most recently watched first (at most 20)",
        { responses: { 200: ["Movies with where the user stopped", arrayOf("ContinueWatchingItem")] } },
      ),
    },
    "/api/user/progress/{movieId}": {
      put: saveProgress("Save where the user is in a movie (one row per user and movie)"),
      post: saveProgress(
        "The same save as PUT, for navigator.sendBeacon (which can only POST); send the body as application/json",
      ),
      delete: progress.signedIn(
        "Remove a movie from Continue watching (idempotent)",
        removal(["`Removed from Continue watching`", ref("Message")]),
      ),
    },
    "/api/user/history": {
      get: progress.signedIn(
        "History: every movie the user played, most recently watched first, with how far they got",
        {
          parameters: queryParams(paging("Page size, default 20, at most 50")),
          responses: {
            200: ["A page of the history", ref("HistoryPage")],
            400: "page or limit is not digits, or limit > 50",
          },
        },
      ),
    },
    "/api/user/history/{movieId}": {
      put: progress.signedIn(
        "Mark a movie watched (the position goes to the end; a movie never played is added) or unwatched (back to the start)",
        {
          parameters: movieId,
          body: "HistoryMarkBody",
          responses: {
            200: ["The history row after the change", ref("HistoryMark")],
            404: "Movie not found",
          },
        },
      ),
      delete: progress.signedIn(
        "Remove a movie from the history, and so from Continue watching (idempotent)",
        removal(["`Removed from history`", ref("Message")]),
      ),
    },
    "/api/user/list": {
      get: myList.signedIn("My List: the films kept to watch later, most recently added first", {
        responses: { 200: ["Movies", arrayOf("MovieListItem")] },
      }),
    },
    "/api/user/list/{movieId}": {
      put: myList.signedIn("Add a movie to My List (idempotent: already there, it keeps its place)", {
        parameters: movieId,
        responses: { 200: ["`Added to My List`", ref("MyListChange")], 404: "Movie not found" },
      }),
      delete: myList.signedIn(
        "Remove a movie from My List (idempotent)",
        removal(["`Removed from My List`", ref("MyListChange")]),
      ),
    },
  },
};
