// Background work, all in one place: every queue Marquee runs and the handler that runs it.
// Queues live in PostgreSQL (pg-boss, lib/jobs/queue.ts); handlers call the modules that do the work
// (lib/media for transcodes, lib/jobs/maintenance.ts for the clean-up), which know nothing of queues.
//
// Where they run: inside each app process by default (instrumentation.ts, so `npm start` and any
// `next start` have them), or in a process of their own with `npm run worker` (JOBS_IN_APP=false
// for the app then). docs/architecture.md "Background jobs".
import "server-only";
import { env } from "@/lib/env";
import { ffmpegStatus } from "@/lib/media/ffmpeg";
import { runTranscodeJob } from "@/lib/media/transcode";
import { runImport } from "@/lib/import/run";
import type { ImportJobData } from "./imports";
import { removeStalePartials, runMaintenance } from "./maintenance";
import { IMPORT_QUEUE, jobQueue, MAINTENANCE_QUEUE, TRANSCODE_QUEUE, TRANSCODE_RETRY_LIMIT } from "./queue";
import { queueUntranscoded, recoverStalledTranscodes, type TranscodeJobData } from "./transcode";

type ScheduledJob = { name: string; /** cron, UTC */ schedule: string; run: () => Promise<unknown> };

const SCHEDULED: ScheduledJob[] = [
  // Unused uploads older than a day, stale .partial files, expired sessions, codes and counters.
  { name: MAINTENANCE_QUEUE, schedule: "7 * * * *", run: runMaintenance },
];

export type JobRunner = { stop(): Promise<void> };

const globalForJobs = globalThis as unknown as { marqueeJobs?: Promise<JobRunner> };

/** Starts the queue and the workers once per process; sweeps stale `.partial` files first. */
export function startJobs(log: (line: string) => void = (line) => console.log(`[jobs] ${line}`)): Promise<JobRunner> {
  globalForJobs.marqueeJobs ??= (async () => {
    const swept = await removeStalePartials();
    if (swept) log(`Removed ${swept} half-written upload file(s) left by an interrupted upload`);

    const boss = await jobQueue();
    for (const job of SCHEDULED) {
      await boss.schedule(job.name, job.schedule);
      await boss.work(job.name, async () => {
        const result = await job.run();
        log(`${job.name}: ${JSON.stringify(result)}`);
        return result;
      });
    }
    // Catalogue imports (docs/import.md): one at a time per process; the rows carry the progress.
    await boss.work<ImportJobData>(IMPORT_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
      if (!job) return;
      await runImport(job.data.importId);
      log(`${IMPORT_QUEUE} ${job.data.importId}: done`);
    });
    const ffmpeg = ffmpegStatus();
    let stalledWatch: NodeJS.Timeout | undefined;
    if (ffmpeg.available) {
      // One video at a time per process: ffmpeg already uses every core.
      await boss.work<TranscodeJobData>(TRANSCODE_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
        if (!job) return;
        const result = await runTranscodeJob(job.id, job.data.movieId, {
          retryCount: job.retryCount,
          retryLimit: TRANSCODE_RETRY_LIMIT,
        });
        log(`${TRANSCODE_QUEUE} ${job.data.movieId}: ${JSON.stringify(result)}`);
        return result;
      });
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
      `Started (${SCHEDULED.map((job) => `${job.name} at "${job.schedule}"`).join(", ")}, ${IMPORT_QUEUE}${ffmpeg.available ? `, ${TRANSCODE_QUEUE}` : ""})`,
    );
    return {
      stop: () => {
        clearInterval(stalledWatch);
        return boss.stop({ graceful: true, timeout: 10_000 });
      },
    };
  })();
  // A failed start (the database is down) may be tried again.
  globalForJobs.marqueeJobs.catch(() => (globalForJobs.marqueeJobs = undefined));
  return globalForJobs.marqueeJobs;
}
