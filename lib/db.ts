import "server-only";
import pg from "pg";
import { env } from "@/lib/env";
import { createPrismaClient, type Db } from "@/lib/prisma";

// One client per server process; kept on globalThis so dev-mode hot reloads don't open new pools.
const globalForDb = globalThis as unknown as { marqueeDb?: Db; marqueeDbPool?: pg.Pool; marqueeDbConnections?: number };

function connect(): Db {
  if (!env.DATABASE_URL) {
    throw new Error(
      "DATABASE_URL is not set. Start Marquee with `npm start` (it runs an embedded PostgreSQL) or set DATABASE_URL.",
    );
  }
  // The pool is ours (not the adapter's own) so that /api/metrics can tell how much of it is in use.
  // A page or an API request never waits longer than these for the database: past them, a 503.
  const pool = new pg.Pool({
    connectionString: env.DATABASE_URL,
    max: env.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    query_timeout: 15_000,
  });
  // Connections opened and not yet closed: a wait for one that runs out with some open is a busy
  // database, with none it is one that cannot be reached (lib/http/handler.ts).
  globalForDb.marqueeDbConnections = 0;
  pool.on("connect", () => globalForDb.marqueeDbConnections!++);
  pool.on("remove", () => globalForDb.marqueeDbConnections!--);
  globalForDb.marqueeDbPool = pool;
  return createPrismaClient(pool);
}

/** The client's connection pool, once a query has opened it. */
export const dbPool = (): pg.Pool | undefined => globalForDb.marqueeDbPool;

/** Connections of the client's pool that are open (connected, in use or idle). */
export const databaseConnections = (): number => globalForDb.marqueeDbConnections ?? 0;

/** Created on first use, so `next build` never needs a database. */
export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    globalForDb.marqueeDb ??= connect();
    const value: unknown = Reflect.get(globalForDb.marqueeDb, property);
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(globalForDb.marqueeDb) : value;
  },
});
