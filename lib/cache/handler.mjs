// @ts-check
// The `'use cache'` handler (next.config.ts `cacheHandlers.default`, Next's documented interface):
// entries stay in this process's memory, least recently used first out beyond a byte budget, as with
// Next's built-in handler; tag expirations come from lib/cache/shared-tags.mjs, which shares them
// with every instance through PostgreSQL (docs/architecture.md "Caching", docs/deploy.md).
//
// Plain JavaScript: Next imports this file with Node itself, in `next build` workers too, where no
// TypeScript loader runs. It must not import app modules (they are bundled separately).
import { ByteLimitedLru } from "./lru.mjs";
import { debug, now, processSharedTags } from "./shared-tags.mjs";

/** @typedef {import("next/cache").CacheEntry} CacheEntry */
/** @typedef {Omit<CacheEntry, "value"> & { value: Uint8Array }} StoredEntry */

/** The byte budget when CACHE_MAX_MEMORY_BYTES does not set one (Next's own default for its handler). */
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

/** @param {Uint8Array} bytes */
function streamOf(bytes) {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * @param {{ tags: import("./shared-tags.mjs").SharedTags, maxBytes?: number }} options
 * @returns {import("next/cache").CacheHandler}
 */
export function createCacheHandler({ tags, maxBytes = DEFAULT_MAX_BYTES }) {
  /** @type {ByteLimitedLru<StoredEntry>} */
  const entries = new ByteLimitedLru(maxBytes);
  /** @type {Map<string, Promise<void>>} one per render in progress */
  const pendingSets = new Map();

  return {
    async get(cacheKey) {
      const pending = pendingSets.get(cacheKey);
      if (pending) await pending;
      const stored = entries.get(cacheKey);
      if (!stored) {
        debug("get", cacheKey, "not found");
        return undefined;
      }
      // Past `revalidate` an entry is dropped rather than refreshed in the background, as in Next's own
      // in-memory handler. Soft tags need no check here: Next compares getExpiration with the entry.
      if (now() > stored.timestamp + stored.revalidate * 1000 || tags.isExpired(stored.tags, stored.timestamp)) {
        debug("get", cacheKey, "expired", stored.tags, stored.timestamp);
        entries.delete(cacheKey);
        return undefined;
      }
      const revalidate = tags.isStale(stored.tags, stored.timestamp) ? -1 : stored.revalidate;
      return { ...stored, revalidate, value: streamOf(stored.value) };
    },

    async set(cacheKey, pendingEntry) {
      /** @type {() => void} */
      let settle = () => {};
      pendingSets.set(cacheKey, new Promise((resolve) => (settle = () => resolve(undefined))));
      try {
        const entry = await pendingEntry;
        // expire 0 marks a dynamic entry that Next never reads back.
        if (entry.expire === 0) return;
        const value = new Uint8Array(await new Response(entry.value).arrayBuffer());
        entries.set(cacheKey, { ...entry, value }, value.byteLength + cacheKey.length);
      } catch {
        // A render that failed leaves nothing cached; the next read renders again.
      } finally {
        pendingSets.delete(cacheKey);
        settle();
      }
    },

    async refreshTags() {
      await tags.refresh();
    },

    async getExpiration(softTags) {
      return tags.latestExpiry(softTags);
    },

    async updateTags(changed, durations) {
      await tags.update(changed, durations?.expire);
    },
  };
}

/**
 * The byte budget: CACHE_MAX_MEMORY_BYTES, which lib/env.ts validates as the server starts (read
 * here from the environment: this file is loaded outside the app bundle).
 */
export function configuredMaxBytes() {
  const setting = process.env.CACHE_MAX_MEMORY_BYTES;
  return setting ? Number(setting) : DEFAULT_MAX_BYTES;
}

export default createCacheHandler({ tags: processSharedTags(), maxBytes: configuredMaxBytes() });
