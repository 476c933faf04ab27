"use client";
// The like (favourites) and My List buttons' one behaviour: whether the movie is in the viewer's
// list, from the page's one look-up of the viewer and their lists (MovieListsProvider; asked after
// hydration: the catalogue pages are the same for everyone); a press sends the change, toasts the
// server's answer or its refusal, and reloads the list. A visitor's press asks them to sign in and
// keeps the action for after (./pending-action.ts).
import { createContext, use, useMemo, useState } from "react";
import type { MovieListItem } from "@/lib/data/movie-shapes";
import { apiFetch, errorMessage } from "./fetcher";
import { FAVORITES_URL, myListItemUrl, useFavorites, useMyList } from "./hooks";
import { askToSignIn, type PendingKind } from "./pending-action";
import { toast } from "./toast";
import { useViewer, type Viewer } from "./viewer";

type SharedList = {
  /** The ids in the list; undefined while it is being asked for, or for a visitor. */
  ids: ReadonlySet<string> | undefined;
  reload: () => Promise<unknown>;
};

/** What every like and My List button of a page reads (MovieListsProvider gives it). */
type MovieLists = { viewer: Viewer | null | undefined } & Record<PendingKind, SharedList>;

export const MovieListsContext = createContext<MovieLists | null>(null);

const idsOf = (movies: MovieListItem[] | undefined) => (movies ? new Set(movies.map((movie) => movie._id)) : undefined);

/**
 * The viewer and their two lists, subscribed to once for the page by components/movie/movie-lists-provider.tsx.
 * Each button used to hold these three subscriptions itself: a grid of 20 cards made 120, each costing
 * React time as the page hydrated, and all of them rendered again, in one task that could not be split,
 * when the session's answer arrived (docs/performance.md, "One subscription for a page's buttons").
 */
export function useMovieListsValue(): MovieLists {
  const viewer = useViewer();
  const favorites = useFavorites(Boolean(viewer));
  const myList = useMyList(Boolean(viewer));
  const { data: favoriteMovies, mutate: reloadFavorites } = favorites;
  const { data: myListMovies, mutate: reloadMyList } = myList;
  return useMemo(
    () => ({
      viewer,
      favorite: { ids: idsOf(favoriteMovies), reload: reloadFavorites },
      "my-list": { ids: idsOf(myListMovies), reload: reloadMyList },
    }),
    [viewer, favoriteMovies, reloadFavorites, myListMovies, reloadMyList],
  );
}

const TOGGLES = {
  // POST /api/user/favorite toggles.
  favorite: {
    signInMessage: "You need to login to like a movie",
    request: (movieId: string) => ({ url: FAVORITES_URL, method: "POST", body: { idMovie: movieId } }),
  },
  // PUT and DELETE /api/user/list/{id}.
  "my-list": {
    signInMessage: "You need to login to use My List",
    request: (movieId: string, inList: boolean) => ({ url: myListItemUrl(movieId), method: inList ? "DELETE" : "PUT" }),
  },
} satisfies Record<PendingKind, unknown>;

/**
 * `on`: the movie is in the list. `toggle(fromKeyboard)` (Enter or Space: a click event with no
 * pointer press) does nothing while `waiting`: a change is in flight, or the session is still being
 * looked up.
 */
export function useMovieToggle(kind: PendingKind, movieId: string) {
  const { signInMessage, request } = TOGGLES[kind];
  const lists = use(MovieListsContext);
  if (!lists) throw new Error("A like or My List button needs a MovieListsProvider above it");
  const { viewer } = lists;
  const { ids, reload } = lists[kind];
  const [busy, setBusy] = useState(false);
  const on = ids?.has(movieId) ?? false;
  const waiting = busy || viewer === undefined;

  async function toggle(fromKeyboard: boolean) {
    if (waiting) return;
    if (!viewer) {
      askToSignIn(signInMessage, kind, movieId, fromKeyboard);
      return;
    }
    setBusy(true);
    const { url, ...init } = request(movieId, on);
    try {
      const result = await apiFetch<{ message: string }>(url, init);
      toast.success(result.message);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
      await reload();
    }
  }

  return { on, waiting, toggle };
}
