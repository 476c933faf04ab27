// SWR hooks for client components, keyed by the API URL they read (dub lib/swr/use-*.ts). The
// account and admin screens pass what their server component rendered as `initial`: the first HTML
// already holds the data, and SWR takes over for reloads after a change. Their error is an `Error`:
// the fetcher throws ApiError, and fetch itself a TypeError.
import useSWR from "swr";
import type { AdminCategory, Category } from "@/lib/data/categories";
import type { MovieListItem } from "@/lib/data/movie-shapes";
import type { AdminMoviePage } from "@/lib/data/admin-movies";
import type { AdminUserPage } from "@/lib/data/admin-users";
import type { MovieSuggestion } from "@/lib/data/movies";
import type { ContinueWatchingItem, HistoryPage } from "@/lib/data/progress";
import type { UpNext } from "@/lib/data/up-next";
import type { OwnReview, ReviewPage } from "@/lib/data/reviews";
import type { RecommendationRow } from "@/lib/data/recommendations";
import { MAX_REVIEW_PAGE_SIZE, type ReviewSort } from "@/lib/validation/review-options";
import { CONTINUE_WATCHING_URL } from "./watch-progress";
import { fetcher } from "./fetcher";

export const FAVORITES_URL = "/api/user/favorite";
export const MY_LIST_URL = "/api/user/list";
export const myListItemUrl = (movieId: string) => `${MY_LIST_URL}/${movieId}`;
const HISTORY_URL = "/api/user/history";
const historyUrl = (page: number) => `${HISTORY_URL}?page=${page}`;
export const historyItemUrl = (movieId: string) => `${HISTORY_URL}/${movieId}`;
const upNextUrl = (movieId: string) => `/api/movie/${movieId}/next`;
const CATEGORIES_URL = "/api/category";
/** The admin lists' API URLs for a query string (lib/client/use-url-query.ts apiQuery). */
const adminMoviesUrl = (query: string) => `/api/admin/movies${query ? `?${query}` : ""}`;
const adminUsersUrl = (query: string) => `/api/admin/users${query ? `?${query}` : ""}`;

/** The signed-in user's favourites; pass false for a visitor, who has none to load. */
export const useFavorites = (signedIn = true, initial?: MovieListItem[]) =>
  useSWR<MovieListItem[], Error>(signedIn ? FAVORITES_URL : null, fetcher, { fallbackData: initial });
/** The signed-in user's My List (films to watch later); false for a visitor, who has none. */
export const useMyList = (signedIn = true, initial?: MovieListItem[]) =>
  useSWR<MovieListItem[], Error>(signedIn ? MY_LIST_URL : null, fetcher, { fallbackData: initial });
/** A page of the signed-in user's history; `initial` is page 1's, as the server rendered it. */
export const useHistory = (page: number, initial?: HistoryPage) =>
  useSWR<HistoryPage, Error>(historyUrl(page), fetcher, {
    keepPreviousData: true,
    fallbackData: page === 1 ? initial : undefined,
  });
/** What the player offers after `movieId`; null asks nothing yet (the film has not ended). */
export const useUpNext = (movieId: string | null) =>
  useSWR<UpNext, Error>(movieId ? upNextUrl(movieId) : null, fetcher, { revalidateOnFocus: false });
/** The signed-in user's Continue watching row (GET /api/user/progress); false for a visitor. */
export const useContinueWatching = (signedIn = true) =>
  useSWR<ContinueWatchingItem[], Error>(signedIn ? CONTINUE_WATCHING_URL : null, fetcher);
const RECOMMENDATIONS_URL = "/api/user/recommendations";
/** The signed-in user's "Because you watched" rows; false for a visitor. */
export const useRecommendations = (signedIn = true) =>
  useSWR<RecommendationRow[], Error>(signedIn ? RECOMMENDATIONS_URL : null, fetcher);
export const useCategories = (initial?: Category[]) =>
  useSWR<Category[], Error>(CATEGORIES_URL, fetcher, { fallbackData: initial });
/** The admin's categories table: each with how many movies use it. */
export const useAdminCategories = (initial?: AdminCategory[]) =>
  useSWR<AdminCategory[], Error>("/api/admin/categories", fetcher, { fallbackData: initial });
/**
 * `initial` is the list the server rendered for `initialQuery` (the page's own URL); any other query
 * loads when asked for. While the list shows a transcode in progress, it is read again every 3 s.
 */
export const useAdminMovies = (query: string, initial: { query: string; page: AdminMoviePage }) =>
  useSWR<AdminMoviePage, Error>(adminMoviesUrl(query), fetcher, {
    keepPreviousData: true,
    fallbackData: query === initial.query ? initial.page : undefined,
    refreshInterval: (latest) =>
      latest?.movies.some((movie) => movie.media?.state === "queued" || movie.media?.state === "transcoding")
        ? 3000
        : 0,
  });
export const useAdminUsers = (query: string, initial: { query: string; page: AdminUserPage }) =>
  useSWR<AdminUserPage, Error>(adminUsersUrl(query), fetcher, {
    keepPreviousData: true,
    fallbackData: query === initial.query ? initial.page : undefined,
  });
export type { MovieSuggestion };
const movieSuggestUrl = (query: string) => `/api/movie/suggest?q=${encodeURIComponent(query)}`;
/** Suggestions for what has been typed; nothing is asked for an empty query. */
export const useMovieSuggestions = (query: string) =>
  useSWR<MovieSuggestion[], Error>(query ? movieSuggestUrl(query) : null, fetcher, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });

/** The signed-in user's review of a movie (GET /api/movie/review/{id}). */
export const ownReviewUrl = (movieId: string) => `/api/movie/review/${movieId}`;
/** Asked only when the movie's detail does not hold every review (pass false otherwise). */
export const useOwnReviewLookup = (movieId: string, enabled: boolean) =>
  useSWR<OwnReview, Error>(enabled ? ownReviewUrl(movieId) : null, fetcher);
/** As many of a movie's reviews as its page shows, in the given order; false asks nothing. */
const reviewPageUrl = (movieId: string, sort: ReviewSort) =>
  `/api/movie/${movieId}/reviews?sort=${sort}&limit=${MAX_REVIEW_PAGE_SIZE}`;
export const useReviewPage = (movieId: string, sort: ReviewSort, enabled: boolean) =>
  useSWR<ReviewPage, Error>(enabled ? reviewPageUrl(movieId, sort) : null, fetcher, { keepPreviousData: true });
