// The tables of the account and admin pages: one look, and on phones they scroll sideways inside
// their box rather than widening the page.
export function DataTable({ head, children, label }: { head: React.ReactNode[]; children: React.ReactNode; label: string }) {
  return (
    <div className="w-full overflow-x-auto rounded-lg border border-border/40">
      <table className="w-full min-w-[40rem] table-auto divide-y divide-border/40 text-left text-sm" aria-label={label}>
        <thead className="bg-main/70">
          <tr>
            {head.map((cell, index) => (
              <th key={index} scope="col" className="whitespace-nowrap px-4 py-3 text-xs font-semibold uppercase tracking-wide text-text">
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

export const cellClass = "whitespace-nowrap px-4 py-3 text-white/90";

export function Thumbnail({ src, alt }: { src: string; alt: string }) {
  return (
    <div className="h-12 w-16 overflow-hidden rounded border border-border/40 bg-dry">
      {/* eslint-disable-next-line @next/next/no-img-element -- uploads are served by our own API */}
      {src && <img src={src} alt={alt} className="size-full object-cover" />}
    </div>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg border border-dashed border-border/50 px-6 py-16 text-center text-text">{children}</p>;
}
