"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Spinner } from "@/components/ui/spinner";
import { FILTER_BAR_CLASS, FILTER_SELECT_CLASS } from "./listing-layout";
import { listingHref, type FilterKey, type ListingFilters } from "@/lib/movie-filters";
import { HOUR_FILTER_OPTIONS, LANGUAGES, RATE_FILTER_OPTIONS, SORT_OPTIONS } from "@/lib/validation/movie-options";

type Option = { value: string; label: string };

/**
 * The filter bar: each change reloads the listing at page 1 (docs/product.md "Catalogue and filters"). The
 * years are the catalogue's own, newest first, and Sort orders the list; without it a
 * search lists best matches first, the plain listing newest first.
 */
export function ListingFilters({
  search,
  filters,
  categories,
  years,
}: {
  search: string;
  filters: ListingFilters;
  categories: { _id: string; name: string }[];
  years: number[];
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const selects: { key: FilterKey; label: string; first: string; options: Option[] }[] = [
    {
      key: "category",
      label: "Category",
      first: "All Categories",
      options: categories.map((c) => ({ value: c._id, label: c.name })),
    },
    {
      key: "language",
      label: "Language",
      first: "Sort By Language",
      options: LANGUAGES.map((l) => ({ value: l, label: l })),
    },
    {
      key: "rate",
      label: "Rates",
      first: "Sort By Rates",
      options: RATE_FILTER_OPTIONS.map((o) => ({ value: String(o.value), label: o.label })),
    },
    {
      key: "time",
      label: "Hours",
      first: "Sort By Hours",
      options: HOUR_FILTER_OPTIONS.map((o) => ({ value: String(o.value), label: o.label })),
    },
    {
      key: "year",
      label: "Year",
      first: "Sort By Year",
      options: years.map((y) => ({ value: String(y), label: String(y) })),
    },
    {
      key: "sort",
      label: "Sort",
      first: search ? "Sort: Best Match" : "Sort: Newest",
      options: SORT_OPTIONS.filter((o) => search || o.value !== "newest").map((o) => ({
        value: o.value,
        label: `Sort: ${o.label}`,
      })),
    },
  ];

  function change(key: FilterKey, value: string) {
    startTransition(() => router.push(listingHref(search, { ...filters, [key]: value || undefined, page: 1 })));
  }

  return (
    <div className={FILTER_BAR_CLASS} aria-busy={pending}>
      {selects.map(({ key, label, first, options }) => (
        <label key={key} className="flex flex-col gap-1 text-xs text-text">
          <span className="sr-only">{label}</span>
          <select
            value={filters[key] ?? ""}
            onChange={(event) => change(key, event.target.value)}
            className={`${FILTER_SELECT_CLASS} pl-2 pr-1 text-sm text-white sm:px-3 focus-visible:outline-2 focus-visible:outline-subMain`}
          >
            <option value="">{first}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      {pending && (
        <span role="status" aria-label="Loading" className="absolute -top-3 right-3">
          <Spinner className="size-6" />
        </span>
      )}
    </div>
  );
}
