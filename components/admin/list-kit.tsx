"use client";

// The parts every admin list is drawn with (movies, users, categories): the count line, the states
// before there are rows, sortable column heads, a row's Edit and Delete and the pages. Selecting rows
// and acting on them has its own parts in list-selection.tsx. Their state is
// lib/client/use-admin-list.ts's and the URL's.
import { Button } from "@/components/ui/button";
import { EmptyState, type HeadCell } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { SortableHeader, ariaSortOf, type SortDirection } from "@/components/ui/sortable-header";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/fetcher";
import type { ListQuery } from "./list-filters";

/**
 * How many rows match, with a spinner while the list reloads (read out when it changes), and Clear
 * filters while any filter is on.
 */
export function ListSummary({
  text,
  loading,
  onClearFilters,
}: {
  text: string;
  loading: boolean;
  /** Given while a search or filter narrows the list. */
  onClearFilters?: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-text">
      <p aria-live="polite">
        {text}
        {loading && <Spinner className="ml-2 inline-block size-4 align-middle" />}
      </p>
      {onClearFilters && (
        <Button variant="quiet" size="compact" onClick={onClearFilters}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

export function ListLoading() {
  return (
    <div className="flex justify-center py-16" role="status" aria-label="Loading">
      <Spinner className="size-10" />
    </div>
  );
}

/**
 * The table, or what stands in its place: a spinner before the first rows (SWR also reports loading
 * while it revalidates rows it has), the error, or the empty list's words.
 */
export function ListBody({
  loading,
  error,
  empty,
  children,
}: {
  loading: boolean;
  error: Error | undefined;
  /** The words for no rows, or null when there are rows. */
  empty: string | null;
  children: React.ReactNode;
}) {
  if (loading) return <ListLoading />;
  if (error) return <EmptyState>{errorMessage(error)}</EmptyState>;
  if (empty !== null) return <EmptyState>{empty}</EmptyState>;
  return children;
}

/** A column head that sorts the list: its direction when the list is in its order, and aria-sort. */
export function sortableHead(label: string, direction: SortDirection | undefined, onSort: () => void): HeadCell {
  return {
    cell: <SortableHeader label={label} direction={direction} onSort={onSort} />,
    sort: ariaSortOf(direction),
  };
}

/** The list's pages: the URL's `page`. */
export function ListPages({ query: { params, setQuery }, totalPage }: { query: ListQuery; totalPage: number }) {
  return (
    <Pagination
      page={Number(params.get("page")) || 1}
      totalPage={totalPage}
      onChange={(next) => setQuery({ page: next })}
    />
  );
}

/** A row's Edit and Delete, named after the row for screen readers ("Edit Dune"). */
export function EditDeleteActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex gap-2 whitespace-nowrap">
      <Button variant="quiet" size="compact" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button variant="danger" size="compact" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}
