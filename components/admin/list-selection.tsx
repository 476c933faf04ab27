"use client";

// The admin lists' selection (movies, users): the table whose first column selects rows, each row's
// box, the bar of what can be done with the selected rows and the bulk delete's question. Drawn
// with list-kit.tsx's parts; the selection itself is lib/client/use-admin-list.ts's.
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, cellClass, type HeadCell } from "@/components/ui/data-table";
import type { RowSelection } from "@/lib/client/use-admin-list";
import { ListBody } from "./list-kit";

/**
 * The list's table under ListBody's states, its first column the box that selects every row of the
 * page that can be selected (`selectable`); `head` are the other columns.
 */
export function SelectableTable({
  label,
  selectAllLabel,
  selection,
  selectable,
  head,
  children,
  ...body
}: Omit<React.ComponentProps<typeof ListBody>, "children"> & {
  label: string;
  selectAllLabel: string;
  selection: RowSelection;
  selectable: string[];
  head: HeadCell[];
  children: React.ReactNode;
}) {
  return (
    <ListBody {...body}>
      <DataTable
        label={label}
        wide={false}
        head={[
          selectionHead(
            <SelectBox
              label={selectAllLabel}
              checked={selection.allOf(selectable)}
              disabled={selectable.length === 0}
              onChange={() => selection.toggleAll(selectable)}
            />,
          ),
          ...head,
        ]}
      >
        {children}
      </DataTable>
    </ListBody>
  );
}

/** What a selectable row is told: whether it is selected, and how to toggle it. */
export type RowSelectProps = { selected: boolean; onToggle: () => void };

/** A row's first cell: its selection box, named after the row ("Select Dune"); empty on a row that cannot be selected. */
export function SelectCell({
  name,
  selected,
  onToggle,
  selectable = true,
}: RowSelectProps & { name: string; selectable?: boolean }) {
  return (
    <td className={cellClass}>
      {selectable && <SelectBox label={`Select ${name}`} checked={selected} onChange={onToggle} />}
    </td>
  );
}

/** A row's selection box, or the head's box for every row on the page. */
function SelectBox({
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
const selectionHead = (box: React.ReactNode): HeadCell => ({ cell: box, className: "w-10" });

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

/** Asks before the selected rows are deleted: how many, and what goes with them. */
export function BulkDeleteDialog({
  open,
  busy,
  count,
  noun,
  consequence,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  count: number;
  /** One row's name and many rows': ["movie", "movies"]. */
  noun: [string, string];
  /** What the delete takes with it, a sentence: "Their reviews go with them." */
  consequence: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [one, many] = noun;
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      message={`Delete ${count === 1 ? `the selected ${one}` : `the ${count} selected ${many}`}? ${consequence}`}
      confirmLabel={`Delete ${count === 1 ? `1 ${one}` : `${count} ${many}`}`}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
