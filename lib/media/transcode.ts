// A transcode: a movie's uploaded video cut into an HLS ladder (lib/media/ffmpeg.ts), its real
// duration probed, a poster frame taken, every file put through the storage driver under
// hls/<movieId>/<jobId>/, and the movie's media status kept current for the admin list. The queue
// that runs it (sending, cancelling, retrying) is lib/jobs/transcode-queue.ts; this module knows no queue.
//
// Every write names the job (Movie.mediaJobId), so a job whose video was replaced or deleted
// changes nothing: it notices within seconds (its queue's signal, or its next status write), kills
// ffmpeg, deletes what it wrote and ends. Every job is bounded: the source must be within the
// TRANSCODE_MAX_* limits and hold frames worth its declared length, the work has a wall-clock limit,
// an output limit and a watchdog on its progress, and its temp folder lives under the data folder,
// where the next start finds what a crash left. docs/media.md.
import "server-only";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { MediaOverview, MediaStatus as ApiMediaStatus } from "@/lib/api-shapes";
import { cacheTags } from "@/lib/cache/tags";
import { expireTagsOutsideRequests } from "@/lib/cache/expire-tags";
import { db } from "@/lib/database/db";
import { dataDir, env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { contentTypeOf, hlsFolderOf, keyOfUrl, storage, type StorageKey } from "@/lib/storage";
import {
  NO_VIDEO_STREAM,
  ffmpegStatus,
  formatDuration,
  implausible,
  killProcessesUsing,
  maxFramesOf,
  outOfBounds,
  outputLimits,
  posterFrame,
  probe,
  scanFrames,
  seekPreview,
  timeLimitSeconds,
  transcodeToHls,
  transcodingStatus,
  type SourceLimits,
} from "./ffmpeg";
import { processState } from "@/lib/process-state";
/** How often a running job writes its progress (and so learns whether it is still the movie's job) and checks its output. */
const TICK_SECONDS = 5;
/** A temp folder whose worker has not touched its mark for this long was left by a worker that died. */
const ABANDONED_AFTER_SECONDS = 30;
/** The mark a running job touches every tick: only this process writes it, never ffmpeg. */
const ALIVE_MARK = ".alive";

/** Media status as the admin list and the movie detail show it. */
/** A movie's transcode state; null for a movie that never had one. */
type MediaStatus = ApiMediaStatus | null;
export type { MediaOverview };

/** What the data layer must hand over when a movie's video goes away, to clean up after it. */
export type OldMedia = { mediaJobId: string | null; mediaFiles: string[] };
export const oldMediaSelect = { mediaJobId: true, mediaFiles: true } satisfies Prisma.MovieSelect;

/** The movie fields that forget a ladder; written in the same statement that changes the video. */
export const noMedia = {
  mediaState: null,
  mediaProgress: 0,
  mediaError: null,
  mediaJobId: null,
  hlsFolder: null,
  mediaFiles: [],
  durationSeconds: null,
} satisfies Prisma.MovieUpdateInput;

export const INTERRUPTED_MESSAGE =
  "The transcode was interrupted (the worker stopped); it starts again from the beginning.";
export const CANCELLED_MESSAGE = "Cancelled by an admin.";

/** Deletes stored files one by one, logging (not throwing) what cannot be deleted. */
export async function deleteStoredFiles(keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await storage().delete(key as StorageKey);
    } catch (error) {
      console.error(`Could not delete ${key}:`, error);
    }
  }
}

export type TranscodeResult =
  | { outcome: "ready"; durationSeconds: number; files: number }
  | { outcome: "superseded" }
  | { outcome: "stopped"; reason: string }
  | { outcome: "failed"; error: string };

/** Why a job was stopped before its end (the reason its abort signal carries). */
class Superseded extends Error {}
/** The worker is shutting down: the job is given back to the queue. */
class Shutdown extends Error {}
/** A failure another attempt cannot fix (a limit broken, a file ffprobe cannot read): the job fails for good with this message. */
class Permanent extends Error {}

/** Where jobs keep their temp folders: under the data folder, never the system's temp folder. */
const transcodeWorkRoot = () => path.join(dataDir(), "transcode");

/** An attempt of a job: its id and pg-boss's count of the retries before it. */
export type JobAttempt = { jobId: string; retryCount: number };

/** A job's temp folder is `<job id>.<retry count>.<random>`: a retry never shares one with a dead attempt. */
function attemptOfFolder(name: string): JobAttempt | null {
  const match = /^([0-9a-f-]{36})\.(\d+)\.[0-9a-z]+$/.exec(name);
  return match ? { jobId: match[1]!, retryCount: Number(match[2]) } : null;
}

