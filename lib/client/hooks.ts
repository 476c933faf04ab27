// SWR hooks for client components, keyed by the API URL they read (dub lib/swr/use-*.ts). The
// account and admin screens pass what their server component rendered as `initial`: the first HTML
// already holds the data, and SWR takes over for reloads after a change. Their error is an `Error`:
// the fetcher throws ApiError, and fetch itself a TypeError.
import useSWR from "swr";
import type { Category } from "@/lib/data/categories";
import type { MovieListItem } from "@/lib/data/movie-shapes";
import type { AdminMoviePage } from "@/lib/data/admin-movies";
import type { AdminUserPage } from "@/lib/data/admin-users";
import type { MovieSuggestion } from "@/lib/data/movies";
import type { ContinueWatchingItem } from "@/lib/data/progress";
import { CONTINUE_WATCHING_URL } from "./watch-progress";
import { fetcher } from "./fetcher";

export const FAVORITES_URL = "/api/user/favorite";
export const CATEGORIES_URL = "/api/category";
/** The admin lists' API URLs for a query string (lib/client/use-url-query.ts apiQuery). */
export const adminMoviesUrl = (query: string) => `/api/admin/movies${query ? `?${query}` : ""}`;
export const adminUsersUrl = (query: string) => `/api/admin/users${query ? `?${query}` : ""}`;

/** The signed-in user's favourites; pass false for a visitor, who has none to load. */
export const useFavorites = (signedIn = true, initial?: MovieListItem[]) =>
  useSWR<MovieListItem[], Error>(signedIn ? FAVORITES_URL : null, fetcher, { fallbackData: initial });
/** The signed-in user's Continue watching row (GET /api/user/progress); false for a visitor. */
export const useContinueWatching = (signedIn = true) =>
  useSWR<ContinueWatchingItem[], Error>(signedIn ? CONTINUE_WATCHING_URL : null, fetcher);
export const useCategories = (initial?: Category[]) =>
  useSWR<Category[], Error>(CATEGORIES_URL, fetcher, { fallbackData: initial });
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
export const movieSuggestUrl = (query: string) => `/api/movie/suggest?q=${encodeURIComponent(query)}`;
/** Suggestions for what has been typed; nothing is asked for an empty query. */
export const useMovieSuggestions = (query: string) =>
  useSWR<MovieSuggestion[], Error>(query ? movieSuggestUrl(query) : null, fetcher, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
