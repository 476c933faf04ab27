"use client";

import type { ComponentProps } from "react";
import { SearchIcon } from "./icons";

/** The element ids both header search boxes use, so the one that takes over is the same field to assistive technology. */
export type SearchIds = { id: string; input: string; menu: string };

/**
 * The form both boxes render: the field, its button and the list of suggestions, which overlays the
 * page below the header (opening it moves nothing).
 */
export function SearchBox({
  className,
  onSubmit,
  onPointerEnter,
  inputProps,
  menuProps,
  children,
}: {
  className: string;
  /** With what the field holds. */
  onSubmit: (typed: string) => void;
  onPointerEnter?: () => void;
  inputProps: ComponentProps<"input">;
  menuProps: ComponentProps<"ul">;
  /** The suggestions; none hides the list. */
  children?: React.ReactNode;
}) {
  return (
    <form
      role="search"
      // Positioned from lg only: below it the suggestions hang from the sticky header, as wide as the
      // screen, rather than from a box that shares the header's row with the logo (187 of 390 px).
      className={`flex h-11 items-center rounded-md bg-dryGray text-main focus-within:ring-2 focus-within:ring-accent focus-within:ring-offset-2 focus-within:ring-offset-main lg:relative ${className}`}
      onPointerEnter={onPointerEnter}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event.currentTarget.querySelector("input")?.value ?? "");
      }}
    >
      <input
        {...inputProps}
        type="search"
        placeholder="Search here"
        aria-label="Search movies"
        enterKeyHint="search"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        className="h-full w-full rounded-r-md bg-transparent px-3 text-sm font-medium placeholder:text-border focus:outline-none"
      />
      <button
        type="submit"
        aria-label="Search"
        className="flex h-full w-11 shrink-0 items-center justify-center rounded-r-md bg-subMain text-white focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white"
      >
        <SearchIcon />
      </button>
      <ul
        {...menuProps}
        aria-label="Suggested movies"
        className={`absolute inset-x-2 top-full z-40 mt-1 sm:inset-x-4 lg:inset-x-0 max-h-[70vh] overflow-y-auto rounded-md border border-border/60 bg-dry shadow-xl ${children ? "" : "hidden"}`}
      >
        {children}
      </ul>
    </form>
  );
}