/**
 * Removes temp folders left by attempts that are not running here any more, first killing any
 * process still writing into them (an ffmpeg whose worker was killed keeps going, re-parented to
 * PID 1). A folder is abandoned when its mark is older than ABANDONED_AFTER_SECONDS, or, with
 * `jobId`, whenever it belongs to that job (whose new attempt is starting). Several workers may
 * share a data folder: a live attempt's folder is never touched. Returns the attempts whose folders
 * were removed.
 */
export async function sweepTranscodeFolders(jobId?: string): Promise<JobAttempt[]> {
  const root = transcodeWorkRoot();
  let names: string[];
  try {
    names = await fs.promises.readdir(root);
  } catch {
    return []; // no job has run here yet
  }
  const swept: JobAttempt[] = [];
  for (const name of names) {
    const folder = path.join(root, name);
    const owner = attemptOfFolder(name);
    let abandoned = owner !== null && owner.jobId === jobId;
    if (!abandoned) {
      const marked = await fs.promises
        .stat(path.join(folder, ALIVE_MARK))
        .catch(() => fs.promises.stat(folder).catch(() => null));
      abandoned = marked !== null && Date.now() - marked.mtimeMs > ABANDONED_AFTER_SECONDS * 1000;
    }
    if (!abandoned) continue;
    killProcessesUsing(folder);
    await fs.promises.rm(folder, { recursive: true, force: true });
    if (owner) swept.push(owner);
  }
  return swept;
}

declare module "@/lib/process-state" {
  interface ProcessState {
    runningTranscodes: Map<AbortController, Promise<unknown>>;
  }
}
/** The jobs running in this process, so a shutdown can stop them and wait until they have cleaned up. */
const running = (processState.runningTranscodes ??= new Map<AbortController, Promise<unknown>>());

/**
 * Stops every transcode running in this process (SIGTERM, `npm run worker` stopping): each kills
 * its ffmpeg, deletes its files, puts its movie back to queued and throws, so the queue runs it
 * again. Resolves once all have finished.
 */
export async function interruptTranscodes(): Promise<void> {
  for (const controller of running.keys()) controller.abort(new Shutdown(INTERRUPTED_MESSAGE));
  await Promise.allSettled(running.values());
}

export type TranscodeJob = {
  jobId: string;
  movieId: string;
  retryCount: number;
  retryLimit: number;
  /** The queue's own signal: aborted when the job is no longer this worker's (cancelled, timed out, lost). */
  signal?: AbortSignal;
  limits?: SourceLimits;
};

/** Runs one transcode job; throws (so the queue retries) only for failures worth another attempt. */
export function runTranscodeJob(job: TranscodeJob): Promise<TranscodeResult> {
  const controller = new AbortController();
  const work = transcode(job, controller);
  running.set(controller, work);
  return work.finally(() => running.delete(controller));
}

