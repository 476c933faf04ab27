import "server-only";
import pg from "pg";
import { env } from "@/lib/env";
import { createPrismaClient, type Db } from "@/lib/database/prisma";
import { processState } from "@/lib/process-state";

// One client per server process, kept in lib/process-state.ts so dev-mode hot reloads don't open new pools.
declare module "@/lib/process-state" {
  interface ProcessState {
    /** The app's Prisma client; server.ts disconnects it as the process stops. */
    db: Db;
    dbPool: pg.Pool;
    /** Connections of dbPool opened and not yet closed. */
    dbConnections: number;
  }
}

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
  processState.dbConnections = 0;
  pool.on("connect", () => processState.dbConnections!++);
  pool.on("remove", () => processState.dbConnections!--);
  processState.dbPool = pool;
  return createPrismaClient(pool);
}

/** The client's connection pool, once a query has opened it. */
export const dbPool = (): pg.Pool | undefined => processState.dbPool;

/** Connections of the client's pool that are open (connected, in use or idle). */
export const databaseConnections = (): number => processState.dbConnections ?? 0;

/** Created on first use, so `next build` never needs a database. */
export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const client = (processState.db ??= connect());
    const value: unknown = Reflect.get(client, property);
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(client) : value;
  },
});
