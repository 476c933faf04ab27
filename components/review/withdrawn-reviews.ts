"use client";
// Reviews their author has just deleted, hidden at once from the list and the form while the request
// is on its way (docs/product.md "Reviews"): the page is re-rendered without them once it succeeds,
// and they come back if it fails. Shared by the editor that deletes and the list that shows.
import { useSyncExternalStore } from "react";

const NONE: ReadonlySet<string> = new Set();
let withdrawn = NONE;
const listeners = new Set<() => void>();

function replace(next: ReadonlySet<string>) {
  withdrawn = next;
  for (const listener of listeners) listener();
}

/** Hides the review everywhere on the page, now. */
export function withdrawReview(id: string): void {
  replace(new Set(withdrawn).add(id));
}

/** Shows it again: its deletion failed. */
export function restoreReview(id: string): void {
  const next = new Set(withdrawn);
  next.delete(id);
  replace(next);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The ids of the reviews being deleted on this page. */
export function useWithdrawnReviews(): ReadonlySet<string> {
  return useSyncExternalStore(
    subscribe,
    () => withdrawn,
    () => NONE,
  );
}
