import "server-only";

/**
 * True while `next build` prerenders, which it does without a database. A kept page whose content
 * reads the catalogue renders its loading state then, and the content in a running app. That
 * prerender is never served: a server counts every page kept before it started as expired
 * (lib/cache/handler.mjs), so the page's first visit renders it with the catalogue, and Next keeps
 * that render.
 *
 * Not a Suspense boundary around the content: a page kept whole would then still send its content
 * as a boundary revealed after the first paint, which React 19.2 holds back by 300 ms to batch
 * reveals. The poster or banner a phone shows first (its Largest Contentful Paint) waited for that
 * and for every script before it (docs/performance.md, "Lighthouse").
 */
export function duringBuild(): boolean {
  return process.env.NEXT_PHASE === "phase-production-build";
}
