// Movies (docs/api.md "Movies", "Search", "Up next and playback settings"): the public catalogue
// and the admin's create, edit and delete.
import {
  FIRST_FILM_YEAR,
  MOVIE_HOURS_MAX,
  MOVIE_HOURS_MIN,
  movieCreateSchema,
  movieUpdateSchema,
} from "@/lib/validation/movie";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MOVIE_SORTS } from "@/lib/validation/movie-query";
import { arrayOf, idParam, paging, queryParams, ref, requestSchema, tagged, type ApiResource } from "./operation";

const { anyone, admin } = tagged("movies");
const movieId = idParam("movie");
const numberBounds = {
  year: { minimum: FIRST_FILM_YEAR, maximum: new Date().getFullYear() + 1 },
  hour: { minimum: MOVIE_HOURS_MIN, maximum: MOVIE_HOURS_MAX },
};

const listingQuery = queryParams({
  category: "A category id, or a category name",
  time: "Running time in hours (digits only)",
  language: "Language, any case",
  rate: "Minimum rate (digits only)",
  year: "Year (digits only)",
  search:
    "Words of the title, cast or category, in any order; forgives case, accents, punctuation and typos (1 in words of 5-8 letters, 2 from 9); the last word may be a prefix; best matches first (docs/api.md, Search)",
  sort: `Order: ${MOVIE_SORTS.join(", ")} (rate = top rated, name = A-Z); without it best matches first for a search, else newest first`,
  ...paging(`Page size, default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}`),
});

export const moviesApi: ApiResource = {
  requestBodies: {
    MovieCreateBody: requestSchema(movieCreateSchema, numberBounds, ["year", "hour"]),
    MovieUpdateBody: requestSchema(movieUpdateSchema, numberBounds),
  },
  paths: {
    "/api/movie": {
      get: anyone("List, filter, search and paginate movies", {
        parameters: listingQuery,
        responses: {
          200: ["A page of movies", ref("MovieListPage")],
          400: "A digits-only parameter carried something else, or limit > 50",
        },
      }),
      post: admin("Create a movie", {
        body: "MovieCreateBody",
        responses: { 201: ["The movie", ref("MovieDetail")] },
      }),
    },
    "/api/movie/suggest": {
      get: anyone("Movies for the text typed so far (the header's suggestions), by the search rules", {
        parameters: queryParams({ q: "The text typed so far (at most 200 characters); empty gives []" }),
        responses: {
          200: ["Up to 8 movies, best match first", arrayOf("MovieSuggestion")],
          400: "q is longer than 200 characters",
        },
      }),
    },
    "/api/movie/{id}": {
      get: anyone("A movie with its cast and its newest 100 reviews (oldest first)", {
        parameters: movieId,
        responses: { 200: ["The movie", ref("MovieDetail")], 404: "Movie not found" },
      }),
      put: admin("Edit a movie (any of the create fields; casts replaces the cast)", {
        parameters: movieId,
        body: "MovieUpdateBody",
        responses: { 200: ["The movie", ref("MovieDetail")], 404: "Movie not found" },
      }),
      delete: admin("Delete a movie with its reviews, favourites and cast", {
        parameters: movieId,
        responses: { 200: ["Deleted", ref("Message")], 404: "Movie not found" },
      }),
    },
    "/api/movie/{id}/next": {
      get: anyone(
        "What to play when this movie ends: the next film of the caller's My List, else the best rated of its category, else of all; never this film or one the caller watched",
        {
          // Anyone; a signed-in caller's list and history count.
          security: [{}, { bearer: [] }, { session: [] }],
          parameters: movieId,
          responses: { 200: ["The suggestion", ref("UpNext")], 404: "Movie not found" },
        },
      ),
    },
    "/api/movie/random": {
      get: anyone("8 distinct random movies", { responses: { 200: ["Movies", arrayOf("MovieListItem")] } }),
    },
    "/api/movie/toprate": {
      get: anyone("The 10 best rated movies (then most reviewed, then by name)", {
        responses: { 200: ["Movies", arrayOf("MovieListItem")] },
      }),
    },
  },
};
