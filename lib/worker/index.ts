// The background worker: every queue Marquee runs and the handler that runs it. Queues live in
// PostgreSQL (pg-boss, lib/jobs/queue.ts); the handlers call the modules that do the work (lib/media
// for transcodes, lib/import-export, lib/backup, lib/worker/maintenance.ts for the clean-up). This is the
// top of the background side: it may import every capability, and none imports it back.
//
// Where they run: inside each app process by default (instrumentation.ts, so `npm start` and any
// `next start` have them), or in a process of their own with `npm run worker` (JOBS_IN_APP=false
// for the app then). docs/architecture.md "Background jobs".
import "server-only";
import type { Job } from "pg-boss";
import { runScheduledBackup } from "@/lib/backup/backup";
import { env } from "@/lib/env";
import { ffmpegStatus } from "@/lib/media/ffmpeg";
import { interruptTranscodes, runTranscodeJob } from "@/lib/media/transcode";
import { timeTranscode } from "@/lib/metrics";
import { runImport } from "@/lib/import-export/run";
import type { ImportJobData } from "@/lib/jobs/imports";
import { removeStalePartials, runMaintenance } from "./maintenance";
import {
  BACKUP_QUEUE,
  IMPORT_QUEUE,
  jobQueue,
  MAINTENANCE_QUEUE,
  TRANSCODE_CLAIM_REFRESH_SECONDS,
  TRANSCODE_DEAD_LETTER_QUEUE,
  TRANSCODE_QUEUE,
  TRANSCODE_RETRY_LIMIT,
} from "@/lib/jobs/queue";
import {
  markDeadTranscode,
  queueUntranscoded,
  recoverInterruptedTranscodes,
  type TranscodeJobData,
} from "@/lib/jobs/transcode-queue";
import { processState } from "@/lib/process-state";

type ScheduledJob = { name: string; /** cron, UTC */ schedule: string; run: () => Promise<unknown> };

const SCHEDULED: ScheduledJob[] = [
  // Unused uploads older than a day, stale .partial files, expired sessions, codes and counters.
  { name: MAINTENANCE_QUEUE, schedule: "7 * * * *", run: runMaintenance },
  // An archive of the database and the stored files into BACKUP_DIR, keeping BACKUP_KEEP (docs/deploy.md "Backups").
  ...(env.BACKUP_SCHEDULE ? [{ name: BACKUP_QUEUE, schedule: env.BACKUP_SCHEDULE, run: runScheduledBackup }] : []),
];

export type JobRunner = { stop(): Promise<void> };

/** Read by server.ts, which stops the runner before the process exits. */
declare module "@/lib/process-state" {
  interface ProcessState {
    jobs: Promise<JobRunner>;
  }
}

/** Starts the queue and the workers once per process; sweeps stale `.partial` files first. */
export function startJobs(log: (line: string) => void = (line) => console.log(`[jobs] ${line}`)): Promise<JobRunner> {
  processState.jobs ??= (async () => {
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
    // pg-boss keeps schedules in the database: a BACKUP_SCHEDULE removed from the settings must end too.
    if (!env.BACKUP_SCHEDULE) await boss.unschedule(BACKUP_QUEUE);
    // Catalogue imports (docs/import.md): one at a time per process; the rows carry the progress.
    await boss.work<ImportJobData>(IMPORT_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
      if (!job) return;
      await runImport(job.data.importId);
      log(`${IMPORT_QUEUE} ${job.data.importId}: done`);
    });
    const ffmpeg = ffmpegStatus();
    let interruptedWatch: NodeJS.Timeout | undefined;
    if (ffmpeg.available) {
      const transcode = async ([job]: Job<TranscodeJobData>[]) => {
        if (!job) return;
        const result = await timeTranscode(() =>
          runTranscodeJob({
            jobId: job.id,
            movieId: job.data.movieId,
            retryCount: job.retryCount,
            retryLimit: TRANSCODE_RETRY_LIMIT,
            signal: job.signal,
          }),
        );
        log(`${TRANSCODE_QUEUE} ${job.data.movieId}: ${JSON.stringify(result)}`);
        return result;
      };
      // TRANSCODE_CONCURRENCY jobs at once, shortest video first (lib/jobs/transcode-queue.ts priorityOf).
      // From two up, one slot takes only short videos, so a trailer never waits for a film to end.
      const options = { pollingIntervalSeconds: 2, heartbeatRefreshSeconds: TRANSCODE_CLAIM_REFRESH_SECONDS };
      const general = env.TRANSCODE_CONCURRENCY > 1 ? env.TRANSCODE_CONCURRENCY - 1 : 1;
      await boss.work<TranscodeJobData>(TRANSCODE_QUEUE, { ...options, localConcurrency: general }, transcode);
      if (env.TRANSCODE_CONCURRENCY > 1)
        await boss.work<TranscodeJobData>(
          TRANSCODE_QUEUE,
          { ...options, localConcurrency: 1, minPriority: -env.TRANSCODE_SHORT_JOB_SECONDS },
          transcode,
        );
      // A job whose worker died on its last attempt: the movie says so, with a Retry button.
      await boss.work(TRANSCODE_DEAD_LETTER_QUEUE, { includeMetadata: true }, async ([job]) => {
        if (job?.sourceId) await markDeadTranscode(job.sourceId);
      });
      // As the worker starts, and then now and again for workers sharing this disk: temp folders of
      // attempts that died (an ffmpeg they left is killed), their jobs retried at once.
      const recover = () =>
        recoverInterruptedTranscodes(boss)
          .then((count) => count && log(`Requeued ${count} transcode job(s) a stopped worker had left`))
          .catch((error: unknown) => console.error("[jobs] Looking for interrupted transcodes failed:", error));
      await recover();
      interruptedWatch = setInterval(() => void recover(), 30_000);
      interruptedWatch.unref();
      if (env.TRANSCODE_BACKLOG_ON_START) {
        const queued = await queueUntranscoded();
        if (queued) log(`Queued ${queued} movie(s) whose video had no HLS ladder yet`);
      }
    } else log(ffmpeg.reason);
    log(
      `Started (${SCHEDULED.map((job) => `${job.name} at "${job.schedule}"`).join(", ")}, ${IMPORT_QUEUE}${ffmpeg.available ? `, ${TRANSCODE_QUEUE}` : ""})`,
    );
    return {
      // Running transcodes stop first (ffmpeg killed, files deleted, movie back to queued, the job
      // failed so that it is retried), then the queue, which waits for their handlers to return.
      stop: async () => {
        clearInterval(interruptedWatch);
        await boss.offWork(TRANSCODE_QUEUE, { wait: false });
        await interruptTranscodes();
        await boss.stop({ graceful: true, timeout: 10_000 });
      },
    };
  })();
  // A failed start (the database is down) may be tried again.
  processState.jobs.catch(() => (processState.jobs = undefined));
  return processState.jobs;
}
