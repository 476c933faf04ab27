"use client";
// The like (favourites) and My List buttons' one behaviour: whether the movie is in the viewer's
// list, from the one list request SWR shares between every button of the page (asked after
// hydration: the catalogue pages are the same for everyone); a press sends the change, toasts the
// server's answer or its refusal, and reloads the list. A visitor's press asks them to sign in and
// keeps the action for after (./pending-action.ts).
import { useState } from "react";
import { apiFetch, errorMessage } from "./fetcher";
import { FAVORITES_URL, myListItemUrl, useFavorites, useMyList } from "./hooks";
import { askToSignIn, type PendingKind } from "./pending-action";
import { toast } from "./toast";
import { useViewer } from "./viewer";

const TOGGLES = {
  // POST /api/user/favorite toggles.
  favorite: {
    useList: useFavorites,
    signInMessage: "You need to login to like a movie",
    request: (movieId: string) => ({ url: FAVORITES_URL, method: "POST", body: { idMovie: movieId } }),
  },
  // PUT and DELETE /api/user/list/{id}.
  "my-list": {
    useList: useMyList,
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
  const { useList, signInMessage, request } = TOGGLES[kind];
  const viewer = useViewer();
  const { data: list, mutate } = useList(Boolean(viewer));
  const [busy, setBusy] = useState(false);
  const on = list?.some((movie) => movie._id === movieId) ?? false;
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
      await mutate();
    }
  }

  return { on, waiting, toggle };
}
