// The transcode queue's side of a movie's video: queueing a job when a video is set (in an order
// that lets short videos through), cancelling it when the video goes or an admin says so, retrying,
// and picking up jobs a crash interrupted. The work itself (ffmpeg, the ladder, the movie's media
// state) is lib/media/transcode.ts; lib/worker/index.ts runs it.
//
// A movie's current job is Movie.mediaJobId. Replacing or deleting the video clears it and cancels
// the job in pg-boss: a running job's signal is aborted at its next claim refresh (within
// TRANSCODE_CLAIM_REFRESH_SECONDS), which kills its ffmpeg; it deletes what it wrote. docs/media.md.
import "server-only";
import { randomUUID } from "node:crypto";
import type { PgBoss } from "pg-boss";
import { cacheTags } from "@/lib/cache/tags";
import { expireTagsOutsideRequests } from "@/lib/cache/expire-tags";
import { db } from "@/lib/database/db";
import { ffmpegStatus, probe, transcodingStatus } from "@/lib/media/ffmpeg";
import {
  CANCELLED_MESSAGE,
  INTERRUPTED_MESSAGE,
  deleteStoredFiles,
  noMedia,
  oldMediaSelect,
  sweepTranscodeFolders,
  type OldMedia,
} from "@/lib/media/transcode";
import { keyOfUrl, storage, type StorageKey } from "@/lib/storage";
import { jobQueue, TRANSCODE_QUEUE } from "./queue";

export type TranscodeJobData = { movieId: string };

const NO_ATTEMPTS_LEFT =
  "The worker transcoding this video stopped, and no attempts were left. Press Retry to start again.";

/** A length for a video that cannot be probed where it is queued: its size at this bitrate (a typical film's). */
const ASSUMED_BITS_PER_SECOND = 2_500_000;
/** Probing a video as it is queued reads its headers: a file that keeps ffprobe longer is guessed from its size. */
const QUEUE_PROBE_TIMEOUT_MS = 10_000;

/**
 * The job's priority: pg-boss hands out higher priorities first, so minus the video's length in
 * seconds makes shorter videos go first. The length is probed where the file is on this machine
 * (local storage), else guessed from its size. The lane kept for short videos takes only jobs of
 * priority at least -TRANSCODE_SHORT_JOB_SECONDS (lib/worker/index.ts).
 */
async function priorityOf(key: StorageKey): Promise<number> {
  const driver = storage();
  const tools = ffmpegStatus();
  if (driver.localPathOf && tools.available) {
    const signal = AbortSignal.timeout(QUEUE_PROBE_TIMEOUT_MS);
    const probed = await probe(tools.ffprobe, driver.localPathOf(key), signal).catch(() => null);
    if (probed) return -Math.ceil(Math.min(probed.durationSeconds, 2 ** 30));
  }
  const size = (await driver.stat(key))?.size ?? 0;
  return -Math.ceil(Math.min((size * 8) / ASSUMED_BITS_PER_SECOND, 2 ** 30));
}

/**
 * Queues a transcode of the movie's current video, when transcoding is on (transcodingStatus) and the
 * video is one of our stored files (a video on another site is played as it is). Returns the job id, or null.
 */
export async function queueTranscode(movieId: string): Promise<string | null> {
  if (!transcodingStatus().available) return null;
  const movie = await db.movie.findUnique({ where: { id: movieId }, select: { video: true } });
  const key = movie && keyOfUrl(movie.video);
  if (!key) return null;
  const jobId = randomUUID();
  const priority = await priorityOf(key);
  await db.movie.update({
    where: { id: movieId },
    data: { mediaState: "queued", mediaProgress: 0, mediaError: null, mediaJobId: jobId },
  });
  await (await jobQueue()).send(TRANSCODE_QUEUE, { movieId } satisfies TranscodeJobData, { id: jobId, priority });
  return jobId;
}

/**
 * Queues every movie that has a stored video but no transcode yet: the demo catalogue after a
 * seed, and movies saved while ffmpeg was missing. Run as workers start (TRANSCODE_BACKLOG_ON_START);
 * the conditional update claims each movie once, however many workers start together.
 */
export async function queueUntranscoded(): Promise<number> {
  if (!ffmpegStatus().available) return 0;
  const rows = await db.movie.findMany({
    where: { mediaState: null },
    select: { id: true, video: true },
    orderBy: { createdAt: "desc" },
  });
  const boss = await jobQueue();
  let queued = 0;
  for (const row of rows) {
    const key = keyOfUrl(row.video);
    if (!key) continue;
    const jobId = randomUUID();
    const claimed = await db.movie.updateMany({
      where: { id: row.id, mediaState: null },
      data: { mediaState: "queued", mediaProgress: 0, mediaError: null, mediaJobId: jobId },
    });
    if (claimed.count === 0) continue;
    const priority = await priorityOf(key);
    await boss.send(TRANSCODE_QUEUE, { movieId: row.id } satisfies TranscodeJobData, { id: jobId, priority });
    queued++;
  }
  return queued;
}

