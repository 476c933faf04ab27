"use client";

import { useMovieToggle } from "@/lib/client/movie-toggle";
import type { MovieActionProps } from "./play-link";

/** Adds a movie to the viewer's favourites or takes it out (POST /api/user/favorite toggles). */
export function LikeButton({ movieId, movieName, className = "" }: MovieActionProps) {
  // docs/product.md "Favourites and My List": favourites are loaded whenever a user is signed in.
  const { on: liked, waiting, toggle } = useMovieToggle("favorite", movieId);

  return (
    <button
      type="button"
      onClick={(event) => void toggle(event.detail === 0)}
      // aria-disabled, not disabled: a disabled button drops keyboard focus to <body> mid-toggle.
      // While the session is still being looked up it waits too.
      aria-disabled={waiting}
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