async function transcode(job: TranscodeJob, controller: AbortController): Promise<TranscodeResult> {
  const { jobId, movieId } = job;
  // Every write names the job, so a superseded job changes nothing.
  const update = async (data: Prisma.MovieUpdateManyMutationInput, where: Prisma.MovieWhereInput = {}) =>
    (await db.movie.updateMany({ where: { ...where, id: movieId, mediaJobId: jobId }, data })).count > 0;
  const fail = async (error: string): Promise<TranscodeResult> => {
    await update({ mediaState: "failed", mediaError: error });
    return { outcome: "failed", error };
  };

  const tools = ffmpegStatus();
  if (!tools.available) throw new Error(tools.reason);
  const movie = await db.movie.findUnique({ where: { id: movieId }, select: { video: true, mediaJobId: true } });
  if (movie?.mediaJobId !== jobId) return { outcome: "superseded" };
  const sourceKey = keyOfUrl(movie.video);
  if (!sourceKey || !(await storage().stat(sourceKey))) return fail("The video file is missing from storage.");

  // The queue's signal (cancelled by an admin, the movie deleted or its video replaced, the claim
  // lost) stops the work like our own reasons do.
  const stopWhenTheQueueSays = () =>
    controller.abort(new Superseded("The queue took the job back (cancelled, or no longer this worker's)."));
  if (job.signal?.aborted) return { outcome: "superseded" };
  job.signal?.addEventListener("abort", stopWhenTheQueueSays, { once: true });

  // An earlier attempt of this job may have left a folder (and an ffmpeg) behind on this disk.
  await sweepTranscodeFolders(jobId);
  const work = path.join(transcodeWorkRoot(), `${jobId}.${job.retryCount}.${randomUUID().slice(0, 8)}`);
  await fs.promises.mkdir(work, { recursive: true });
  const mark = path.join(work, ALIVE_MARK);
  await fs.promises.writeFile(mark, "");
  const outDir = path.join(work, "hls");
  const written: StorageKey[] = [];
  let limit: { maxBytes: number; maxFiles: number } | null = null;
  let progress = 0;
  let timeLimit: NodeJS.Timeout | undefined;
  // The ladder's watchdog: how far ffmpeg has got, and when it last got further (null: not watching).
  let ladder: { secondsDone: number; advancedAt: number; durationSeconds: number } | null = null;

  // Every tick: the mark (this attempt is alive), the output against its limit, the progress, and
  // whether the movie still wants this job (the write changes no row once it does not).
  const tick = async () => {
    const now = new Date();
    const stall = env.TRANSCODE_STALL_SECONDS;
    if (ladder && now.getTime() - ladder.advancedAt > stall * 1000)
      controller.abort(
        new Permanent(
          `The transcode made no progress for ${formatDuration(stall)} (stuck at ${formatDuration(ladder.secondsDone)} of ${formatDuration(ladder.durationSeconds)}) and was stopped (TRANSCODE_STALL_SECONDS).`,
        ),
      );
    await fs.promises.utimes(mark, now, now).catch(() => {});
    if (limit) {
      const used = await folderUsage(outDir);
      if (used.bytes > limit.maxBytes || used.files > limit.maxFiles)
        controller.abort(
          new Permanent(
            `The transcode wrote more than a ladder of this video can need (${formatMegabytes(used.bytes)} in ${used.files} files; at most ${formatMegabytes(limit.maxBytes)} in ${limit.maxFiles}) and was stopped.`,
          ),
        );
    }
    if (!(await update({ mediaProgress: progress }, { mediaState: "transcoding" })))
      controller.abort(new Superseded("The movie no longer wants this job."));
  };
  const ticker = setInterval(
    () => void tick().catch((error: unknown) => console.error(`Transcode tick of ${movieId} failed:`, error)),
    TICK_SECONDS * 1000,
  );
  const signal = controller.signal;
  try {
    if (!(await update({ mediaState: "transcoding", mediaProgress: 0, mediaError: null })))
      throw new Superseded("The movie no longer wants this job.");
    const input = path.join(work, "source");
    await pipeline(await storage().read(sourceKey), fs.createWriteStream(input), { signal });
    const source = await probe(tools.ffprobe, input, signal).catch((error: Error) => {
      if (signal.aborted) throw signal.reason;
      throw new Permanent(error.message === NO_VIDEO_STREAM ? error.message : "ffprobe could not read the video.");
    });
    const refusal = outOfBounds(source, job.limits);
    if (refusal) throw new Permanent(`Refused: ${refusal}`);
    // Then what the file holds against what it declares (a demux of every packet, no decoding).
    const frames = await scanFrames(tools.ffprobe, input, maxFramesOf(source.durationSeconds), signal).catch(() => {
      if (signal.aborted) throw signal.reason;
      throw new Permanent("ffprobe could not read the video.");
    });
    const implausibility = implausible(source, frames);
    if (implausibility) throw new Permanent(`Refused: ${implausibility}`);

    const seconds = timeLimitSeconds(source.durationSeconds);
    timeLimit = setTimeout(
      () =>
        controller.abort(
          new Permanent(
            `The transcode took longer than its limit of ${formatDuration(seconds)} (TRANSCODE_TIME_LIMIT_MIN_SECONDS + ${formatDuration(source.durationSeconds)} × TRANSCODE_TIME_LIMIT_FACTOR) and was stopped.`,
          ),
        ),
      Math.min(seconds * 1000, 2 ** 31 - 1), // setTimeout's largest delay (24 days)
    );
    limit = outputLimits(source);
    await fs.promises.mkdir(outDir);
    ladder = { secondsDone: 0, advancedAt: Date.now(), durationSeconds: source.durationSeconds };
    await transcodeToHls({
      ffmpeg: tools.ffmpeg,
      input,
      outDir,
      probe: source,
      signal,
      onProgress: (secondsDone) => {
        progress = Math.max(0, Math.min(99, Math.floor((secondsDone / source.durationSeconds) * 100)));
        if (ladder && secondsDone > ladder.secondsDone) ladder = { ...ladder, secondsDone, advancedAt: Date.now() };
      },
    });
    // The poster and the seek preview are bounded by the time limit: each reads the file once, and
    // what they read has passed the checks above.
    ladder = null;
    await posterFrame(tools.ffmpeg, input, path.join(outDir, "poster.jpg"), source.durationSeconds, signal);
    await seekPreview({ ffmpeg: tools.ffmpeg, input, outDir, probe: source, signal });
    // The last look at the output before it is stored.
    await tick();
    if (signal.aborted) throw signal.reason;

    const folder = hlsFolderOf(movieId, jobId);
    // The master playlist last: nothing points at the folder until the movie says ready anyway.
    const names = (await fs.promises.readdir(outDir)).sort(
      (a, b) => Number(a === "master.m3u8") - Number(b === "master.m3u8"),
    );
    for (const name of names) {
      if (signal.aborted) throw signal.reason;
      const key: StorageKey = `${folder}/${name}`;
      await storage().put(key, fs.createReadStream(path.join(outDir, name)), { contentType: contentTypeOf(key) });
      written.push(key);
    }
    const ready = await update({
      mediaState: "ready",
      mediaProgress: 100,
      mediaError: null,
      hlsFolder: folder,
      mediaFiles: written,
      durationSeconds: Math.round(source.durationSeconds * 1000) / 1000,
    });
    if (!ready) throw new Superseded("The movie no longer wants this job.");
    // The movie's detail (its page, the watch page, the API) now has the ladder and the runtime, and
    // the lists' cards the runtime. The ladder is done whatever happens here: a failure only delays
    // it until the entry's cacheLife.
    await expireTagsOutsideRequests(cacheTags.movieLists, cacheTags.movie(movieId)).catch((error: unknown) =>
      console.error(`Could not expire movie ${movieId}'s cached detail:`, error),
    );
    return { outcome: "ready", durationSeconds: source.durationSeconds, files: written.length };
  } catch (caught) {
    // Whatever stopped it, ffmpeg is gone by now (runTool kills its group before it rejects).
    const error: unknown = signal.aborted ? signal.reason : caught;
    await deleteStoredFiles(written);
    if (error instanceof Superseded) {
      // Cancelled, replaced or deleted: whoever did it has set the movie. A lost claim (the queue
      // retries the job) leaves it transcoding: say it starts again.
      await update(
        { mediaState: "queued", mediaProgress: 0, mediaError: INTERRUPTED_MESSAGE },
        { mediaState: "transcoding" },
      );
      return { outcome: "superseded" };
    }
    if (error instanceof Shutdown) {
      await update({ mediaState: "queued", mediaProgress: 0, mediaError: INTERRUPTED_MESSAGE });
      throw error; // the queue runs it again, on this worker's next start or another one
    }
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof Permanent || job.retryCount >= job.retryLimit) return fail(message);
    // Another attempt follows (the queue's back-off); the admin sees it is queued again and why.
    await update({ mediaState: "queued", mediaProgress: 0, mediaError: message });
    throw error;
  } finally {
    clearInterval(ticker);
    clearTimeout(timeLimit);
    job.signal?.removeEventListener("abort", stopWhenTheQueueSays);
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** Bytes and files under a folder (one level: the ladder is flat). */
async function folderUsage(folder: string): Promise<{ bytes: number; files: number }> {
  const entries = await fs.promises.readdir(folder).catch(() => [] as string[]);
  let bytes = 0;
  for (const name of entries) bytes += (await fs.promises.stat(path.join(folder, name)).catch(() => null))?.size ?? 0;
  return { bytes, files: entries.length };
}

const formatMegabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString("en-US")} MB`;

function mediaStatusOf(row: {
  mediaState: string | null;
  mediaProgress: number;
  mediaError: string | null;
}): MediaStatus {
  if (!row.mediaState) return null;
  return {
    state: row.mediaState as NonNullable<MediaStatus>["state"],
    progress: row.mediaProgress,
    error: row.mediaError,
  };
}

/** GET /api/admin/media: whether transcoding is on, and every movie's state for the admin list. */
export async function mediaOverview(): Promise<MediaOverview> {
  const rows = await db.movie.findMany({
    where: { mediaState: { not: null } },
    select: { id: true, mediaState: true, mediaProgress: true, mediaError: true },
  });
  return {
    transcoding: transcodingStatus(),
    movies: Object.fromEntries(rows.map((row) => [row.id, mediaStatusOf(row)!])),
  };
}
