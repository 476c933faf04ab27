"use client";

import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { useViewer } from "@/lib/client/viewer";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { askToSignIn } from "@/lib/client/pending-action";
import { FAVORITES_URL, useFavorites } from "@/lib/client/hooks";
import type { ToggleResult } from "@/lib/data/favorites";

const LOGIN_TO_LIKE = "You need to login to like a movie";

/** Adds a movie to the viewer's favourites or takes it out (POST /api/user/favorite toggles). */
export function LikeButton({
  movieId,
  movieName,
  className = "",
}: {
  movieId: string;
  movieName: string;
  className?: string;
}) {
  const viewer = useViewer();
  // docs/product.md "Favourites and My List": favourites are loaded whenever a user is signed in; SWR
  // shares one request.
  const { data: favorites, mutate } = useFavorites(Boolean(viewer));
  const [busy, setBusy] = useState(false);
  const liked = favorites?.some((movie) => movie._id === movieId) ?? false;

  /** `fromKeyboard`: Enter or Space (a click event with no pointer press). */
  async function toggle(fromKeyboard: boolean) {
    if (busy || viewer === undefined) return;
    if (!viewer) {
      askToSignIn(LOGIN_TO_LIKE, "favorite", movieId, fromKeyboard);
      return;
    }
    setBusy(true);
    try {
      const result = await apiFetch<ToggleResult>(FAVORITES_URL, { method: "POST", body: { idMovie: movieId } });
      toast.success(result.message);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
      await mutate();
    }
  }

  return (
    <button
      type="button"
      onClick={(event) => void toggle(event.detail === 0)}
      // aria-disabled, not disabled: a disabled button drops keyboard focus to <body> mid-toggle.
      // While the session is still being looked up (viewer undefined) it waits too.
      aria-disabled={busy || viewer === undefined}
      aria-pressed={liked}
      aria-label={liked ? `Remove ${movieName} from favorites` : `Add ${movieName} to favorites`}
      title={liked ? "Remove from favorites" : "Add to favorites"}
      className={`flex size-10 shrink-0 items-center justify-center rounded-md transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white aria-disabled:opacity-60 ${
        liked ? "bg-subMain text-white" : "bg-white/10 text-white hover:bg-subMain"
      } ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill={liked ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.5 3 4.5 6.8 4.5c2.1 0 3.7 1.2 5.2 3 1.5-1.8 3.1-3 5.2-3 3.8 0 5.9 4 4.4 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
