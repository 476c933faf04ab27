"use client";

import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { useViewer } from "@/lib/client/viewer";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { askToSignIn } from "@/lib/client/pending-action";
import { myListItemUrl, useMyList } from "@/lib/client/hooks";
import type { MyListChange } from "@/lib/data/my-list";

const LOGIN_FOR_MY_LIST = "You need to login to use My List";

/**
 * Adds a movie to the viewer's My List (to watch later) or takes it out: PUT and DELETE
 * /api/user/list/{id}. Whether it is in the list comes from the one list request SWR shares between
 * every button of the page, asked after hydration (the catalogue pages are the same for everyone).
 * `labelled` shows the words beside the icon (the movie and watch pages); cards show the icon alone.
 */
export function MyListButton({
  movieId,
  movieName,
  labelled = false,
  className = "",
}: {
  movieId: string;
  movieName: string;
  labelled?: boolean;
  className?: string;
}) {
  const viewer = useViewer();
  const { data: list, mutate } = useMyList(Boolean(viewer));
  const [busy, setBusy] = useState(false);
  const inList = list?.some((movie) => movie._id === movieId) ?? false;

  /** `fromKeyboard`: Enter or Space (a click event with no pointer press). */
  async function toggle(fromKeyboard: boolean) {
    if (busy || viewer === undefined) return;
    if (!viewer) {
      askToSignIn(LOGIN_FOR_MY_LIST, "my-list", movieId, fromKeyboard);
      return;
    }
    setBusy(true);
    try {
      const result = await apiFetch<MyListChange>(myListItemUrl(movieId), { method: inList ? "DELETE" : "PUT" });
      toast.success(result.message);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
      await mutate();
    }
  }

  const label = inList ? `Remove ${movieName} from My List` : `Add ${movieName} to My List`;
  return (
    <button
      type="button"
      onClick={(event) => void toggle(event.detail === 0)}
      // aria-disabled, not disabled: focus stays on the button while it saves (as the like button).
      aria-disabled={busy || viewer === undefined}
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
