export { Thumbnail } from "./thumbnail";

// The tables of the account and admin pages: one look, and on phones they scroll sideways inside
// their box rather than widening the page.
export function DataTable({ head, children, label }: { head: React.ReactNode[]; children: React.ReactNode; label: string }) {
  return (
    <div className="w-full overflow-x-auto rounded-lg border border-border/40">
      <table className="w-full min-w-[40rem] table-auto divide-y divide-border/40 text-left text-sm" aria-label={label}>
        <thead className="bg-main/70">
          <tr>
            {head.map((cell, index) => (
              <th key={index} scope="col" className="whitespace-nowrap px-3 py-3 text-xs font-semibold uppercase tracking-wide text-text">
                {cell}
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
  return <p className="rounded-lg border border-dashed border-border/50 px-6 py-16 text-center text-text">{children}</p>;
}
