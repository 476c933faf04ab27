import "server-only";

/**
 * `next build` has no database. A page part that reads the catalogue outside a route parameter
 * awaits this first: during the build it never settles, so Next prerenders the part's Suspense
 * fallback; in a running app it is settled at once. That prerender is never served: a server counts
 * every page kept before it started as expired (lib/cache/handler.mjs), so the page's first visit
 * renders it with the catalogue, and Next keeps that render.
 */
export function catalogueReachable(): Promise<void> {
  return process.env.NEXT_PHASE === "phase-production-build" ? new Promise(() => {}) : Promise.resolve();
}
