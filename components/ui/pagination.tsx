/** Previous and next pages for the admin tables (the original '<<' and '>>' labels). */
export function Pagination({
  page,
  totalPage,
  onChange,
}: {
  page: number;
  totalPage: number;
  onChange: (page: number) => void;
}) {
  if (totalPage <= 1) return null;
  const button =
    "rounded-md border border-border/60 px-4 py-2 text-sm transition hover:border-subMain hover:bg-subMain focus-visible:outline-2 focus-visible:outline-subMain disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent";
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-4">
      <button
        type="button"
        className={button}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label="Previous page"
      >
        {"<<"}
      </button>
      <span className="text-sm text-text">
        Page {page} of {totalPage}
      </span>
      <button
        type="button"
        className={button}
        disabled={page >= totalPage}
        onClick={() => onChange(page + 1)}
        aria-label="Next page"
      >
        {">>"}
      </button>
    </nav>
  );
}
