import "server-only";
// Expiring the catalogue's cache tags (lib/cache/tags.ts names them): lib/writes does it for the
// API's writes once they have committed, the import and the transcode jobs for theirs
// (docs/architecture.md, "Caching"). lib/data never expires anything itself.
import { revalidateTag } from "next/cache";
import { db } from "@/lib/database/db";
import { processState } from "@/lib/process-state";

/** What lib/cache/handler.mjs (the `'use cache'` handler, loaded by Next outside the app bundle) offers the app. */
declare module "@/lib/process-state" {
  interface ProcessState {
    /** This process's cache handler (lib/cache/handler.mjs, loaded by Next apart from the bundle). */
    cacheTags: { publish(tags: string[]): Promise<void> };
  }
}

/**
 * Expires the tags now: the next request waits for fresh data instead of being served the stale
 * entry (stale-while-revalidate would show an admin the old page right after a save). Works in
 * route handlers and server actions alike; call it after the write has committed.
 *
 * With several instances, the others learn of it from PostgreSQL. Next hands revalidated tags to the
 * cache handler only after the response has gone out, so the tags are recorded here first, before
 * the answer: the very next request, on any instance, sees the change.
 */
export async function expireTags(...tags: string[]): Promise<void> {
  const unique = [...new Set(tags)];
  await processState.cacheTags?.publish(unique);
  for (const tag of unique) revalidateTag(tag, { expire: 0 });
}

/** lib/cache/handler.mjs's lock for writing CacheTag rows, so versions commit in the order taken. */
const CACHE_TAG_WRITE_LOCK = 7_324_001;

/**
 * Expires the tags from work outside a request: a background job, perhaps in `npm run worker` where
 * no Next server runs. Next's revalidateTag needs a request, so the expiry goes straight to the
 * CacheTag table, as the cache handler itself writes it; every instance drops its entries for the
 * tags at its next request (lib/cache/handler.mjs).
 */
export async function expireTagsOutsideRequests(...tags: string[]): Promise<void> {
  const unique = [...new Set(tags)];
  await db.$transaction([
    db.$queryRaw`SELECT pg_advisory_xact_lock(${CACHE_TAG_WRITE_LOCK})::text`,
    db.$executeRaw`INSERT INTO "CacheTag" ("tag", "revalidatedAt", "expiredAt")
      SELECT tag, now(), now() FROM unnest(${unique}::text[]) AS tag
      ON CONFLICT ("tag") DO UPDATE SET "version" = nextval(pg_get_serial_sequence('"CacheTag"', 'version')),
        "revalidatedAt" = EXCLUDED."revalidatedAt", "expiredAt" = EXCLUDED."expiredAt"`,
  ]);
}
