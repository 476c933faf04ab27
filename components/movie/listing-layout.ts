// The movie listing's boxes, shared by the page (app/(site)/movies) and the skeleton it streams into
// (listing-skeleton.tsx): the skeleton keeps every box of the real page at every breakpoint, so
// nothing moves when the movies arrive (Lighthouse's layout shift, docs/performance.md).
// A plain module, not a client one: a server component importing a constant from a "use client"
// file would get a client reference, not the string.

export const LISTING_MAIN_CLASS = "mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6";
/** Six selects: three rows of two on phones, two rows of three from sm, one row from lg. */
export const FILTER_BAR_CLASS =
  "relative grid grid-cols-2 gap-2 rounded-lg border border-border/40 bg-dry p-2 sm:grid-cols-3 sm:gap-3 sm:p-4 lg:grid-cols-6";
export const FILTER_COUNT = 6;
export const FILTER_SELECT_CLASS = "h-11 w-full rounded-md border border-border/60 bg-main";
/** The "Total N Movies" line. */
export const LISTING_SUMMARY_CLASS =
  "flex flex-wrap items-baseline justify-between gap-2 text-sm font-medium text-text";
/** The page links' row (components/movie/listing-pagination.tsx): one row of h-10 cells. */
export const PAGINATION_ROW_CLASS = "flex min-h-10 flex-wrap items-center justify-center gap-2";
