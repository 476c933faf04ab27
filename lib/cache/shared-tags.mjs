// @ts-check
// Which cache tags have expired, and when: one record per process, shared by the two cache handlers
// (lib/cache/handler.mjs for 'use cache' entries, lib/cache/page-handler.mjs for the pages Next keeps)
// and with every other instance through PostgreSQL, so an admin's edit made on one instance is seen
// by every instance at its next request (docs/architecture.md "Caching", docs/deploy.md).
//
// - publish (lib/data/cache-tags.ts `expireTags`, after a write commits): mark the tags expired here
//   and record them in "CacheTag" before the write's answer goes out. Next hands revalidated tags to
//   the handlers only after the response, too late for a client whose next request reaches another
//   instance; when it does (`update`), a tag published ahead is not recorded a second time.
// - refresh (before a request's first cache read): one indexed query for the rows past the last
//   version seen; concurrent requests share it. A tag another instance expired counts as expired from
//   the moment this instance learns of it (its own clock, so clock skew between machines cannot keep
//   a stale entry alive; at worst an entry made just after the write is rebuilt).
// - No database (`next build` prerendering, DATABASE_URL unset) or a failed query: nothing is learned
//   from other instances, and the entries still end with their cache life.
// - Bounded: at most `maxTags` tag states are remembered. Forgetting the least recently changed one
//   raises a watermark instead: every entry made before that tag's expiry counts as expired, so
//   forgetting costs a re-render, never a stale answer.
//
// Plain JavaScript: Next imports the 'use cache' handler with Node itself, in `next build` workers
// too, where no TypeScript loader runs. It must not import app modules (they are bundled separately).
import pg from "pg";

/** @typedef {{ stale?: number; expired?: number }} TagState */
/** @typedef {Pick<pg.Pool, "query" | "connect">} TagStore */

/** Serialises writers, so versions commit in the order they were taken (a reader never skips one). */
export const WRITE_LOCK_KEY = 7_324_001;
/** Where lib/data/cache-tags.ts finds `publish`: app code is bundled apart from this file. */
const SHARED_KEY = Symbol.for("marquee.cacheTags");
/** Tag states remembered at most (a few hundred bytes each). */
const MAX_TAGS = 10_000;

// Not rounded: an expiry rounded up to the next millisecond would lie in the future for a read made
// within the same millisecond, and that read would be served the stale entry.
export const now = () => performance.timeOrigin + performance.now();
/** Next's own switch for its cache handlers' debug lines. */
export const debug = process.env.NEXT_PRIVATE_DEBUG_CACHE ? console.debug.bind(console, "MarqueeCacheTags:") : () => {};

/** The connection pool for the CacheTag table, or null where there is no database to share through. */
function connectTagStore() {
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

/**
 * @param {{
 *   pool: TagStore | null,
 *   maxTags?: number,
 *   log?: (message: string, error: unknown) => void,
 * }} options
 */
export function createSharedTags({
  pool,
  maxTags = MAX_TAGS,
  log = (message, error) => console.error(message, error),
}) {
  /** @type {Map<string, TagState>} insertion order is the order of the last change */
  const tags = new Map();
  /** Entries made before this moment count as expired: the tags that said so were forgotten. */
  let forgottenBefore = 0;
  /** Tags `publish` has recorded and Next has not yet passed to `update`. */
  const publishedAhead = new Set();
  /** Versions this instance wrote itself: already applied here, skipped when read back. */
  const ownVersions = new Set();
  /** @type {bigint | null} null until the first refresh takes the current version as its start */
  let lastVersion = null;
  /** @type {Promise<void> | null} */
  let running = null;
  /** @type {Promise<void> | null} */
  let queued = null;

  /** @param {string} tag @param {TagState} change */
  function apply(tag, change) {
    const state = { ...tags.get(tag), ...change };
    tags.delete(tag);
    tags.set(tag, state);
    for (const [oldest, forgotten] of tags) {
      if (tags.size <= maxTags) break;
      tags.delete(oldest);
      forgottenBefore = Math.max(forgottenBefore, forgotten.expired ?? 0, forgotten.stale ?? 0);
    }
  }

  /** @param {number | undefined} expiredAt @param {number} timestamp @param {number} at */
  const expiredSince = (expiredAt, timestamp, at) =>
    typeof expiredAt === "number" && expiredAt <= at && expiredAt > timestamp;

  /** @param {string[]} changed @param {number | undefined} expireSeconds undefined: expired now */
  function markExpired(changed, expireSeconds) {
    const at = now();
    for (const tag of changed) {
      apply(tag, expireSeconds === undefined ? { expired: at } : { stale: at, expired: at + expireSeconds * 1000 });
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
      apply(row.tag, { stale: learnedAt, expired: learnedAt + row.expireMs });
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
    /**
     * An entry made at `timestamp` with these tags must not be served: one of them expired after it
     * was made, and that expiry has come.
     * @param {string[]} entryTags @param {number} timestamp
     */
    isExpired(entryTags, timestamp) {
      const at = now();
      return (
        expiredSince(forgottenBefore, timestamp, at) ||
        entryTags.some((tag) => expiredSince(tags.get(tag)?.expired, timestamp, at))
      );
    },

    /** One of the tags was marked stale after the entry was made. @param {string[]} entryTags @param {number} timestamp */
    isStale(entryTags, timestamp) {
      return entryTags.some((tag) => (tags.get(tag)?.stale ?? 0) > timestamp);
    },

    /** The latest expiry among the tags (0 if none expired): what a 'use cache' handler's getExpiration answers. @param {string[]} of */
    latestExpiry(of) {
      return Math.max(forgottenBefore, ...of.map((tag) => tags.get(tag)?.expired ?? 0));
    },

    /** Marks the tags here only (another handler records them): `revalidateTag` reaching a handler. */
    markExpired,

    /** Learns what other instances expired. Never throws: a request is served from what is known. */
    async refresh() {
      try {
        await refreshOnce();
      } catch (error) {
        // Serve what this instance knows rather than fail the request (Next's guidance for refreshTags).
        log("Cache tags: could not read expirations from the database", error);
      }
    },

    /** Next passes a revalidateTag on: marks the tags and records those not published ahead. @param {string[]} changed @param {number | undefined} expireSeconds */
    async update(changed, expireSeconds) {
      markExpired(changed, expireSeconds);
      const unpublished = changed.filter((tag) => !publishedAhead.delete(tag));
      try {
        await record(unpublished, expireSeconds);
      } catch (error) {
        log("Cache tags: could not record expirations in the database", error);
      }
    },

    /** Records expired-now tags for every instance; the caller awaits it before answering. @param {string[]} changed */
    async publish(changed) {
      markExpired(changed, 0);
      try {
        await record(changed, 0);
        for (const tag of changed) publishedAhead.add(tag);
      } catch (error) {
        // The write itself has committed: answer it. `update` tries the record again.
        log("Cache tags: could not record expirations in the database", error);
      }
    },
  };
}

/** @typedef {ReturnType<typeof createSharedTags>} SharedTags */

/**
 * The process's one record, however often this file is loaded: Node imports it with the 'use cache'
 * handler, and Next bundles it into the page handler (and may do so once per route), which must see
 * the same expirations.
 * @returns {SharedTags}
 */
export function processSharedTags() {
  const shared = /** @type {Record<symbol, SharedTags | undefined>} */ (globalThis);
  return (shared[SHARED_KEY] ??= createSharedTags({ pool: connectTagStore() }));
}
