// Admin: the movie list and its bulk actions, a movie for the edit form, and transcoding (docs/api.md
// "Admin: the movie list (issue 26)", "Admin: transcoding").
import {
  ADMIN_MEDIA_FILTERS,
  ADMIN_MOVIE_PAGE_SIZES,
  ADMIN_MOVIE_SORTS,
  ADMIN_STATUS_FILTERS,
  adminMovieBulkSchema,
} from "@/lib/validation/admin-movie";
import { PAGE, idParam, paging, queryParams, ref, requestSchema, tagged, type ApiResource } from "./operation";

const { admin } = tagged("admin");
const movieId = idParam("movie");

export const adminMoviesApi: ApiResource = {
  requestBodies: { AdminMovieBulkBody: requestSchema(adminMovieBulkSchema) },
  paths: {
    "/api/admin/movies": {
      get: admin("The admin movie list: drafts included, searched, filtered, sorted, paginated", {
        parameters: queryParams({
          search: "The site's own search (typo-tolerant; docs/api.md, Search)",
          category: "A category id",
          status: `${ADMIN_STATUS_FILTERS.join(" or ")}`,
          media: `The video: ${ADMIN_MEDIA_FILTERS.join(", ")} (original: not transcoded; none: no video at all)`,
          sort: `${ADMIN_MOVIE_SORTS.join(", ")}; without it best matches first for a search, else newest first`,
          order: "asc or desc; newest first for created, A-Z for the others without it",
          ...paging(`Page size: ${ADMIN_MOVIE_PAGE_SIZES.join(", ")} (default 50)`, PAGE),
        }),
        responses: {
          200: ["A page of movies", ref("AdminMoviePage")],
          400: "A parameter is not one of its values",
        },
      }),
    },
    "/api/admin/movies/{id}": {
      get: admin("A movie for the edit form, draft or published", {
        parameters: movieId,
        responses: { 200: ["The movie", ref("AdminMovieDetail")], 404: "Movie not found" },
      }),
    },
    "/api/admin/movies/bulk": {
      post: admin(
        "Delete, move to a category, transcode again, publish or unpublish the selected movies (at most 100)",
        {
          body: "AdminMovieBulkBody",
          responses: {
            200: ["What was done, and for which movies it was not", ref("AdminMovieBulkResult")],
            400: "Invalid input, an unknown category, or transcoding is off",
          },
        },
      ),
    },
    "/api/admin/media": {
      get: admin("Whether transcoding is on (and why not), and each movie's transcode state", {
        responses: { 200: ["The media overview", ref("MediaOverview")] },
      }),
    },
    "/api/movie/{id}/transcode": {
      post: admin("Transcode the movie's video again (the retry of a failed transcode)", {
        parameters: movieId,
        responses: {
          200: ["Queued", ref("TranscodeQueued")],
          400: "Transcoding is off (no ffmpeg), or the video is not a file stored here",
          404: "Movie not found",
        },
      }),
      delete: admin(
        "Cancel the movie's queued or running transcode (ffmpeg stops within seconds); its state becomes cancelled",
        {
          parameters: movieId,
          responses: {
            200: ["`Transcoding cancelled`", ref("Message")],
            404: "Movie not found",
            409: "No transcode of this movie is queued or running",
          },
        },
      ),
    },
  },
};
