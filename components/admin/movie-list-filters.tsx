"use client";

import type { SortDirection } from "@/components/ui/sortable-header";
import type { QueryChanges } from "@/lib/client/use-url-query";
import type { Category } from "@/lib/data/categories";
import {
  ADMIN_MEDIA_FILTERS,
  ADMIN_MOVIE_PAGE_SIZES,
  ADMIN_MOVIES_DEFAULT_PAGE_SIZE,
  MEDIA_FILTER_LABELS,
  type AdminMovieSort,
} from "@/lib/validation/admin-movie";
import { FilterSelect, ListFilters, SearchBox } from "./list-filters";

/** Each sort's name in the phone's Sort by select (the column heads sort on wider screens). */
const SORT_LABELS: Record<AdminMovieSort, string> = {
  created: "Added",
  name: "Name",
  category: "Category",
  language: "Language",
  year: "Year",
  hour: "Runtime",
  media: "Video",
};

/** The movie list's search, filters (category, status, video), sort (phones) and page size, read from and written to the URL. */
export function MovieListFilters({
  params,
  setQuery,
  categories,
  sort,
  order,
}: {
  params: URLSearchParams;
  setQuery: (changes: QueryChanges, options?: { replace?: boolean }) => void;
  categories: Category[];
  sort: AdminMovieSort | undefined;
  order: SortDirection;
}) {
  return (
    <ListFilters>
      <SearchBox
        label="Search movie list"
        value={params.get("search") ?? ""}
        onSearch={(search) => setQuery({ search, page: null }, { replace: true })}
      />
      <FilterSelect
        label="Category"
        value={params.get("category") ?? ""}
        onChange={(category) => setQuery({ category, page: null })}
        options={[{ value: "", label: "All categories" }, ...categories.map((c) => ({ value: c._id, label: c.name }))]}
      />
      <FilterSelect
        label="Status"
        value={params.get("status") ?? ""}
        onChange={(status) => setQuery({ status, page: null })}
        options={[
          { value: "", label: "All" },
          { value: "published", label: "Published" },
          { value: "draft", label: "Draft" },
        ]}
      />
      <FilterSelect
        label="Video"
        value={params.get("media") ?? ""}
        onChange={(media) => setQuery({ media, page: null })}
        options={[
          { value: "", label: "Any video" },
          ...ADMIN_MEDIA_FILTERS.map((value) => ({ value, label: MEDIA_FILTER_LABELS[value] })),
        ]}
      />
      <FilterSelect
        label="Sort by"
        className="sm:hidden"
        value={sort ? `${sort}:${order}` : ""}
        onChange={(value) => {
          const [column, direction] = value.split(":");
          setQuery({ sort: column, order: direction, page: null });
        }}
        options={[
          { value: "", label: params.get("search") ? "Best match" : "Newest" },
          ...(Object.keys(SORT_LABELS) as AdminMovieSort[]).flatMap((column) => [
            { value: `${column}:asc`, label: `${SORT_LABELS[column]} ↑` },
            { value: `${column}:desc`, label: `${SORT_LABELS[column]} ↓` },
          ]),
        ]}
      />
      <FilterSelect
        label="Per page"
        value={params.get("limit") ?? String(ADMIN_MOVIES_DEFAULT_PAGE_SIZE)}
        onChange={(limit) =>
          setQuery({ limit: limit === String(ADMIN_MOVIES_DEFAULT_PAGE_SIZE) ? null : limit, page: null })
        }
        options={ADMIN_MOVIE_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
      />
    </ListFilters>
  );
}