/** Cancels a job in pg-boss, queued or running (a running one stops within seconds). Never throws. */
async function cancelJob(jobId: string): Promise<void> {
  try {
    await (await jobQueue()).cancel(TRANSCODE_QUEUE, jobId);
  } catch (error) {
    console.error(`Could not cancel transcode job ${jobId}:`, error);
  }
}

/** Cancels the old job (if it has not finished) and deletes the ladder it made. Never throws. */
export async function discardMedia(old: OldMedia): Promise<void> {
  if (old.mediaJobId) await cancelJob(old.mediaJobId);
  await deleteStoredFiles(old.mediaFiles);
}

/** The admin's retry: a new job for the movie's current video; null when it cannot be transcoded, undefined for no such movie. */
export async function retryTranscode(movieId: string): Promise<string | null | undefined> {
  const old = await db.movie.findUnique({ where: { id: movieId }, select: oldMediaSelect });
  if (!old) return undefined;
  await db.movie.update({ where: { id: movieId }, data: noMedia });
  // noMedia forgets the probed runtime too, which the lists' cards show.
  await expireTagsOutsideRequests(cacheTags.movieLists, cacheTags.movie(movieId));
  await discardMedia(old);
  return queueTranscode(movieId);
}

/**
 * The admin's cancel: a queued or running transcode stops (its ffmpeg within seconds) and the movie
 * says "cancelled" until a retry. True when one was cancelled, false when none was queued or
 * running, undefined for no such movie.
 */
export async function cancelTranscode(movieId: string): Promise<boolean | undefined> {
  // One statement reads the job and forgets it, so a job finishing at the same moment cannot be
  // cancelled after it has made the movie ready.
  const rows = await db.$queryRaw<{ jobId: string | null; cancelled: boolean }[]>`
    WITH current AS (SELECT id, "mediaJobId", "mediaState" FROM "Movie" WHERE id = ${movieId}::uuid FOR UPDATE),
    cancelled AS (
      UPDATE "Movie" m SET "mediaState" = 'cancelled', "mediaProgress" = 0, "mediaError" = ${CANCELLED_MESSAGE}, "mediaJobId" = NULL
      FROM current WHERE m.id = current.id AND current."mediaState" IN ('queued', 'transcoding')
      RETURNING m.id
    )
    SELECT current."mediaJobId"::text AS "jobId", EXISTS (SELECT 1 FROM cancelled) AS cancelled FROM current`;
  const [row] = rows;
  if (!row) return undefined;
  if (!row.cancelled) return false;
  if (row.jobId) await cancelJob(row.jobId);
  return true;
}

/**
 * A transcode that failed for good without saying so itself (its worker died, or was stopped, on
 * its last attempt): pg-boss moved it to the dead-letter queue, whose handler marks the movie failed.
 */
export async function markDeadTranscode(jobId: string): Promise<void> {
  await db.movie.updateMany({
    where: { mediaJobId: jobId, mediaState: { in: ["queued", "transcoding"] } },
    data: { mediaState: "failed", mediaError: NO_ATTEMPTS_LEFT },
  });
}

/**
 * Jobs a crash interrupted on this machine: their temp folders are still here with nobody touching
 * them (lib/media/transcode.ts sweepTranscodeFolders kills any ffmpeg still writing there and removes
 * them). A job still active in pg-boss under that same attempt is failed now, so it is retried at
 * once rather than when its heartbeat runs out (a later attempt, running elsewhere, is left alone).
 * Returns how many were requeued.
 */
export async function recoverInterruptedTranscodes(boss: PgBoss): Promise<number> {
  let requeued = 0;
  for (const { jobId, retryCount } of await sweepTranscodeFolders()) {
    const job = await boss.getJobById(TRANSCODE_QUEUE, jobId);
    if (job?.state !== "active" || job.retryCount !== retryCount) continue;
    await db.movie.updateMany({
      where: { mediaJobId: jobId, mediaState: "transcoding" },
      data: { mediaState: "queued", mediaProgress: 0, mediaError: INTERRUPTED_MESSAGE },
    });
    await boss.fail(TRANSCODE_QUEUE, { id: jobId, retryCount }, { message: INTERRUPTED_MESSAGE });
    requeued++;
  }
  return requeued;
}
