import "server-only";
import pg from "pg";
import { env } from "@/lib/env";
import { createPrismaClient, type Db } from "@/lib/prisma";

// One client per server process; kept on globalThis so dev-mode hot reloads don't open new pools.
const globalForDb = globalThis as unknown as { marqueeDb?: Db; marqueeDbPool?: pg.Pool };

function connect(): Db {
  if (!env.DATABASE_URL) {
    throw new Error(
      "DATABASE_URL is not set. Start Marquee with `npm start` (it runs an embedded PostgreSQL) or set DATABASE_URL.",
    );
  }
  // The pool is ours (not the adapter's own) so that /api/metrics can tell how much of it is in use.
  // A page or an API request never waits longer than these for the database: past them, a 503.
  globalForDb.marqueeDbPool = new pg.Pool({
    connectionString: env.DATABASE_URL,
    connectionTimeoutMillis: 5_000,
    query_timeout: 15_000,
  });
  return createPrismaClient(globalForDb.marqueeDbPool);
}

/** The client's connection pool, once a query has opened it. */
export const dbPool = (): pg.Pool | undefined => globalForDb.marqueeDbPool;

/** Created on first use, so `next build` never needs a database. */
export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    globalForDb.marqueeDb ??= connect();
    const value: unknown = Reflect.get(globalForDb.marqueeDb, property);
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(globalForDb.marqueeDb) : value;
  },
});
