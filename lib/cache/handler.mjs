// @ts-check
// The `'use cache'` handler (next.config.ts `cacheHandlers.default`): entries stay in this process's
// memory, as with Next's built-in handler, but tag expirations are shared through PostgreSQL, so an
// admin's edit made on one instance is seen by every instance at its next request
// (docs/architecture.md "Caching", docs/deploy.md).
//
// - updateTags (a write expired its tags): mark them expired here and record them in "CacheTag".
//   lib/cache/tags.ts records them before the write's answer goes out (Next runs updateTags
//   only after the response), so this instance's copy is then not recorded a second time.
// - refreshTags (once per request, before its first cache read): one indexed query for the rows past
//   the last version seen; concurrent requests share it. A tag another instance expired counts as
//   expired from the moment this instance learns of it (its own clock, so clock skew between machines
//   cannot keep a stale entry alive; at worst an entry made just after the write is rebuilt).
// - No database (`next build` prerendering, DATABASE_URL unset) or a failed query: nothing is
//   learned from other instances, and the entries still expire with their cache life.
// - Whole pages kept by Next (ISR: lib/cache/page-handler.mjs) are judged against Next's own
//   in-process tag manifest, which no handler API reaches: every expiration this handler applies,
//   its own or learned from another instance, is written there too.
// - A page rendered from a read made before a write on this instance is not kept (mayKeepPage): Next
//   dates a kept page when it stores it, after the render, so it would be judged newer than the write.
//
// Plain JavaScript: Next imports this file with Node itself, in `next build` workers too, where no
// TypeScript loader runs. It must not import app modules (they are bundled separately).
import pg from "pg";
import { EVERY_PAGE_TAG, nextTagsManifest } from "./next-internals.mjs";

/** @typedef {import("next/cache").CacheEntry} CacheEntry */
/** @typedef {Omit<CacheEntry, "value"> & { value: Uint8Array }} StoredEntry */
/** @typedef {{ stale?: number; expired?: number }} TagState */

/** Next's default for the in-memory handler (`cacheMaxMemorySize`); least recently used entries go first. */
const MAX_BYTES = 50 * 1024 * 1024;
/**
 * How many kept pages' lookups are remembered. A render follows its lookup within seconds, so only
 * recent ones matter; the oldest are forgotten first (that page is then kept as Next alone keeps it).
 */
const MAX_PAGE_LOOKUPS = 10_000;
/** How many of the latest reads (finished `'use cache'` fills) are remembered, for the same purpose. */
const MAX_RECENT_FILLS = 1_000;
/** How long this instance's own expirations are remembered for the same purpose: longer than any render. */
const LOCAL_CHANGES_MS = 60_000;
/** Serialises writers, so versions commit in the order they were taken (a reader never skips one). */
const WRITE_LOCK_KEY = 7_324_001;

// Not rounded: an expiry rounded up to the next millisecond would lie in the future for a read made
// within the same millisecond, and that read would be served the stale entry.
const now = () => performance.timeOrigin + performance.now();
/** Next's own switch for its cache handlers' debug lines. */
const debug = process.env.NEXT_PRIVATE_DEBUG_CACHE ? console.debug.bind(console, "MarqueeCacheHandler:") : () => {};

