"use client";

// The filter bar above the admin lists: a search box that searches as one types (after a pause),
// and labelled selects. Every control is a native one, so the keyboard works as everywhere else.
// ListSearch, ParamFilter and SortBySelect bind them to the list's URL (lib/client/use-url-query.ts).
import { useEffect, useId, useRef, useState } from "react";
import { SelectOptions } from "@/components/ui/select-options";
import type { QueryChanges } from "@/lib/client/use-url-query";

/** The list's state in the URL, as useUrlQuery gives it. */
export type ListQuery = {
  params: URLSearchParams;
  setQuery: (changes: QueryChanges, options?: { replace?: boolean }) => void;
};
type Options = { value: string; label: string }[];

const control =
  "min-h-11 w-full rounded-md border border-border/60 bg-main px-3 py-2 text-sm text-white placeholder:text-text/60 focus:border-subMain focus:outline-none focus-visible:ring-2 focus-visible:ring-subMain/40";

export function ListFilters({ children }: { children: React.ReactNode }) {
  return <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">{children}</div>;
}

/** Waits this long after the last keystroke before searching. */
const SEARCH_PAUSE_MS = 300;

function SearchBox({
  label,
  value,
  onSearch,
  placeholder = "Title, cast or category",
}: {
  label: string;
  placeholder?: string;
  /** The search in force (from the URL). */
  value: string;
  onSearch: (search: string) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState(value);
  const lastSent = useRef(value);
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  }, [onSearch]);
  // Back or a link changed the search: show it.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setTyped(value);
    }
  }, [value]);
  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = wanted;
      search.current(wanted);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return (
    <div className="col-span-2 flex min-w-56 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-text">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={placeholder}
        className={control}
      />
    </div>
  );
}

export function FilterSelect({
  label,
  value,
  onChange,
  options,
  className = "",
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Options;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1 sm:w-40 ${className}`}>
      <label htmlFor={id} className="text-xs font-semibold text-text">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={control}>
        <SelectOptions options={options} />
      </select>
    </div>
  );
}

/** The list's search: the URL's `search`, from the first page; typing replaces the history entry. */
export function ListSearch({
  query: { params, setQuery },
  label,
  placeholder,
}: {
  query: ListQuery;
  label: string;
  placeholder?: string;
}) {
  return (
    <SearchBox
      label={label}
      placeholder={placeholder}
      value={params.get("search") ?? ""}
      onSearch={(search) => setQuery({ search, page: null }, { replace: true })}
    />
  );
}

/** A select that narrows the list by one URL parameter (the option "" is everything), from the first page. */
export function ParamFilter({
  query: { params, setQuery },
  name,
  label,
  options,
}: {
  query: ListQuery;
  name: string;
  label: string;
  options: Options;
}) {
  return (
    <FilterSelect
      label={label}
      value={params.get(name) ?? ""}
      onChange={(value) => setQuery({ [name]: value, page: null })}
      options={options}
    />
  );
}

/** The phone's Sort by (the column heads sort on wider screens): each option is "column:direction". */
export function SortBySelect({ query, value, options }: { query: ListQuery; value: string; options: Options }) {
  return (
    <FilterSelect
      label="Sort by"
      className="sm:hidden"
      value={value}
      onChange={(chosen) => {
        const [column, direction] = chosen.split(":");
        query.setQuery({ sort: column, order: direction, page: null });
      }}
      options={options}
    />
  );
}
