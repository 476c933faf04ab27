import { Spinner } from "./spinner";

/**
 * What a page's static shell shows where its catalogue data streams in (same response, moments later).
 * At least a screen tall: the footer starts below the fold, so the page that replaces it (always
 * taller) does not push a visible footer down (a layout shift of up to 0.97 in Lighthouse).
 */
export function PageLoading() {
  return (
    <div role="status" aria-label="Loading" className="flex min-h-screen justify-center py-32">
      <Spinner className="size-12" />
    </div>
  );
}
