"use client";

import { useCombobox } from "downshift";
import { useRouter } from "next/navigation";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useMovieSuggestions, type MovieSuggestion } from "@/lib/client/hooks";
import { highlightMatches, searchHref } from "@/lib/client/search";
import { Poster } from "@/components/ui/poster";
import { SearchBox, type SearchIds } from "./search-box";

/** Typing pauses this long before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 150;

/**
 * The header search once it is used: an ARIA 1.2 combobox (downshift's useCombobox) suggesting movies
 * as you type. Arrow keys move through the suggestions, Enter opens the highlighted movie or, with none
 * highlighted, the full results page; Escape closes the list. It takes over from the plain box
 * (search-form.tsx) what was typed there, the caret and the focus.
 */
export default function SearchCombobox({ term, ids, className }: { term: string; ids: SearchIds; className: string }) {
  const router = useRouter();
  // The plain box is still on screen as this one first renders (it is replaced as this one commits):
  // what it holds, and which of its controls (field or button) has the focus, if any.
  const [plainBox] = useState(() => {
    const field = document.getElementById(ids.input);
    if (!(field instanceof HTMLInputElement) || !field.form) return null;
    return { field, focusedControl: [...field.form.elements].indexOf(document.activeElement as Element) };
  });
  const takenOver = plainBox?.field.value ?? term;
  // Downshift owns the input's value (a value controlled from outside loses keystrokes typed fast);
  // this copy only feeds the debounced query.
  const [typed, setTyped] = useState(takenOver);
  const query = useDebounced(typed.trim(), SUGGEST_DEBOUNCE_MS);
  // SWR keys each answer by its query: a late answer to an older query is never shown for a newer one.
  const { data } = useMovieSuggestions(query);
  const items = query && data ? data : [];

  const { isOpen, highlightedIndex, getMenuProps, getInputProps, getItemProps, setInputValue, openMenu, closeMenu } =
    useCombobox<MovieSuggestion>({
      id: ids.id,
      inputId: ids.input,
      menuId: ids.menu,
      items,
      initialInputValue: takenOver,
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

  // Takes the plain box's place without a keystroke, the caret or the focus lost: anything typed
  // between this one's first render and now is read from the replaced field, still readable once detached.
  useLayoutEffect(() => {
    const field = document.getElementById(ids.input);
    if (!plainBox || !(field instanceof HTMLInputElement) || !field.form) return;
    const previous = plainBox.field;
    if (previous.value !== field.value) setInputValue(previous.value);
    const control = field.form.elements[plainBox.focusedControl];
    if (!(control instanceof HTMLElement)) return;
    control.focus();
    if (control !== field) return;
    field.setSelectionRange(previous.selectionStart, previous.selectionEnd);
    if (previous.value.trim()) openMenu();
    // Once, as it mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A page with another term (a search made, a search left) puts that term in the box.
  const shownTerm = useRef(term);
  useEffect(() => {
    if (term === shownTerm.current) return;
    shownTerm.current = term;
    setInputValue(term);
  }, [term, setInputValue]);

  const showList = isOpen && items.length > 0;
  return (
    <SearchBox
      className={className}
      onSubmit={(typed) => {
        // The results page is the answer: the suggestions must not stay open over it (nor open again
        // when a late answer for the typed text arrives).
        closeMenu();
        router.push(searchHref(typed));
      }}
      inputProps={getInputProps({
        "aria-label": "Search movies",
        // With nothing highlighted, Enter submits the form (the results page); downshift would
        // otherwise swallow it whenever the list is open.
        onKeyDown: (event) => {
          if (event.key === "Enter" && highlightedIndex < 0)
            (event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
        },
      })}
      menuProps={getMenuProps({ "aria-label": "Suggested movies" })}
    >
      {showList &&
        items.map((item, index) => (
          <li
            key={item._id}
            {...getItemProps({ item, index })}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-white ${highlightedIndex === index ? "bg-main" : ""}`}
          >
            {/* As stored, not through the optimizer: uploads are already-sized files served by our own API. */}
            <Poster src={item.image} width={32} unoptimized className="h-12 w-8 shrink-0 rounded-sm bg-main" />
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
    </SearchBox>
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
