// The job queue: pg-boss, kept in PostgreSQL (its own schema, `pgboss`), so jobs survive restarts
// and, with several app instances, each job and each scheduled run happens once. This module only
// holds the client and the queues' settings; what each queue does is in lib/jobs/index.ts.
import "server-only";
import { PgBoss } from "pg-boss";
import { env } from "@/lib/env";

export const TRANSCODE_QUEUE = "transcode";
export const MAINTENANCE_QUEUE = "maintenance";
export const IMPORT_QUEUE = "catalogue-import";
/** Attempts after the first: a worker that died or a passing storage error gets another go. */
export const TRANSCODE_RETRY_LIMIT = 2;

const globalForQueue = globalThis as unknown as { marqueeQueue?: Promise<PgBoss> };

/**
 * The started pg-boss client of this process, shared by the workers and by code that queues jobs
 * (an app with JOBS_IN_APP=false still sends them; a worker elsewhere runs them).
 */
export function jobQueue(): Promise<PgBoss> {
  globalForQueue.marqueeQueue ??= (async () => {
    if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set: jobs need the database.");
    const boss = new PgBoss({ connectionString: env.DATABASE_URL, schema: "pgboss", max: 3 });
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
    // An import resumes where it stopped (rows done are recorded), so a worker that died is retried;
    // its heartbeat (kept by pg-boss while the handler runs) notices that within a minute, not hours.
    await boss.createQueue(IMPORT_QUEUE, {
      retryLimit: 3,
      retryDelay: 10,
      heartbeatSeconds: 60,
      expireInSeconds: 24 * 3600,
    });
    return boss;
  })();
  globalForQueue.marqueeQueue.catch(() => (globalForQueue.marqueeQueue = undefined));
  return globalForQueue.marqueeQueue;
}

/** Stops this process's client, if it was started (a command-line script that queued jobs, as it exits). */
export async function stopJobQueue(): Promise<void> {
  const started = globalForQueue.marqueeQueue;
  globalForQueue.marqueeQueue = undefined;
  if (started) await (await started.catch(() => null))?.stop({ graceful: false });
}
