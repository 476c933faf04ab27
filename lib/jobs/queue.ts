// The job queue: pg-boss, kept in PostgreSQL (its own schema, `pgboss`), so jobs survive restarts
// and, with several app instances, each job and each scheduled run happens once. This module only
// holds the client and the queues' settings; what each queue does is in lib/worker/index.ts.
import "server-only";
import { PgBoss, type QueueOptions } from "pg-boss";
import { env } from "@/lib/env";
import { processState } from "@/lib/process-state";

export const TRANSCODE_QUEUE = "transcode";
/** Where a transcode goes once it has failed for good without saying so itself (its worker died on the last attempt). */
export const TRANSCODE_DEAD_LETTER_QUEUE = "transcode-failed";
export const MAINTENANCE_QUEUE = "maintenance";
export const BACKUP_QUEUE = "backup";
export const IMPORT_QUEUE = "catalogue-import";
/** Attempts after the first: a worker that died or a passing storage error gets another go. */
export const TRANSCODE_RETRY_LIMIT = 2;
/**
 * A running transcode's claim is refreshed this often; a claim gone (cancelled by an admin, the movie
 * deleted or its video replaced) aborts the job's signal at the next refresh, which kills ffmpeg.
 */
export const TRANSCODE_CLAIM_REFRESH_SECONDS = 2;

/**
 * Retries with back-off (10-20 s, then longer). A worker that dies stops refreshing its job's
 * heartbeat: after HEARTBEAT seconds any instance's monitor fails the job, which is retried like an
 * error. Each job's own time limit (lib/media/transcode.ts, at most 23 hours) ends it before the
 * queue's expiry of 24 hours, pg-boss's maximum.
 */
const TRANSCODE_QUEUE_OPTIONS = {
  retryLimit: TRANSCODE_RETRY_LIMIT,
  retryDelay: 10,
  retryBackoff: true,
  heartbeatSeconds: 30,
  expireInSeconds: 24 * 60 * 60,
} satisfies QueueOptions;

declare module "@/lib/process-state" {
  interface ProcessState {
    jobQueue: Promise<PgBoss>;
  }
}

/**
 * The started pg-boss client of this process, shared by the workers and by code that queues jobs
 * (an app with JOBS_IN_APP=false still sends them; a worker elsewhere runs them). On DATABASE_URL,
 * or on `databaseUrl` in a script that works on another database (`npm run restore`).
 */
export function jobQueue(databaseUrl = env.DATABASE_URL): Promise<PgBoss> {
  processState.jobQueue ??= (async () => {
    if (!databaseUrl) throw new Error("DATABASE_URL is not set: jobs need the database.");
    // The monitor (which fails jobs whose heartbeat stopped) looks every 10 s instead of every minute.
    // pg-boss runs it inside its supervisor's pass, so that pass must come as often: with only
    // monitorIntervalSeconds the look came every 60 s (the supervisor's default), and a dead
    // worker's transcode waited up to a minute longer for its retry (tests/media/transcode-crash.test.ts).
    const boss = new PgBoss({
      connectionString: databaseUrl,
      schema: "pgboss",
      max: 3,
      superviseIntervalSeconds: 10,
      monitorIntervalSeconds: 10,
    });
    // A database outage surfaces here; pg-boss keeps retrying, so it is logged, not thrown.
    boss.on("error", (error: Error) => console.error("[jobs] pg-boss error:", error.message));
    await boss.start();
    await boss.createQueue(TRANSCODE_DEAD_LETTER_QUEUE);
    const transcode = { ...TRANSCODE_QUEUE_OPTIONS, deadLetter: TRANSCODE_DEAD_LETTER_QUEUE };
    // createQueue leaves an existing queue as it was: an older installation gets today's settings.
    await boss.createQueue(TRANSCODE_QUEUE, transcode);
    await boss.updateQueue(TRANSCODE_QUEUE, transcode);
    await boss.createQueue(MAINTENANCE_QUEUE);
    // One backup at a time, and at most one waiting: a slow backup never piles up scheduled ones.
    // No retry: the next scheduled run is the retry. Hours allowed for a large store of videos.
    await boss.createQueue(BACKUP_QUEUE, { policy: "stately", retryLimit: 0, expireInSeconds: 6 * 3600 });
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
  processState.jobQueue.catch(() => (processState.jobQueue = undefined));
  return processState.jobQueue;
}

/** Stops this process's client, if it was started (a command-line script that queued jobs, as it exits). */
export async function stopJobQueue(): Promise<void> {
  const started = processState.jobQueue;
  processState.jobQueue = undefined;
  if (started) await (await started.catch(() => null))?.stop({ graceful: false });
}
