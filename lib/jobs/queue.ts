// The job queue: pg-boss, kept in PostgreSQL (its own schema, `pgboss`), so jobs survive restarts
// and, with several app instances, each job and each scheduled run happens once. This module only
// holds the client and the queues' settings; what each queue does is in lib/jobs/index.ts.
import "server-only";
import { PgBoss } from "pg-boss";
import { env } from "@/lib/env";

export const TRANSCODE_QUEUE = "transcode";
export const MAINTENANCE_QUEUE = "maintenance";
export const BACKUP_QUEUE = "backup";
/** Attempts after the first: a worker that died or a passing storage error gets another go. */
export const TRANSCODE_RETRY_LIMIT = 2;

const globalForQueue = globalThis as unknown as { marqueeQueue?: Promise<PgBoss> };

/**
 * The started pg-boss client of this process, shared by the workers and by code that queues jobs
 * (an app with JOBS_IN_APP=false still sends them; a worker elsewhere runs them). On DATABASE_URL,
 * or on `databaseUrl` in a script that works on another database (`npm run restore`).
 */
export function jobQueue(databaseUrl = env.DATABASE_URL): Promise<PgBoss> {
  globalForQueue.marqueeQueue ??= (async () => {
    if (!databaseUrl) throw new Error("DATABASE_URL is not set: jobs need the database.");
    const boss = new PgBoss({ connectionString: databaseUrl, schema: "pgboss", max: 3 });
    // A database outage surfaces here; pg-boss keeps retrying, so it is logged, not thrown.
    boss.on("error", (error: Error) => console.error("[jobs] pg-boss error:", error.message));
    await boss.start();
    // Retries with back-off (10-20 s, then longer). A job whose worker died is failed by the other
    // workers once its heartbeat is stale (lib/jobs/transcode.ts) and so retried like an error;
    // pg-boss's own expiry after an hour is the last resort.
    await boss.createQueue(TRANSCODE_QUEUE, {
      retryLimit: TRANSCODE_RETRY_LIMIT,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 3600,
    });
    await boss.createQueue(MAINTENANCE_QUEUE);
    // One backup at a time, and at most one waiting: a slow backup never piles up scheduled ones.
    // No retry: the next scheduled run is the retry. Hours allowed for a large store of videos.
    await boss.createQueue(BACKUP_QUEUE, { policy: "stately", retryLimit: 0, expireInSeconds: 6 * 3600 });
    return boss;
  })();
  globalForQueue.marqueeQueue.catch(() => (globalForQueue.marqueeQueue = undefined));
  return globalForQueue.marqueeQueue;
}
