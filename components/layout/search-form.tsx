"use client";

import { useCombobox } from "downshift";
import { usePathname, useRouter } from "next/navigation";
import { Suspense, useEffect, useState } from "react";
import { useMovieSuggestions, type MovieSuggestion } from "@/lib/client/hooks";
import { highlightMatches, searchHref, searchTermFromPath } from "@/lib/client/search";
import { SearchIcon } from "./icons";

/** Typing pauses this long before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 150;

/**
 * The header search: an ARIA 1.2 combobox (downshift's useCombobox) suggesting movies as you type.
 * Arrow keys move through the suggestions, Enter opens the highlighted movie or, with none
 * highlighted, the full results page; Escape closes the list. On /movies/{term} it shows the term.
 */
export function SearchForm({ className = "" }: { className?: string }) {
  // On /movies/{term} the box shows the term, read from the URL: on a dynamic route that is known
  // only at request time, so it is read in a boundary of its own that renders nothing. The box itself
  // is in the first HTML, never swapped for another when the path streams in: a swap (React reveals
  // a streamed boundary up to 300 ms after the first paint) took the focus and what was typed with it.
  const [pathTerm, setPathTerm] = useState("");
  return (
    <>
      <Suspense fallback={null}>
        <TermFromPath onTerm={setPathTerm} />
      </Suspense>
      <SearchCombobox term={pathTerm} className={className} />
    </>
  );
}

function TermFromPath({ onTerm }: { onTerm: (term: string) => void }) {
  const term = searchTermFromPath(usePathname());
  useEffect(() => onTerm(term), [term, onTerm]);
  return null;
}

function SearchCombobox({ term, className }: { term: string; className: string }) {
  const router = useRouter();
  // Downshift owns the input's value (a value controlled from outside loses keystrokes typed fast);
  // this copy only feeds the debounced query.
  const [typed, setTyped] = useState(term);
  const query = useDebounced(typed.trim(), SUGGEST_DEBOUNCE_MS);
  // SWR keys each answer by its query: a late answer to an older query is never shown for a newer one.
  const { data } = useMovieSuggestions(query);
  const items = query && data ? data : [];

  const { isOpen, highlightedIndex, inputValue, getMenuProps, getInputProps, getItemProps, setInputValue } =
    useCombobox<MovieSuggestion>({
      items,
      initialInputValue: term,
      // Always "nothing selected": choosing a movie is a navigation, and choosing it again must navigate again.
      selectedItem: null,
      itemToString: (item) => item?.name ?? "",
      itemToKey: (item) => item?._id,
      // Leaving the box (Tab, a tap elsewhere) never opens the highlighted movie; only Enter or a click does.
      stateReducer: (state, { type, changes }) =>
        type === useCombobox.stateChangeTypes.InputBlur
          ? { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue }
          : changes,
      onInputValueChange: ({ inputValue: value }) => setTyped(value),
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) router.push(`/movie/${selectedItem._id}`);
      },
    });
  const showList = isOpen && items.length > 0;
  // A page with another term (a search made, a search left) puts that term in the box.
  useEffect(() => setInputValue(term), [term, setInputValue]);

  return (
    <form
      role="search"
      // Positioned from lg only: below it the suggestions hang from the sticky header, as wide as the
      // screen, rather than from a box that shares the header's row with the logo (187 of 390 px).
      className={`flex h-11 items-center rounded-md bg-dryGray text-main focus-within:ring-2 focus-within:ring-accent focus-within:ring-offset-2 focus-within:ring-offset-main lg:relative ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        router.push(searchHref(inputValue));
      }}
    >
      <input
        {...getInputProps({
          type: "search",
          placeholder: "Search here",
          "aria-label": "Search movies",
          enterKeyHint: "search",
          autoComplete: "off",
          autoCorrect: "off",
          spellCheck: false,
          // With nothing highlighted, Enter submits the form (the results page); downshift would
          // otherwise swallow it whenever the list is open.
          onKeyDown: (event) => {
            if (event.key === "Enter" && highlightedIndex < 0)
              (event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault =
                true;
          },
          className:
            "h-full w-full rounded-r-md bg-transparent px-3 text-sm font-medium placeholder:text-border focus:outline-none",
        })}
      />
      <button
        type="submit"
        aria-label="Search"
        className="flex h-full w-11 shrink-0 items-center justify-center rounded-r-md bg-subMain text-white focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white"
      >
        <SearchIcon />
      </button>
      {/* Overlays the page below the header: opening it moves nothing. */}
      <ul
        {...getMenuProps({ "aria-label": "Suggested movies" })}
        className={`absolute inset-x-2 top-full z-40 mt-1 sm:inset-x-4 lg:inset-x-0 max-h-[70vh] overflow-y-auto rounded-md border border-border/60 bg-dry shadow-xl ${showList ? "" : "hidden"}`}
      >
        {showList &&
          items.map((item, index) => (
            <li
              key={item._id}
              {...getItemProps({ item, index })}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-white ${highlightedIndex === index ? "bg-main" : ""}`}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- uploads are already-sized files served by our own API */}
              <img
                src={item.image}
                alt=""
                width={32}
                height={48}
                loading="lazy"
                className="h-12 w-8 shrink-0 rounded-sm bg-main object-cover"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold">
                  {highlightMatches(item.name, query).map((part, partIndex) =>
                    part.match ? (
                      <mark key={partIndex} className="bg-transparent text-accent">
                        {part.text}
                      </mark>
                    ) : (
                      part.text
                    ),
                  )}
                </span>
                <span className="block truncate text-xs text-text">
                  {item.year} · {item.category.name}
                </span>
              </span>
            </li>
          ))}
      </ul>
    </form>
  );
}

/** `value`, once it has stopped changing for `delay` ms. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
