// @ts-check
// The handler for the whole pages Next keeps (ISR: next.config.ts `cacheHandler`, Next's documented
// interface: get, set, revalidateTag, resetRequestCache). Pages are kept in this process's memory,
// least recently used first out beyond `cacheMaxMemorySize` bytes, and judged against the tag
// expirations every instance shares (lib/cache/shared-tags.mjs): before each lookup this instance
// learns what the others expired (one indexed query shared by concurrent requests), and a page
// carrying a tag expired since it was made is dropped and rendered anew, the visitor waiting for it.
// So an admin's edit made on any instance shows on every instance's next visit (docs/architecture.md,
// "Caching").
//
// - The page's tags are in its `x-next-cache-tags` header (`value.headers`), as Next's self-hosting
//   guide documents for handlers ("Configuring Caching"): the tags of every cached read it made, and
//   the implicit tags of its path.
// - Nothing is read from or written to disk. A server therefore never serves a page rendered before
//   it started (by `next build`, which has no database, or by an earlier run that missed writes made
//   while it was down): the first visit of each page renders it.
// - A tag marked stale rather than expired counts as expired here: the app expires its tags at once
//   (lib/data/cache-tags.ts), and a re-render costs less than a stale page shown after a save.
//
// Next constructs this class for every request; the store is one per process (globalThis), since Next
// may load this file more than once.
import { ByteLimitedLru } from "./lru.mjs";
import { debug, now, processSharedTags } from "./shared-tags.mjs";

/** Where a kept page's (or route response's) tags are, comma-separated. */
export const TAGS_HEADER = "x-next-cache-tags";
const STORE_KEY = Symbol.for("marquee.pageCache");
/** Next's default `cacheMaxMemorySize`, should the context lack one. */
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

/**
 * The parts of Next's cached values this handler reads (the rest is kept as it comes).
 * @typedef {{
 *   kind: string,
 *   html?: string,
 *   rscData?: Uint8Array,
 *   postponed?: string,
 *   body?: Uint8Array,
 *   segmentData?: Map<string, Uint8Array>,
 *   headers?: Record<string, unknown>,
 * }} CachedValue
 * @typedef {{ value: CachedValue | null, lastModified: number, cacheControl?: unknown }} PageEntry
 * @typedef {{ kind?: string, tags?: string[], softTags?: string[] }} GetContext
 * @typedef {{ cacheControl?: unknown, fetchCache?: boolean }} SetContext
 */

/** What an entry weighs in memory, roughly: its payloads and key (Next's own estimate, the same parts). */
export function weigh(/** @type {string} */ key, /** @type {CachedValue | null} */ value) {
  if (!value) return key.length + 25;
  if (value.kind !== "APP_PAGE" && value.kind !== "APP_ROUTE") return key.length + JSON.stringify(value).length;
  let bytes = key.length + JSON.stringify(value.headers ?? {}).length;
  for (const part of [value.html, value.rscData, value.body, value.postponed]) bytes += part?.length ?? 0;
  for (const [path, segment] of value.segmentData ?? []) bytes += path.length + segment.length;
  return bytes;
}

/** @param {CachedValue | null} value @returns {string[]} */
function tagsOf(value) {
  const header = value?.headers?.[TAGS_HEADER];
  return typeof header === "string" && header ? header.split(",") : [];
}

/**
 * The handler class Next instantiates, over a tag record and a store.
 * @param {import("./shared-tags.mjs").SharedTags} tags
 * @param {(maxBytes: number) => ByteLimitedLru<PageEntry>} storeFor
 */
export function definePageCacheHandler(tags, storeFor) {
  return class PageCacheHandler {
    /** @param {{ maxMemoryCacheSize?: number }} context */
    constructor(context) {
      this.store = storeFor(context.maxMemoryCacheSize ?? DEFAULT_MAX_BYTES);
    }

    /** @param {string} key @param {GetContext} [context] @returns {Promise<PageEntry | null>} */
    async get(key, context) {
      await tags.refresh();
      const entry = this.store.get(key);
      if (!entry) return null;
      const entryTags = tagsOf(entry.value);
      if (context?.kind === "FETCH") entryTags.push(...(context.tags ?? []), ...(context.softTags ?? []));
      if (tags.isExpired(entryTags, entry.lastModified) || tags.isStale(entryTags, entry.lastModified)) {
        debug("page", key, "expired", entryTags, entry.lastModified);
        this.store.delete(key);
        return null;
      }
      return entry;
    }

    /** @param {string} key @param {CachedValue | null} value @param {SetContext} [context] */
    async set(key, value, context) {
      const cacheControl = context?.fetchCache ? undefined : context?.cacheControl;
      this.store.set(key, { value, lastModified: now(), cacheControl }, weigh(key, value));
    }

    /**
     * revalidateTag reached this handler: mark the tags in the process's record (the 'use cache'
     * handler records them for the other instances). @param {string | string[]} changed
     * @param {{ expire?: number }} [durations]
     */
    async revalidateTag(changed, durations) {
      tags.markExpired(typeof changed === "string" ? [changed] : changed, durations?.expire);
    }

    resetRequestCache() {}
  };
}

export default definePageCacheHandler(processSharedTags(), (maxBytes) => {
  const shared = /** @type {Record<symbol, ByteLimitedLru<PageEntry> | undefined>} */ (globalThis);
  return (shared[STORE_KEY] ??= new ByteLimitedLru(maxBytes));
});
