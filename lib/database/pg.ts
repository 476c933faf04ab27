import "server-only";
// A small plain `pg` pool for libraries that speak to PostgreSQL themselves (rate-limiter-flexible's
// RateLimiterPostgres). The Prisma client in lib/database/db.ts keeps its own pool; this one stays small.
import pg from "pg";
import { env } from "@/lib/env";
import { processState } from "@/lib/process-state";

declare module "@/lib/process-state" {
  interface ProcessState {
    pgPool: pg.Pool;
  }
}

/** Created on first use, like lib/database/db.ts, so `next build` never needs a database. */
export function pgPool(): pg.Pool {
  if (!processState.pgPool) {
    if (!env.DATABASE_URL)
      throw new Error("DATABASE_URL is not set. Start Marquee with `npm start` or set DATABASE_URL.");
    // Bounded waits, as for the app's Prisma client (lib/database/db.ts): a database that stops answering gives 503s, not hangs.
    const pool = new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: 5,
      connectionTimeoutMillis: 5_000,
      query_timeout: 15_000,
    });
    // An idle client losing its server (a database restart) must not crash the process.
    pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
    processState.pgPool = pool;
  }
  return processState.pgPool;
}

/** The pool if something has used it, without opening it. */
export const openedPgPool = (): pg.Pool | undefined => processState.pgPool;
