/**
 * The account and admin pages' placeholder (their loading.tsx) while a page renders on the server:
 * grey bars where its title and rows will be, inside the side-menu layout's own panel, so the menu
 * stays usable and nothing moves when the page arrives. It streams in the same response as the
 * page's rows; "Loading page" tells it apart from a table's own "Loading" state, which would mean
 * rows fetched in the browser (e2e/first-html.spec.ts).
 */
export function PanelSkeleton({ rows }: { rows: number }) {
  return (
    <div role="status" aria-label="Loading page" className="flex flex-col gap-6 motion-safe:animate-pulse">
      <div className="h-7 w-48 rounded bg-main" />
      <div className="flex flex-col gap-3">
        {Array.from({ length: rows }, (_, row) => (
          <div key={row} className="h-12 rounded-md bg-main" />
        ))}
      </div>
    </div>
  );
}
