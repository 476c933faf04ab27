"use client";
// The like (favourites) and My List buttons' one behaviour: whether the movie is in the viewer's
// list, from the page's one look-up of the viewer and their lists (MovieListsProvider; asked after
// hydration: the catalogue pages are the same for everyone); a press sends the change, toasts the
// server's answer or its refusal, and reloads the list. A visitor's press asks them to sign in and
// keeps the action for after (./pending-action.ts).
import { createContext, use, useEffect, useMemo, useState, useSyncExternalStore } from "react";
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

/** What every like and My List button of a page reads (MovieListsProvider keeps it). */
type MovieLists = { viewer: Viewer | null | undefined } & Record<PendingKind, SharedList>;

/** Before the session is known: what the server renders, and what a button hydrates with. */
const UNKNOWN: MovieLists = {
  viewer: undefined,
  favorite: { ids: undefined, reload: () => Promise.resolve() },
  "my-list": { ids: undefined, reload: () => Promise.resolve() },
};
const unknownLists = () => UNKNOWN;

/**
 * The page's viewer and lists, held outside React's tree: the buttons subscribe to it, and a change
 * reaches only them. Given through context, a change would reach every Suspense boundary of the page
 * still streaming in, and React renders such a boundary again in the browser, dropping its server HTML.
 */
class MovieListsStore {
  private lists = UNKNOWN;
  private readonly listeners = new Set<() => void>();
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly read = () => this.lists;
  write(lists: MovieLists) {
    if (lists === this.lists) return;
    this.lists = lists;
    for (const listener of this.listeners) listener();
  }
}

/** The store never changes for the provider's life: only its contents do. */
export const MovieListsContext = createContext<MovieListsStore | null>(null);

const idsOf = (movies: MovieListItem[] | undefined) => (movies ? new Set(movies.map((movie) => movie._id)) : undefined);

/**
 * The viewer and their two lists, subscribed to once for the page by components/movie/movie-lists-provider.tsx.
 * Each button used to hold these three subscriptions itself: a grid of 20 cards made 120, each costing
 * React time as the page hydrated, and all of them rendered again, in one task that could not be split,
 * when the session's answer arrived (docs/performance.md, "One subscription for a page's buttons").
 */
export function useMovieListsStore(): MovieListsStore {
  const [store] = useState(() => new MovieListsStore());
  const viewer = useViewer();
  const { data: favoriteMovies, mutate: reloadFavorites } = useFavorites(Boolean(viewer));
  const { data: myListMovies, mutate: reloadMyList } = useMyList(Boolean(viewer));
  const lists = useMemo(
    () =>
      viewer === undefined
        ? UNKNOWN
        : {
            viewer,
            favorite: { ids: idsOf(favoriteMovies), reload: reloadFavorites },
            "my-list": { ids: idsOf(myListMovies), reload: reloadMyList },
          },
    [viewer, favoriteMovies, reloadFavorites, myListMovies, reloadMyList],
  );
  useEffect(() => store.write(lists), [store, lists]);
  return store;
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
  const store = use(MovieListsContext);
  if (!store) throw new Error("A like or My List button needs a MovieListsProvider above it");
  const lists = useSyncExternalStore(store.subscribe, store.read, unknownLists);
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
