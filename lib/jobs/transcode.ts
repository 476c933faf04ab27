// The transcode queue's side of a movie's video: queueing a job when a video is set, cancelling it
// when the video goes, retrying, and noticing jobs whose worker died. The work itself (ffmpeg, the
// ladder, the movie's media state) is lib/media/transcode.ts; lib/jobs/index.ts runs it.
//
// A movie's current job is Movie.mediaJobId. Replacing or deleting the video clears it: the old
// job, if still running, notices at its next progress report (or when it finishes), stops and
// deletes what it wrote. docs/media.md.
import "server-only";
import { randomUUID } from "node:crypto";
import type { PgBoss } from "pg-boss";
import { cacheTags, expireTagsOutsideRequests } from "@/lib/data/cache-tags";
import { db } from "@/lib/db";
import { ffmpegStatus } from "@/lib/media/ffmpeg";
import {
  deleteStoredFiles,
  noMedia,
  oldMediaSelect,
  STALLED_AFTER_SECONDS,
  type OldMedia,
} from "@/lib/media/transcode";
import { keyOfUrl } from "@/lib/storage";
import { jobQueue, TRANSCODE_QUEUE } from "./queue";

export type TranscodeJobData = { movieId: string };

const STALLED_MESSAGE = "The worker transcoding this video stopped responding.";

/**
 * Queues a transcode of the movie's current video, when ffmpeg is here and the video is one of
 * our stored files (a video on another site is played as it is). Returns the job id, or null.
 */
export async function queueTranscode(movieId: string): Promise<string | null> {
  if (!ffmpegStatus().available) return null;
  const movie = await db.movie.findUnique({ where: { id: movieId }, select: { video: true } });
  if (!movie || !keyOfUrl(movie.video)) return null;
  const jobId = randomUUID();
  await db.movie.update({
    where: { id: movieId },
    data: { mediaState: "queued", mediaProgress: 0, mediaError: null, mediaJobId: jobId },
  });
  await (await jobQueue()).send(TRANSCODE_QUEUE, { movieId } satisfies TranscodeJobData, { id: jobId });
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
    if (!keyOfUrl(row.video)) continue;
    const jobId = randomUUID();
    const claimed = await db.movie.updateMany({
      where: { id: row.id, mediaState: null },
      data: { mediaState: "queued", mediaProgress: 0, mediaError: null, mediaJobId: jobId },
    });
    if (claimed.count === 0) continue;
    await boss.send(TRANSCODE_QUEUE, { movieId: row.id } satisfies TranscodeJobData, { id: jobId });
    queued++;
  }
  return queued;
}

/** Cancels the old job (if it has not finished) and deletes the ladder it made. Never throws. */
export async function discardMedia(old: OldMedia): Promise<void> {
  try {
    if (old.mediaJobId) await (await jobQueue()).cancel(TRANSCODE_QUEUE, old.mediaJobId);
  } catch (error) {
    console.error(`Could not cancel transcode job ${old.mediaJobId}:`, error);
  }
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
 * Jobs whose worker died: pg-boss only notices an abandoned job when it expires an hour later, so
 * workers watch each other through the movie's heartbeat. One statement claims each stalled movie
 * (however many workers look at once); its job is then failed in pg-boss, which retries it on any
 * worker after the queue's retry delay, or fails it for good after the last attempt. Returns how
 * many were recovered.
 */
export async function recoverStalledTranscodes(boss: PgBoss): Promise<number> {
  const stalled = await db.$queryRaw<{ id: string; jobId: string }[]>`
    UPDATE "Movie" SET "mediaState" = 'queued', "mediaProgress" = 0, "mediaError" = ${STALLED_MESSAGE}
    WHERE "mediaState" = 'transcoding' AND "mediaHeartbeatAt" < now() - make_interval(secs => ${STALLED_AFTER_SECONDS})
    RETURNING id::text, "mediaJobId"::text AS "jobId"`;
  for (const { id, jobId } of stalled) {
    await boss.fail(TRANSCODE_QUEUE, jobId, { message: STALLED_MESSAGE });
    const job = await boss.getJobById(TRANSCODE_QUEUE, jobId);
    if (job?.state === "failed")
      await db.movie.updateMany({
        where: { id, mediaJobId: jobId },
        data: { mediaState: "failed", mediaError: STALLED_MESSAGE },
      });
  }
  return stalled.length;
}
