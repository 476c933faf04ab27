// Builds a Prisma client on the pg driver adapter (Prisma 7 needs no engine binary).
// The app uses the single instance in lib/database/db.ts; scripts (seed, make-admin) build their own.
import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

/** On a connection string, or on a pool of the caller's (which $disconnect() then ends). */
export function createPrismaClient(connection: string | pg.Pool) {
  const factory =
    typeof connection === "string"
      ? new PrismaPg({ connectionString: connection })
      : new PrismaPg(connection, { disposeExternalPool: true });
  return new PrismaClient({ adapter: oneQueryAtATimeInTransactions(factory) });
}

export type Db = ReturnType<typeof createPrismaClient>;

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;

/**
 * Prisma 7.10's query interpreter loads a query's sibling relations at the same time (Promise.all
 * over a "join" node's children). On the pool that is fine; inside an interactive transaction they all
 * go to the transaction's one pg client, which queues them and warns "Calling client.query() when the
 * client is already executing a query" (an error from pg 9 on). Until the adapter serializes them
 * itself (prisma/orm#29407, fix proposed in #29979), each transaction's queries are sent one at a time
 * here; pool queries stay parallel. tests/api/prisma-transactions.test.ts fails once Prisma fixes it,
 * so that this can go then. Proxies, because the adapter's classes are not exported to extend.
 */
function oneQueryAtATimeInTransactions(factory: PrismaPg): PrismaPg {
  return overriding(factory, {
    connect: async () => {
      const adapter = await factory.connect();
      return overriding(adapter, {
        startTransaction: async (...args: Parameters<Adapter["startTransaction"]>) =>
          inTurn(await adapter.startTransaction(...args)),
      });
    },
  });
}

/** The transaction with its queries chained: each starts when the one before it has settled. */
function inTurn(transaction: Transaction): Transaction {
  let last: Promise<unknown> = Promise.resolve();
  const queue = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
  return overriding(transaction, {
    queryRaw: (query: Parameters<Transaction["queryRaw"]>[0]) => queue(() => transaction.queryRaw(query)),
    executeRaw: (query: Parameters<Transaction["executeRaw"]>[0]) => queue(() => transaction.executeRaw(query)),
  });
}

/** `target` with some methods replaced; everything else is the target's own, called on the target. */
function overriding<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof T];
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}
