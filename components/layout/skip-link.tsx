/** The first Tab stop of every page: past the header straight to the page's own content (WCAG 2.4.1). */
export function SkipLink() {
  return (
    <a
      href="#content"
      className="sr-only z-50 rounded-md bg-subMain px-4 py-3 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      Skip to content
    </a>
  );
}
