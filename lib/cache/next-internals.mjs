// @ts-check
// The one place Marquee reaches into Next.js's private modules (docs/architecture.md, "Caching").
//
// Next documents cache handlers (`cacheHandlers` for 'use cache', `cacheHandler` for the pages it
// keeps) and `revalidateTag`/`updateTag`, but no way to tell the pages it keeps that a tag expired on
// another instance: Next judges a kept page only against its own in-process record of expired tags
// (the tags manifest), which no documented API reaches. So the shared expirations (lib/cache/
// handler.mjs) are written into that record, and the page handler (lib/cache/page-handler.mjs) is
// Next's own file-system cache with one step added. Everything that depends on how Next does this
// is here, and tests/unit/next-internals.test.ts fails when a Next release changes any of it; the
// two-instance test (tests/deploy/two-instances.test.ts) checks the whole path.
import { createRequire } from "node:module";
// A module Node loads once per process (".external": Next never bundles it), so this is the very Map
// Next reads.
import { tagsManifest } from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";

/** Next's record of expired tags for the pages it keeps: tag → { stale?, expired? } in epoch ms. */
export const nextTagsManifest = tagsManifest;

/**
 * Next's page cache class (memory, then the build folder on disk). Loaded with Node's own require:
 * page-handler.mjs is bundled into Next's server, and the class (and its module state) must be the
 * one Next itself would use.
 * @type {typeof import("next/dist/server/lib/incremental-cache/file-system-cache.js").default}
 */
export const FileSystemCache = createRequire(import.meta.url)(
  "next/dist/server/lib/incremental-cache/file-system-cache.js",
).default;

/**
 * The implicit tag Next gives every page it keeps: the root layout's (its private prefix "_N_T_" and
 * the layout's path). Expiring it makes every kept page count as expired.
 */
export const EVERY_PAGE_TAG = "_N_T_/layout";
