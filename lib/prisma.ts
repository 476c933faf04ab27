// Builds a Prisma client on the pg driver adapter (Prisma 7 needs no engine binary).
// The app uses the single instance in lib/db.ts; scripts (seed, make-admin) build their own.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * `timeouts` bound how long a query waits for a connection and for its answer: the app's client
 * (lib/db.ts) sets them so that a database that stops answering gives errors (503) instead of
 * requests that hang for ever; scripts' long statements go without.
 */
export function createPrismaClient(connectionString: string, timeouts: { connectMs?: number; queryMs?: number } = {}) {
  return new PrismaClient({
    adapter: new PrismaPg({
      connectionString,
      connectionTimeoutMillis: timeouts.connectMs,
      query_timeout: timeouts.queryMs,
    }),
  });
}

export type Db = ReturnType<typeof createPrismaClient>;
