// @ts-check
// The handler for whole pages Next keeps (ISR: next.config.ts `cacheHandler`): Next's own file-system
// cache (the pages `next build` prerendered, then the ones rendered since, in memory and on disk),
// plus two steps (docs/architecture.md, "Caching"):
// - before every lookup, learn the tags other instances expired (lib/cache/handler.mjs, one indexed
//   query shared by concurrent requests). Next then judges the kept page against those expirations,
//   so an admin's edit made on any instance shows on every instance's very next request;
// - a page whose render began before one of its tags expired is not kept. Next dates a kept page
//   when it stores it, after the render: a render that read the catalogue just before a write (any
//   visitor's request or link prefetch) would otherwise be kept as newer than the write, and served
//   without it until the next one.
//
// Next's file-system cache class comes from lib/cache/next-internals.mjs, with Next's other private
// parts Marquee depends on.
import sharedTags from "./handler.mjs";
import { FileSystemCache } from "./next-internals.mjs";

/** The tags Next stores a page with (its cached reads' and its implicit ones), as Next reads them back. */
function tagsOf(/** @type {unknown} */ data) {
  const headers = /** @type {{ headers?: Record<string, unknown> } | null} */ (data)?.headers;
  const tags = headers?.["x-next-cache-tags"];
  return typeof tags === "string" ? tags.split(",") : [];
}

export default class PageCacheHandler extends FileSystemCache {
  /** @param {Parameters<InstanceType<typeof FileSystemCache>["get"]>} args */
  async get(...args) {
    await sharedTags.refreshTags?.();
    sharedTags.pageLookedUp(args[0]);
    return super.get(...args);
  }

  /** @param {Parameters<InstanceType<typeof FileSystemCache>["set"]>} args */
  async set(...args) {
    const [key, data] = args;
    // Not kept: the next visit renders it anew.
    if (!sharedTags.mayKeepPage(key, tagsOf(data))) return;
    return super.set(...args);
  }
}
