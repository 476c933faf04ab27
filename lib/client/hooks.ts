// SWR hooks for client components, keyed by the API URL they read (dub lib/swr/use-*.ts).
import useSWR from "swr";
import type { Category } from "@/lib/data/categories";
import type { MovieListItem } from "@/lib/data/movie-shapes";
import type { AdminUserPage } from "@/lib/data/admin-users";
import type { MovieListPage, MovieSuggestion } from "@/lib/data/movies";
import { fetcher } from "./fetcher";

export const FAVORITES_URL = "/api/user/favorite";
export const CATEGORIES_URL = "/api/category";
export const ADMIN_MOVIES_PAGE_SIZE = 50;
export const adminMoviesUrl = (page: number) => `/api/movie?limit=${ADMIN_MOVIES_PAGE_SIZE}&page=${page}`;
export const adminUsersUrl = (page: number) => `/api/admin/users?page=${page}`;

/** The signed-in user's favourites; pass false for a visitor, who has none to load. */
export const useFavorites = (signedIn = true) => useSWR<MovieListItem[]>(signedIn ? FAVORITES_URL : null, fetcher);
export const useCategories = () => useSWR<Category[]>(CATEGORIES_URL, fetcher);
export const useAdminMovies = (page: number) => useSWR<MovieListPage>(adminMoviesUrl(page), fetcher, { keepPreviousData: true });
export type { MovieSuggestion };
export const movieSuggestUrl = (query: string) => `/api/movie/suggest?q=${encodeURIComponent(query)}`;
/** Suggestions for what has been typed; nothing is asked for an empty query. */
export const useMovieSuggestions = (query: string) =>
  useSWR<MovieSuggestion[]>(query ? movieSuggestUrl(query) : null, fetcher, { keepPreviousData: true, revalidateOnFocus: false });
export const useAdminUsers = (page: number) => useSWR<AdminUserPage>(adminUsersUrl(page), fetcher, { keepPreviousData: true });
