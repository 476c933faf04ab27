"use client";

import { useMovieToggle } from "@/lib/client/movie-toggle";
import type { MovieActionProps } from "./play-link";

/**
 * Adds a movie to the viewer's My List (to watch later) or takes it out: PUT and DELETE
 * /api/user/list/{id} (lib/client/movie-toggle.ts).
 * `labelled` shows the words beside the icon (the movie and watch pages); cards show the icon alone.
 */
export function MyListButton({
  movieId,
  movieName,
  labelled = false,
  className = "",
}: MovieActionProps & { labelled?: boolean }) {
  const { on: inList, waiting, toggle } = useMovieToggle("my-list", movieId);

  const label = inList ? `Remove ${movieName} from My List` : `Add ${movieName} to My List`;
  return (
    <button
      type="button"
      onClick={(event) => void toggle(event.detail === 0)}
      // aria-disabled, not disabled: focus stays on the button while it saves (as the like button).
      aria-disabled={waiting}
      aria-pressed={inList}
      aria-label={labelled ? undefined : label}
      title={inList ? "Remove from My List" : "Add to My List"}
      className={`flex shrink-0 items-center justify-center gap-2 rounded-md text-white transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white aria-disabled:opacity-60 ${
        labelled ? "h-12 px-4 text-sm font-semibold" : "size-10"
      } ${inList ? "bg-subMain" : "bg-white/10 hover:bg-subMain"} ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.25"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {inList ? <path d="M4.5 12.5l5 5 10-11" /> : <path d="M12 5v14M5 12h14" />}
      </svg>
      {/* The visible words are the name (2.5.3); the pressed state says whether it is in the list. */}
      {labelled && "My List"}
    </button>
  );
}
