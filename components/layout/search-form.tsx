"use client";

import { usePathname, useRouter } from "next/navigation";
import { Suspense, useEffect, useId, useState } from "react";
import { searchHref, searchTermFromPath } from "@/lib/client/search";
import { SearchBox, type SearchIds } from "./search-box";
import type SuggestingBox from "./search-combobox";

/**
 * The suggesting box (downshift and the suggestion list, about 11 kB of compressed script) loads the
 * first time the box is focused or pointed at, not with every page: most visits never search.
 */
const loadSearchCombobox = () => import("./search-combobox").then((module) => module.default);

/**
 * The header search: an ARIA 1.2 combobox suggesting movies as you type (search-combobox.tsx).
 * Until it is first used, the same form without suggestions, whose Enter opens the full results page.
 * On /movies/{term} it shows the term.
 */
export function SearchForm({ className = "" }: { className?: string }) {
  // On /movies/{term} the box shows the term, read from the URL: on a dynamic route that is known
  // only at request time, so it is read in a boundary of its own that renders nothing. The box itself
  // is in the first HTML, never swapped for another when the path streams in: a swap (React reveals
  // a streamed boundary up to 300 ms after the first paint) took the focus and what was typed with it.
  const [pathTerm, setPathTerm] = useState("");
  const [SearchCombobox, setSearchCombobox] = useState<typeof SuggestingBox | null>(null);
  const baseId = useId();
  const ids: SearchIds = { id: baseId, input: `${baseId}-input`, menu: `${baseId}-menu` };
  // Loaded, not suspended on (React.lazy): a Suspense boundary here is one more that a streamed page
  // can hold back, and the header would render without its search box until it streamed in. The plain
  // box stays, focused and typed in, until the suggesting one is there to take over what was typed,
  // the caret and the focus. Asking again is free (the module is loaded once); a failed load leaves
  // the plain box, which still searches, and the next focus asks again.
  const wantSuggestions = () =>
    void loadSearchCombobox().then(
      (component) => setSearchCombobox(() => component),
      () => undefined,
    );
  return (
    <>
      <Suspense fallback={null}>
        <TermFromPath onTerm={setPathTerm} />
      </Suspense>
      {SearchCombobox ? (
        <SearchCombobox term={pathTerm} ids={ids} className={className} />
      ) : (
        <PlainSearch term={pathTerm} ids={ids} onWanted={wantSuggestions} className={className} />
      )}
    </>
  );
}

function TermFromPath({ onTerm }: { onTerm: (term: string) => void }) {
  const term = searchTermFromPath(usePathname());
  useEffect(() => onTerm(term), [term, onTerm]);
  return null;
}

function PlainSearch({
  term,
  ids,
  onWanted,
  className,
}: {
  term: string;
  ids: SearchIds;
  onWanted: () => void;
  className: string;
}) {
  const router = useRouter();
  // Focused before the page could answer (a tap while its scripts loaded).
  useEffect(() => {
    if (document.activeElement?.id === ids.input) onWanted();
  }, [ids.input, onWanted]);
  return (
    <SearchBox
      className={className}
      onSubmit={(typed) => router.push(searchHref(typed))}
      onPointerEnter={onWanted}
      inputProps={{
        id: ids.input,
        role: "combobox",
        "aria-expanded": false,
        "aria-controls": ids.menu,
        "aria-autocomplete": "list",
        defaultValue: term,
        onFocus: onWanted,
      }}
      menuProps={{ id: ids.menu, role: "listbox" }}
    />
  );
}
