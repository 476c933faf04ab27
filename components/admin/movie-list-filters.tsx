"use client";

import type { SortDirection } from "@/components/ui/sortable-header";
import type { Category } from "@/lib/data/categories";
import {
  ADMIN_MEDIA_FILTERS,
  ADMIN_MOVIE_PAGE_SIZES,
  ADMIN_MOVIES_DEFAULT_PAGE_SIZE,
  MEDIA_FILTER_LABELS,
  type AdminMovieSort,
} from "@/lib/validation/admin-movie";
import { categoryOptions } from "./category-options";
import { FilterSelect, ListFilters, ListSearch, ParamFilter, SortBySelect, type ListQuery } from "./list-filters";
import { MOVIE_SORT_LABELS } from "./movie-row";

const STATUS_OPTIONS = [
  { value: "", label: "All" },
  { value: "published", label: "Published" },
  { value: "draft", label: "Draft" },
];
const MEDIA_OPTIONS = [
  { value: "", label: "Any video" },
  ...ADMIN_MEDIA_FILTERS.map((value) => ({ value, label: MEDIA_FILTER_LABELS[value] })),
];
const SORT_OPTIONS = (Object.keys(MOVIE_SORT_LABELS) as AdminMovieSort[]).flatMap((column) => [
  { value: `${column}:asc`, label: `${MOVIE_SORT_LABELS[column]} ↑` },
  { value: `${column}:desc`, label: `${MOVIE_SORT_LABELS[column]} ↓` },
]);
const DEFAULT_LIMIT = String(ADMIN_MOVIES_DEFAULT_PAGE_SIZE);

/** The movie list's search, filters (category, status, video), sort (phones) and page size, read from and written to the URL. */
export function MovieListFilters({
  query,
  categories,
  sort,
  order,
}: {
  query: ListQuery;
  categories: Category[];
  sort: AdminMovieSort | undefined;
  order: SortDirection;
}) {
  const { params, setQuery } = query;
  return (
    <ListFilters>
      <ListSearch query={query} label="Search movie list" />
      <ParamFilter
        query={query}
        name="category"
        label="Category"
        options={[{ value: "", label: "All categories" }, ...categoryOptions(categories)]}
      />
      <ParamFilter query={query} name="status" label="Status" options={STATUS_OPTIONS} />
      <ParamFilter query={query} name="media" label="Video" options={MEDIA_OPTIONS} />
      <SortBySelect
        query={query}
        value={sort ? `${sort}:${order}` : ""}
        options={[{ value: "", label: params.get("search") ? "Best match" : "Newest" }, ...SORT_OPTIONS]}
      />
      <FilterSelect
        label="Per page"
        value={params.get("limit") ?? DEFAULT_LIMIT}
        onChange={(limit) => setQuery({ limit: limit === DEFAULT_LIMIT ? null : limit, page: null })}
        options={ADMIN_MOVIE_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
      />
    </ListFilters>
  );
}
