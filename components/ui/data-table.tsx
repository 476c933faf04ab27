export { Thumbnail } from "./thumbnail";

// The tables of the account and admin pages: one look. Below the sm breakpoint each row becomes a
// card (cells wrap side by side, a last cell of buttons or links on a line of its own), so nothing needs sideways
// scrolling and every button stays in reach; the column heads stay for screen readers.
const phoneCards =
  "max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:sr-only max-sm:[&_tr]:flex max-sm:[&_tr]:flex-wrap max-sm:[&_tr]:items-center max-sm:[&_tr]:gap-x-3 max-sm:[&_tr]:gap-y-1 max-sm:[&_tr]:p-3 max-sm:[&_td]:block max-sm:[&_td]:p-0 max-sm:[&_td:last-child:has(button,a)]:basis-full max-sm:[&_td:last-child:has(button,a)]:pt-2";

/** A column head: its content, or its content with the table's order by it (aria-sort) and classes. */
export type HeadCell =
  React.ReactNode | { cell: React.ReactNode; sort?: "ascending" | "descending"; className?: string };

const isHeadObject = (
  cell: HeadCell,
): cell is { cell: React.ReactNode; sort?: "ascending" | "descending"; className?: string } =>
  typeof cell === "object" && cell !== null && "cell" in cell;

export function DataTable({
  head,
  children,
  label,
  wide = true,
}: {
  head: HeadCell[];
  children: React.ReactNode;
  label: string;
  /** false: no minimum width, for a table that fits its panel by itself. */
  wide?: boolean;
}) {
  return (
    <div className="w-full overflow-x-auto rounded-lg border border-border/40">
      <table
        className={`w-full table-auto ${wide ? "sm:min-w-[40rem]" : ""} ${phoneCards} divide-y divide-border/40 text-left text-sm`}
        aria-label={label}
      >
        <thead className="bg-main/70">
          <tr>
            {head.map((cell, index) => (
              <th
                key={index}
                scope="col"
                aria-sort={isHeadObject(cell) ? cell.sort : undefined}
                className={`whitespace-nowrap px-3 py-3 text-xs font-semibold uppercase tracking-wide text-text ${isHeadObject(cell) ? (cell.className ?? "") : ""}`}
              >
                {isHeadObject(cell) ? cell.cell : cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border/30 bg-main/30">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = "px-3 py-3 align-middle text-white/90";

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-border/50 px-6 py-16 text-center text-text">{children}</p>
  );
}
