"use client";

export type SortDirection = "asc" | "desc";

/**
 * A column head that sorts the table: a button naming what a press does, and the head's aria-sort
 * (set by DataTable from `direction`) telling the current order to screen readers.
 */
export function SortableHeader({
  label,
  direction,
  onSort,
}: {
  label: string;
  /** The column's current order, or undefined when the table is not sorted by it. */
  direction: SortDirection | undefined;
  onSort: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onSort}
      className="inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-white focus-visible:outline-2 focus-visible:outline-subMain"
    >
      {label}
      <span aria-hidden="true" className={direction ? "text-accent" : "text-border"}>
        {direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}
      </span>
    </button>
  );
}

export const ariaSortOf = (direction: SortDirection | undefined): "ascending" | "descending" | undefined =>
  direction === "asc" ? "ascending" : direction === "desc" ? "descending" : undefined;
