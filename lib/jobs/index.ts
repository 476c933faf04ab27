// Background jobs on pg-boss, a job queue kept in PostgreSQL (its own schema, `pgboss`): jobs
// survive restarts, and with several app instances each scheduled run happens once. Marquee's
// scheduled jobs are registered in JOBS below; video transcoding (lib/media/transcode.ts) is a
// queue of its own, fed when a movie's video is set.
//
// Where they run: inside each app process by default (instrumentation.ts, so `npm start` and any
// `next start` have them), or in a process of their own with `npm run worker` (JOBS_IN_APP=false
// for the app then). docs/security.md "Uploads and quotas".
import "server-only";
import PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { ffmpegStatus } from "@/lib/media/ffmpeg";
import {
  TRANSCODE_QUEUE,
  queueUntranscoded,
  recoverStalledTranscodes,
  runTranscodeJob,
  type TranscodeJobData,
} from "@/lib/media/transcode";
import { removeStalePartials, runMaintenance } from "./maintenance";

type Job = { name: string; /** cron, UTC */ schedule: string; run: () => Promise<unknown> };

const JOBS: Job[] = [
  // Unused uploads older than a day, stale .partial files, expired sessions, codes and counters.
  { name: "maintenance", schedule: "7 * * * *", run: runMaintenance },
];

export type JobRunner = { stop(): Promise<void> };

const globalForJobs = globalThis as unknown as { marqueeJobs?: Promise<JobRunner>; marqueeQueue?: Promise<PgBoss> };

/**
 * The started pg-boss client of this process, shared by the workers and by code that queues jobs
 * (an app with JOBS_IN_APP=false still sends them; a worker elsewhere runs them).
 */
export function jobQueue(): Promise<PgBoss> {
  globalForJobs.marqueeQueue ??= (async () => {
    if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set: jobs need the database.");
    const boss = new PgBoss({ connectionString: env.DATABASE_URL, schema: "pgboss", max: 3 });
    // A database outage surfaces here; pg-boss keeps retrying, so it is logged, not thrown.
    boss.on("error", (error) => console.error("[jobs] pg-boss error:", error.message));
    await boss.start();
    // Retries with back-off (10-20 s, then longer). A job whose worker died is failed by the other
    // workers once its heartbeat is stale (recoverStalledTranscodes) and so retried like an error;
    // pg-boss's own expiry after an hour is the last resort.
    await boss.createQueue(TRANSCODE_QUEUE, {
      name: TRANSCODE_QUEUE,
      retryLimit: 2,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 3600,
    });
    return boss;
  })();
  globalForJobs.marqueeQueue.catch(() => (globalForJobs.marqueeQueue = undefined));
  return globalForJobs.marqueeQueue;
}

/** Starts the queue and the workers once per process; sweeps stale `.partial` files first. */
export function startJobs(log: (line: string) => void = (line) => console.log(`[jobs] ${line}`)): Promise<JobRunner> {
  globalForJobs.marqueeJobs ??= (async () => {
    const swept = await removeStalePartials();
    if (swept) log(`Removed ${swept} half-written upload file(s) left by an interrupted upload`);

    const boss = await jobQueue();
    for (const job of JOBS) {
      await boss.createQueue(job.name);
      await boss.schedule(job.name, job.schedule);
      await boss.work(job.name, async () => {
        const result = await job.run();
        log(`${job.name}: ${JSON.stringify(result)}`);
        return result;
      });
    }
    const ffmpeg = ffmpegStatus();
    let stalledWatch: NodeJS.Timeout | undefined;
    if (ffmpeg.available) {
      // One video at a time per process: ffmpeg already uses every core.
      await boss.work<TranscodeJobData>(
        TRANSCODE_QUEUE,
        { includeMetadata: true, pollingIntervalSeconds: 2 },
        async ([job]) => {
          if (!job) return;
          const result = await runTranscodeJob(job.id, job.data, {
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
          });
          log(`${TRANSCODE_QUEUE} ${job.data.movieId}: ${JSON.stringify(result)}`);
          return result;
        },
      );
      const recover = () =>
        recoverStalledTranscodes(boss)
          .then((count) => count && log(`Recovered ${count} transcode job(s) whose worker stopped`))
          .catch((error: unknown) => console.error("[jobs] Looking for stalled transcodes failed:", error));
      await recover();
      stalledWatch = setInterval(() => void recover(), 10_000);
      stalledWatch.unref();
      if (env.TRANSCODE_BACKLOG_ON_START) {
        const queued = await queueUntranscoded();
        if (queued) log(`Queued ${queued} movie(s) whose video had no HLS ladder yet`);
      }
    } else log(ffmpeg.reason);
    log(
      `Started (${JOBS.map((job) => `${job.name} at "${job.schedule}"`).join(", ")}${ffmpeg.available ? `, ${TRANSCODE_QUEUE}` : ""})`,
    );
    return {
      stop: () => {
        clearInterval(stalledWatch);
        return boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      },
    };
  })();
  // A failed start (the database is down) may be tried again.
  globalForJobs.marqueeJobs.catch(() => (globalForJobs.marqueeJobs = undefined));
  return globalForJobs.marqueeJobs;
}
