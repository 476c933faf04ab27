import "server-only";
import { env } from "@/lib/env";
import { createPrismaClient, type Db } from "@/lib/prisma";

// One client per server process; kept on globalThis so dev-mode hot reloads don't open new pools.
const globalForDb = globalThis as unknown as { marqueeDb?: Db };

function connect(): Db {
  if (!env.DATABASE_URL) {
    throw new Error(
      "DATABASE_URL is not set. Start Marquee with `npm start` (it runs an embedded PostgreSQL) or set DATABASE_URL.",
    );
  }
  // A page or an API request never waits longer than this for the database: past it, a 503.
  return createPrismaClient(env.DATABASE_URL, { connectMs: 5_000, queryMs: 15_000 });
}

/** Created on first use, so `next build` never needs a database. */
export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    globalForDb.marqueeDb ??= connect();
    const value: unknown = Reflect.get(globalForDb.marqueeDb, property);
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(globalForDb.marqueeDb) : value;
  },
});
