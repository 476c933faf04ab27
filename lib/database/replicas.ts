import "server-only";
// Read replicas (DATABASE_REPLICA_URLS, docs/deploy.md "Read replicas"), through Prisma's
// read-replicas extension, which picks one of the replicas it is given for each read.
//
// Which reads go there: the catalogue's reads that are not kept in Next's cache (suggestions as
// someone types, "Did you mean"). Cached reads are filled from the primary: a fill from a replica
// that has not yet replayed an admin's change would be kept for hours after that change. Writes,
// sessions, the login throttle, jobs and a member's own data stay on the primary too (lib/database/db.ts).
//
// Which replicas: the app rewrites one row on the primary every second (ReplicaHeartbeat); read on a
// replica, its age is that replica's lag. A replica that lags more than
// DATABASE_REPLICA_MAX_LAG_SECONDS, or does not answer, is left out until a check finds it fresh
// again; with none left, reads go to the primary. A read that fails on a replica is read again on the
// primary, so a replica that goes away costs a retry, never an error.
import { readReplicas } from "@prisma/extension-read-replicas";
import pg from "pg";
import { db } from "@/lib/database/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { createPrismaClient, type Db } from "@/lib/database/prisma";
import { processState } from "@/lib/process-state";

/** How often the heartbeat is written and every replica's lag read. */
const CHECK_EVERY_MS = 1_000;

type Replica = { name: string; client: Db; lagSeconds: number | null };
type Replicas = {
  all: Replica[];
  /** The primary's client routing to the fresh replicas; null while none is fresh. */
  routed: { $replica(): Db } | null;
  /** The replicas `routed` routes to, by name, so it is rebuilt only when they change. */
  routedTo: string;
  timer: NodeJS.Timeout;
};

declare module "@/lib/process-state" {
  interface ProcessState {
    replicas: Replicas;
    /** The reads readFromReplica answered, by where they went (lib/metrics/scrape.ts reports them). */
    catalogueReads: Record<ReadSource, number>;
  }
}

type ReadSource = "replica" | "primary";

function countRead(source: ReadSource): void {
  processState.catalogueReads ??= { replica: 0, primary: 0 };
  processState.catalogueReads[source]++;
}

/** For /api/metrics: the reads by where they went, and each replica's lag (null: not answering). */
export function replicaReport(): { reads: Record<ReadSource, number>; lags: Record<string, number | null> } {
  const lags = Object.fromEntries((processState.replicas?.all ?? []).map((r) => [r.name, r.lagSeconds]));
  return { reads: processState.catalogueReads ?? { replica: 0, primary: 0 }, lags };
}

/**
 * Runs a catalogue read on a fresh replica, or on the primary when there is none (or no replica is
 * configured). `read` must only read: it may run twice, on a replica and then on the primary.
 */
export async function readFromReplica<T>(read: (client: Db) => Promise<T>): Promise<T> {
  const replica = replicas()?.routed?.$replica();
  if (replica) {
    try {
      const result = await read(replica);
      countRead("replica");
      return result;
    } catch (error) {
      const failed = replicas()!.all.find((candidate) => candidate.client === replica);
      if (failed) leaveOut(failed, error);
    }
  }
  const result = await read(db);
  countRead("primary");
  return result;
}

/** The replicas and their checks, started on first use; null when DATABASE_REPLICA_URLS is empty. */
function replicas(): Replicas | null {
  if (env.DATABASE_REPLICA_URLS.length === 0) return null;
  if (processState.replicas) return processState.replicas;
  const all = env.DATABASE_REPLICA_URLS.map((url, index) => ({
    name: String(index + 1),
    // A pool of the replica's own. It gives up on a connection quickly: the primary is there to answer.
    client: createPrismaClient(
      new pg.Pool({
        connectionString: url,
        max: env.DATABASE_POOL_SIZE,
        connectionTimeoutMillis: 2_000,
        query_timeout: 15_000,
      }),
    ),
    lagSeconds: null,
  }));
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  timer.unref();
  processState.replicas = { all, routed: null, routedTo: "", timer };
  void check();
  return processState.replicas;
}

/** Writes the heartbeat on the primary and reads every replica's lag. */
async function check(): Promise<void> {
  const state = processState.replicas!;
  await db.$executeRaw`INSERT INTO "ReplicaHeartbeat" ("id", "at") VALUES (1, now())
    ON CONFLICT ("id") DO UPDATE SET "at" = EXCLUDED."at"`.catch(() => undefined);
  await Promise.all(
    state.all.map(async (replica) => {
      try {
        const [row] = await replica.client.$queryRaw<{ lag: number }[]>`
          SELECT EXTRACT(EPOCH FROM now() - "at")::float8 AS "lag" FROM "ReplicaHeartbeat" WHERE "id" = 1`;
        replica.lagSeconds = row ? Math.max(0, row.lag) : null;
      } catch {
        replica.lagSeconds = null;
      }
    }),
  );
  route(state);
}

const isFresh = (replica: Replica) =>
  replica.lagSeconds !== null && replica.lagSeconds <= env.DATABASE_REPLICA_MAX_LAG_SECONDS;

/** Points the extension at the replicas that are fresh now. */
function route(state: Replicas): void {
  const fresh = state.all.filter(isFresh);
  const names = fresh.map((replica) => replica.name).join(",");
  if (names === state.routedTo) return;
  state.routedTo = names;
  // The extension's type names the generic PrismaClient; ours is the generated one with the same API.
  const clients = fresh.map((replica) => replica.client) as never[];
  state.routed =
    clients.length === 0 ? null : (db.$extends(readReplicas({ replicas: clients })) as unknown as { $replica(): Db });
}

function leaveOut(replica: Replica, error: unknown): void {
  if (replica.lagSeconds !== null)
    log.warn({ replica: replica.name, err: error }, "A read replica failed a read; reading from the primary");
  replica.lagSeconds = null;
  route(processState.replicas!);
}
