// Prisma's interpreter loads a query's sibling relations at the same time; inside an interactive
// transaction that sent overlapping queries to one pg client, which pg warns about ("Calling
// client.query() when the client is already executing a query", an error in pg 9). lib/database/prisma.ts
// sends a transaction's queries one at a time. The second test shows the warning is still Prisma's
// own behaviour: when it fails, Prisma has fixed it and the workaround in lib/database/prisma.ts can go.
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, describe, expect, test } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaClient } from "@/lib/database/prisma";

const OVERLAP = "already executing a query";
const warnings: string[] = [];
process.on("warning", (warning) => warnings.push(warning.message));
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A transaction whose one query loads three relations of a movie. */
async function readMovieWithRelations(db: Pick<PrismaClient, "$transaction">) {
  return db.$transaction((tx) =>
    tx.movie.findFirst({ select: { id: true, category: true, casts: true, subtitles: true, reviews: true } }),
  );
}

describe("queries inside a transaction", () => {
  const ours = createPrismaClient(process.env.DATABASE_URL!);
  const bare = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
  afterAll(async () => {
    await Promise.all([ours.$disconnect(), bare.$disconnect()]);
  });

  test("the app's client never overlaps two queries on the transaction's connection", async () => {
    for (let round = 0; round < 5; round++) expect(await readMovieWithRelations(ours)).not.toBeNull();
    await settle();
    expect(warnings.filter((message) => message.includes(OVERLAP))).toEqual([]);
  });

  test("a bare Prisma client still does (so the workaround is still needed)", async () => {
    expect(await readMovieWithRelations(bare)).not.toBeNull();
    await settle();
    expect(warnings.filter((message) => message.includes(OVERLAP))).toHaveLength(1);
  });
});
