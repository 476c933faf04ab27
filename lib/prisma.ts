// Builds a Prisma client on the pg driver adapter (Prisma 7 needs no engine binary).
// The app uses the single instance in lib/db.ts; scripts (seed, make-admin) build their own.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

export function createPrismaClient(connectionString: string) {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
}

export type Db = ReturnType<typeof createPrismaClient>;
