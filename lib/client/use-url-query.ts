"use client";
// A list's state (search, filters, sort, page) kept in the page's query string, so a reload, a shared
// link and Back all show the same list. Changes go through the History API, which Next's router
// follows (useSearchParams updates) without asking the server to render the page again: the list
// itself reloads through the API.
import { useCallback } from "react";
import { useSearchParams } from "next/navigation";

export type QueryChanges = Record<string, string | number | undefined | null>;

/** The page's query, and a way to change some of its parameters (empty values remove them). */
export function useUrlQuery(): [URLSearchParams, (changes: QueryChanges, options?: { replace?: boolean }) => void] {
  const params = useSearchParams();
  const update = useCallback((changes: QueryChanges, { replace = false }: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === null || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    const search = next.toString();
    // Typing replaces the entry (one per keystroke would bury Back); filters, sorts and pages add one.
    window.history[replace ? "replaceState" : "pushState"](
      null,
      "",
      `${window.location.pathname}${search ? `?${search}` : ""}`,
    );
  }, []);
  return [new URLSearchParams(params.toString()), update];
}
