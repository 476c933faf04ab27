// Builds a Prisma client on the pg driver adapter (Prisma 7 needs no engine binary).
// The app uses the single instance in lib/db.ts; scripts (seed, make-admin) build their own.
import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

/** On a connection string, or on a pool of the caller's (which $disconnect() then ends). */
export function createPrismaClient(connection: string | pg.Pool) {
  const adapter =
    typeof connection === "string"
      ? new PrismaPg({ connectionString: connection })
      : new PrismaPg(connection, { disposeExternalPool: true });
  return new PrismaClient({ adapter });
}

export type Db = ReturnType<typeof createPrismaClient>;
