"use client";

// The parts every admin list is drawn with (movies, users, categories): the count line, the states
// before there are rows, the selection boxes and bar, sortable column heads and a row's Edit and
// Delete. Their state is lib/client/use-admin-list.ts's and the URL's.
import { Button } from "@/components/ui/button";
import { EmptyState, type HeadCell } from "@/components/ui/data-table";
import { SortableHeader, ariaSortOf, type SortDirection } from "@/components/ui/sortable-header";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/fetcher";

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

/** A row's selection box, or the head's box for every row on the page. */
export function SelectBox({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: () => void;
  disabled?: boolean;
}) {
  return (
    <input
      type="checkbox"
      className="size-4 accent-subMain"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

/** The head cell of the selection column. */
export const selectionHead = (box: React.ReactNode): HeadCell => ({ cell: box, className: "w-10" });

/** A column head that sorts the list: its direction when the list is in its order, and aria-sort. */
export function sortableHead(label: string, direction: SortDirection | undefined, onSort: () => void): HeadCell {
  return {
    cell: <SortableHeader label={label} direction={direction} onSort={onSort} />,
    sort: ariaSortOf(direction),
  };
}

/** What can be done with the selected rows: `children` are the actions; Clear selection ends the row. */
export function SelectionBar({
  label,
  count,
  onClear,
  children,
}: {
  /** Names the region for screen readers: "Selected movies". */
  label: string;
  count: number;
  onClear: () => void;
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-subMain/40 bg-main px-4 py-3 text-sm"
    >
      <p className="font-semibold">{count} selected</p>
      {children}
      <button
        type="button"
        onClick={onClear}
        className="ml-auto rounded px-2 py-1 text-text hover:text-white focus-visible:outline-2 focus-visible:outline-subMain"
      >
        Clear selection
      </button>
    </div>
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
