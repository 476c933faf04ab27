// @ts-check
// The handler for whole pages Next keeps (ISR: next.config.ts `cacheHandler`): Next's own file-system
// cache (the pages `next build` prerendered, then the ones rendered since, in memory and on disk),
// plus one step before every lookup: learn the tags other instances expired (lib/cache/handler.mjs,
// one indexed query shared by concurrent requests). Next then judges the kept page against those
// expirations, so an admin's edit made on any instance shows on every instance's very next request,
// pages included (docs/architecture.md, "Caching").
//
// Next's file-system cache class comes from lib/cache/next-internals.mjs, with Next's other private
// parts Marquee depends on.
import sharedTags from "./handler.mjs";
import { FileSystemCache } from "./next-internals.mjs";

export default class PageCacheHandler extends FileSystemCache {
  /** @param {Parameters<InstanceType<typeof FileSystemCache>["get"]>} args */
  async get(...args) {
    await sharedTags.refreshTags?.();
    return super.get(...args);
  }
}
