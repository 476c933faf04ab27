import { Spinner } from "./spinner";

/** What a page's static shell shows where its catalogue data streams in (same response, moments later). */
export function PageLoading() {
  return (
    <div role="status" aria-label="Loading" className="flex justify-center py-32">
      <Spinner className="size-12" />
    </div>
  );
}
