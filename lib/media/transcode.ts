// A transcode: a movie's uploaded video cut into an HLS ladder (lib/media/ffmpeg.ts), its real
// duration probed, a poster frame taken, every file put through the storage driver under
// hls/<movieId>/<jobId>/, and the movie's media status kept current for the admin list. The queue
// that runs it (sending, cancelling, retrying) is lib/jobs/transcode.ts; this module knows no queue.
//
// Every write names the job (Movie.mediaJobId), so a job whose video was replaced or deleted
// changes nothing: it notices at its next progress report (or when it finishes), stops and deletes
// what it wrote. docs/media.md.
import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { MediaOverview, MediaStatus as ApiMediaStatus } from "@/lib/api-shapes";
import { cacheTags, expireTagsOutsideRequests } from "@/lib/data/cache-tags";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { contentTypeOf, hlsFolderOf, keyOfUrl, storage, type StorageKey } from "@/lib/storage";
import { ffmpegStatus, posterFrame, probe, seekPreview, transcodeToHls } from "./ffmpeg";

/** A running job marks its movie this often, so other workers can tell it is alive. */
const HEARTBEAT_SECONDS = 5;
/** A job whose mark is this old belongs to a worker that died (killed, out of memory, machine gone). */
export const STALLED_AFTER_SECONDS = 30;

/** Media status as the admin list and the movie detail show it. */
/** A movie's transcode state; null for a movie that never had one. */
export type MediaStatus = ApiMediaStatus | null;
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
  mediaHeartbeatAt: null,
  hlsFolder: null,
  mediaFiles: [],
  durationSeconds: null,
} satisfies Prisma.MovieUpdateInput;

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
  | { outcome: "failed"; error: string };

class Superseded extends Error {}

/** Runs one transcode job; throws (so pg-boss retries) only for failures worth another attempt. */
export async function runTranscodeJob(
  jobId: string,
  movieId: string,
  attempt: { retryCount: number; retryLimit: number },
): Promise<TranscodeResult> {
  // Every write names the job, so a superseded job changes nothing.
  const update = async (data: Prisma.MovieUpdateManyMutationInput) =>
    (await db.movie.updateMany({ where: { id: movieId, mediaJobId: jobId }, data })).count > 0;
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

  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), "marquee-transcode-"));
  const written: StorageKey[] = [];
  const abort = new AbortController();
  // The database's clock, not this machine's: workers on other machines compare against it.
  const beat = () =>
    db.$executeRaw`UPDATE "Movie" SET "mediaHeartbeatAt" = now() WHERE id = ${movieId}::uuid AND "mediaJobId" = ${jobId}::uuid`;
  const heartbeat = setInterval(
    () => void beat().catch((error: unknown) => console.error(`Transcode heartbeat of ${movieId} failed:`, error)),
    HEARTBEAT_SECONDS * 1000,
  );
  try {
    // State and first heartbeat in one statement: a worker killed between two statements would
    // leave a transcoding movie without a heartbeat, which recoverStalledTranscodes never sees as stalled.
    await db.$executeRaw`UPDATE "Movie" SET "mediaState" = 'transcoding', "mediaProgress" = 0, "mediaError" = NULL, "mediaHeartbeatAt" = now()
      WHERE id = ${movieId}::uuid AND "mediaJobId" = ${jobId}::uuid`;
    const input = path.join(work, "source");
    await pipeline(await storage().read(sourceKey), fs.createWriteStream(input));
    const source = await probe(tools.ffprobe, input).catch((error: Error) => {
      throw Object.assign(
        new Error(error.message.startsWith("The file") ? error.message : "ffprobe could not read the video."),
        { permanent: true },
      );
    });

    const outDir = path.join(work, "hls");
    await fs.promises.mkdir(outDir);
    let reported = 0;
    let reporting: Promise<void> = Promise.resolve();
    await transcodeToHls({
      ffmpeg: tools.ffmpeg,
      input,
      outDir,
      probe: source,
      signal: abort.signal,
      onProgress: (secondsDone) => {
        const percent = Math.min(99, Math.floor((secondsDone / source.durationSeconds) * 100));
        if (percent < reported + 5) return;
        reported = percent;
        reporting = reporting.then(async () => {
          if (!(await update({ mediaProgress: percent }))) abort.abort(new Superseded());
        });
      },
    });
    await reporting;
    if (abort.signal.aborted) throw new Superseded();
    await posterFrame(tools.ffmpeg, input, path.join(outDir, "poster.jpg"), source.durationSeconds, abort.signal);
    await seekPreview({ ffmpeg: tools.ffmpeg, input, outDir, probe: source, signal: abort.signal });

    const folder = hlsFolderOf(movieId, jobId);
    // The master playlist last: nothing points at the folder until the movie says ready anyway.
    const names = (await fs.promises.readdir(outDir)).sort(
      (a, b) => Number(a === "master.m3u8") - Number(b === "master.m3u8"),
    );
    for (const name of names) {
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
    if (!ready) throw new Superseded();
    // The movie's detail (its page, the watch page, the API) now has the ladder and the runtime, and
    // the lists' cards the runtime. The ladder is done whatever happens here: a failure only delays
    // it until the entry's cacheLife.
    await expireTagsOutsideRequests(cacheTags.movieLists, cacheTags.movie(movieId)).catch((error: unknown) =>
      console.error(`Could not expire movie ${movieId}'s cached detail:`, error),
    );
    return { outcome: "ready", durationSeconds: source.durationSeconds, files: written.length };
  } catch (error) {
    await deleteStoredFiles(written);
    if (error instanceof Superseded || abort.signal.aborted) return { outcome: "superseded" };
    const message = error instanceof Error ? error.message : String(error);
    if ((error as { permanent?: boolean }).permanent || attempt.retryCount >= attempt.retryLimit) return fail(message);
    // Another attempt follows (pg-boss back-off); the admin sees it is queued again and why.
    await update({ mediaState: "queued", mediaProgress: 0, mediaError: message });
    throw error;
  } finally {
    clearInterval(heartbeat);
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

export function mediaStatusOf(row: {
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
  const ffmpeg = ffmpegStatus();
  const rows = await db.movie.findMany({
    where: { mediaState: { not: null } },
    select: { id: true, mediaState: true, mediaProgress: true, mediaError: true },
  });
  return {
    transcoding: { available: ffmpeg.available, reason: ffmpeg.available ? null : ffmpeg.reason },
    movies: Object.fromEntries(rows.map((row) => [row.id, mediaStatusOf(row)!])),
  };
}
