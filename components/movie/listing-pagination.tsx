import { IntentLink } from "@/components/ui/intent-link";
import { listingHref, pagesInRange, type ListingFilters } from "@/lib/movie-filters";
import { PAGINATION_ROW_CLASS } from "./listing-layout";

const cell =
  "flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-subMain";

/** Page links for the movie listing: '<<', five pages in range, '>>'. */
export function ListingPagination({
  search,
  filters,
  currentPage,
  totalPage,
}: {
  search: string;
  filters: ListingFilters;
  currentPage: number;
  totalPage: number;
}) {
  if (totalPage <= 1) return null;
  const href = (page: number) => listingHref(search, { ...filters, page });
  const edge = (page: number, label: string, name: string, enabled: boolean) =>
    enabled ? (
      <IntentLink href={href(page)} aria-label={name} className={`${cell} border-border/60 hover:bg-subMain`}>
        {label}
      </IntentLink>
    ) : (
      <span aria-disabled="true" aria-label={name} className={`${cell} border-border/30 text-text/70`}>
        {label}
      </span>
    );
  return (
    <nav aria-label="Pagination" className={PAGINATION_ROW_CLASS}>
      {edge(currentPage - 1, "<<", "Previous page", currentPage > 1)}
      {pagesInRange(currentPage, totalPage).map((page) => (
        <IntentLink
          key={page}
          href={href(page)}
          aria-label={`Page ${page}`}
          aria-current={page === currentPage ? "page" : undefined}
          className={`${cell} ${page === currentPage ? "border-subMain bg-subMain" : "border-border/60 hover:bg-subMain"}`}
        >
          {page}
        </IntentLink>
      ))}
      {edge(currentPage + 1, ">>", "Next page", currentPage < totalPage)}
    </nav>
  );
}