function createSharedTagStore() {
  const url = process.env.DATABASE_URL;
  if (!url || process.env.NEXT_PHASE === "phase-production-build") return null;
  const pool = new pg.Pool({
    connectionString: url,
    max: 2,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client's error (the database restarted) must not crash the server; the next query retries.
  pool.on("error", () => {});
  return pool;
}

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
 * @param {{
 *   pool: pg.Pool | null,
 *   maxBytes?: number,
 *   pageTags?: Map<string, TagState>,
 *   log?: (message: string, error: unknown) => void,
 * }} options
 * @returns {import("next/cache").CacheHandler & {
 *   publish(tags: string[]): Promise<void>,
 *   pageLookedUp(key: string): void,
 *   mayKeepPage(key: string, pageTags: string[]): boolean,
 * }}
 */
export function createCacheHandler({
  pool,
  maxBytes = MAX_BYTES,
  pageTags = nextTagsManifest,
  log = (message, error) => console.error(message, error),
}) {
  /** @type {Map<string, StoredEntry>} insertion order is recency order */
  const entries = new Map();
  let storedBytes = 0;
  /** @type {Map<string, Promise<void>>} */
  const pendingSets = new Map();
  /** @type {Map<string, TagState>} */
  const tags = new Map();
  /** Tags lib/cache/tags.ts has recorded and Next has not yet passed to updateTags. */
  const publishedAhead = new Set();
  /** Versions this instance wrote itself: already applied here, skipped when read back. */
  const ownVersions = new Set();
  /** @type {bigint | null} null until the first refresh takes the current version as its start */
  let lastVersion = null;
  /** @type {Promise<void> | null} */
  let running = null;
  /** @type {Promise<void> | null} */
  let queued = null;
  /** @type {Map<string, number>} kept page's key → when it was last looked up; oldest first */
  const pageLookups = new Map();
  /**
   * The latest fills, oldest first: when each began and ended, and its tags. Next lets a request join
   * a fill another request began (its cross-request deduplication) without asking this handler, so a
   * page whose lookup came after a write may still have been rendered from a read begun before it.
   * @type {Set<{ tags: string[], startedAt: number, settledAt: number }>}
   */
  const recentFills = new Set();
  /**
   * When this instance's own writes last expired each tag, oldest first, for LOCAL_CHANGES_MS. Only
   * these date a write exactly (just after its commit). An expiry learned from another instance is
   * dated when this one learns it, usually by the refresh Next runs before a render's first read,
   * which that render's reads then follow: judging renders by it would keep no page on a busy site.
   * @type {Map<string, number>}
   */
  const localChanges = new Map();

  /** @param {string} key */
  function forget(key) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    storedBytes -= entry.value.byteLength + key.length;
  }

  /** @param {string[]} entryTags @param {number} timestamp */
  function isExpired(entryTags, timestamp) {
    const at = now();
    return entryTags.some((tag) => {
      const expired = tags.get(tag)?.expired;
      return typeof expired === "number" && expired <= at && expired > timestamp;
    });
  }

  /** @param {string[]} entryTags @param {number} timestamp */
  const isStale = (entryTags, timestamp) => entryTags.some((tag) => (tags.get(tag)?.stale ?? 0) > timestamp);

  /** The tag's new state, here and in Next's manifest for kept pages. @param {string} tag @param {TagState} change */
  function applyTag(tag, change) {
    tags.set(tag, { ...tags.get(tag), ...change });
    pageTags.set(tag, { ...pageTags.get(tag), ...change });
  }

  /** @param {string[]} changed @param {number | undefined} expireSeconds undefined: expired now */
  function markLocally(changed, expireSeconds) {
    const at = now();
    for (const tag of changed) {
      applyTag(tag, expireSeconds === undefined ? { expired: at } : { stale: at, expired: at + expireSeconds * 1000 });
      localChanges.delete(tag);
      localChanges.set(tag, at);
    }
    for (const [tag, changedAt] of localChanges) {
      if (changedAt >= at - LOCAL_CHANGES_MS) break;
      localChanges.delete(tag);
    }
  }

  /** @param {string[]} changed @param {number | undefined} expireSeconds */
  async function record(changed, expireSeconds) {
    // One row per tag and statement: ON CONFLICT cannot update the same row twice.
    const unique = [...new Set(changed)];
    if (!pool || unique.length === 0) return;
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock($1)", [WRITE_LOCK_KEY]);
      const { rows } = await client.query(
        `INSERT INTO "CacheTag" ("tag", "revalidatedAt", "expiredAt")
         SELECT tag, now(), now() + make_interval(secs => $2) FROM unnest($1::text[]) AS tag
         ON CONFLICT ("tag") DO UPDATE SET "version" = nextval(pg_get_serial_sequence('"CacheTag"', 'version')),
           "revalidatedAt" = EXCLUDED."revalidatedAt", "expiredAt" = EXCLUDED."expiredAt"
         RETURNING "version"`,
        [unique, expireSeconds ?? 0],
      );
      await client.query("COMMIT");
      for (const row of rows) ownVersions.add(String(row.version));
      debug(
        "recorded",
        unique,
        rows.map((row) => row.version),
      );
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async function pull() {
    if (!pool) return;
    if (lastVersion === null) {
      // Nothing is cached yet in a process that has not refreshed: older expirations do not matter.
      const { rows } = await pool.query(`SELECT coalesce(max("version"), 0)::text AS "version" FROM "CacheTag"`);
      lastVersion = BigInt(rows[0].version);
      debug("refresh: starting at version", rows[0].version);
      return;
    }
    const { rows } = await pool.query(
      `SELECT "tag", "version"::text AS "version", (extract(epoch FROM "expiredAt" - "revalidatedAt") * 1000)::float8 AS "expireMs"
       FROM "CacheTag" WHERE "version" > $1 ORDER BY "version"`,
      [lastVersion.toString()],
    );
    const learnedAt = now();
    debug("refresh: after version", lastVersion, "learned", rows);
    for (const row of rows) {
      lastVersion = BigInt(row.version);
      if (ownVersions.delete(row.version)) continue;
      applyTag(row.tag, { stale: learnedAt, expired: learnedAt + row.expireMs });
    }
  }

  /**
   * Every caller gets a query that started after it called: the one running may predate its write.
   * @returns {Promise<void>}
   */
  function refreshOnce() {
    if (!running) {
      running = pull().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null;
        return refreshOnce();
      });
    return queued;
  }

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
      if (now() > stored.timestamp + stored.revalidate * 1000 || isExpired(stored.tags, stored.timestamp)) {
        debug("get", cacheKey, "expired", stored.tags, stored.timestamp);
        forget(cacheKey);
        return undefined;
      }
      debug("get", cacheKey, "found", stored.tags, stored.timestamp);
      // Most recently used last.
      entries.delete(cacheKey);
      entries.set(cacheKey, stored);
      const revalidate = isStale(stored.tags, stored.timestamp) ? -1 : stored.revalidate;
      return { ...stored, revalidate, value: streamOf(stored.value) };
    },

    async set(cacheKey, pendingEntry) {
      /** @type {() => void} */
      let settle = () => {};
      pendingSets.set(cacheKey, new Promise((resolve) => (settle = () => resolve(undefined))));
      try {
        const entry = await pendingEntry;
        // Next dates an entry from the start of its fill.
        recentFills.add({ tags: entry.tags, startedAt: entry.timestamp, settledAt: now() });
        for (const oldest of recentFills) {
          if (recentFills.size <= MAX_RECENT_FILLS) break;
          recentFills.delete(oldest);
        }
        // expire 0 marks a dynamic entry that Next never reads back.
        if (entry.expire === 0) return;
        const value = new Uint8Array(await new Response(entry.value).arrayBuffer());
        forget(cacheKey);
        entries.set(cacheKey, { ...entry, value });
        storedBytes += value.byteLength + cacheKey.length;
        for (const [oldestKey] of entries) {
          if (storedBytes <= maxBytes) break;
          forget(oldestKey);
        }
      } catch {
        // A render that failed leaves nothing cached; the next read renders again.
      } finally {
        pendingSets.delete(cacheKey);
        settle();
      }
    },

    async refreshTags() {
      try {
        await refreshOnce();
      } catch (error) {
        // Serve what this instance knows rather than fail the request (Next's guidance for refreshTags).
        log("Cache tags: could not read expirations from the database", error);
      }
    },

    async getExpiration(softTags) {
      return Math.max(0, ...softTags.map((tag) => tags.get(tag)?.expired ?? 0));
    },

    async updateTags(changed, durations) {
      markLocally(changed, durations?.expire);
      const unpublished = changed.filter((tag) => !publishedAhead.delete(tag));
      try {
        await record(unpublished, durations?.expire);
      } catch (error) {
        log("Cache tags: could not record expirations in the database", error);
      }
    },

    /**
     * The page handler is looking up a kept page (lib/cache/page-handler.mjs): if Next renders it, the
     * render begins after this.
     */
    pageLookedUp(key) {
      pageLookups.delete(key);
      pageLookups.set(key, now());
      for (const [oldest] of pageLookups) {
        if (pageLookups.size <= MAX_PAGE_LOOKUPS) break;
        pageLookups.delete(oldest);
      }
    },

    /**
     * Whether a page rendered since its lookup may be kept: not if a write on this instance expired one
     * of its tags meanwhile, as the render may have read the catalogue before that write.
     */
    mayKeepPage(key, entryTags) {
      const since = pageLookups.get(key);
      pageLookups.delete(key);
      if (since === undefined) return true;
      const changedAfter = (/** @type {string} */ tag, /** @type {number} */ moment) =>
        (localChanges.get(tag) ?? 0) > moment;
      if (entryTags.some((tag) => changedAfter(tag, since))) return false;
      // A read the render may have joined: it ended after the lookup, and began before its tag changed.
      const onPage = new Set(entryTags);
      for (const fill of recentFills) {
        if (fill.settledAt < since) continue;
        if (fill.tags.some((tag) => onPage.has(tag) && changedAfter(tag, fill.startedAt))) return false;
      }
      return true;
    },

    /** Records expired-now tags for every instance; the caller awaits it before answering. */
    async publish(changed) {
      markLocally(changed, 0);
      try {
        await record(changed, 0);
        for (const tag of changed) publishedAhead.add(tag);
      } catch (error) {
        // The write itself has committed: answer it. updateTags tries the record again.
        log("Cache tags: could not record expirations in the database", error);
      }
    },
  };
}

// One per process, however often this file is loaded: Next imports it for 'use cache', and bundles it
// into the page handler (lib/cache/page-handler.mjs), which must share its expirations.
// lib/cache/tags.ts reaches `publish` here too: app code is bundled apart from this file. Kept in
// the process's registry (lib/process-state.ts), joined by its registered key: this plain JavaScript
// file cannot import the TypeScript one.
const registry = /** @type {Record<symbol, { cacheTags?: ReturnType<typeof createCacheHandler> } | undefined>} */ (
  globalThis
);
const processState = (registry[Symbol.for("marquee.processState")] ??= {});
const handler = (processState.cacheTags ??= startProcessHandler());

function startProcessHandler() {
  // A page kept before this server started (prerendered by `next build`, or written to disk by an
  // earlier run) may predate writes made since, which this process never learns (pull starts at the
  // newest version): it counts as expired, and its first visit renders it anew.
  if (process.env.NEXT_PHASE !== "phase-production-build") nextTagsManifest.set(EVERY_PAGE_TAG, { expired: now() });
  return createCacheHandler({ pool: createSharedTagStore() });
}

export default handler;
