// A transcode can be stopped, and a long one does not hold the others (issue 24 items 4 and 6), on
// the test app (which runs its jobs in-process, TRANSCODE_CONCURRENCY's default 2). The long job is
// a small file of two hours with a picture every 4 minutes (makeSparseClip): ffmpeg works on it for
// minutes, so it is surely running when the test stops it, and a stop that did not work would leave
// it running long after. (A file declaring a gap of hours, as here before, is now refused outright.)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { createTestCategory, movieBody } from "../support/catalogue";
import { api } from "../support/http";
import {
  jobFolders,
  makeClip,
  makeSparseClip,
  mediaState,
  settled,
  toolsUsing,
  transcodeRoot,
  uploadVideo,
  waitForMedia,
  within,
} from "../support/transcode";
import { adminToken, memberToken } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
const dataDir = process.env.MARQUEE_DATA_DIR!;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-transcode-control-"));
let categoryId: string;
let longFile: string;
let shortFile: string;

beforeAll(async () => {
  categoryId = (await createTestCategory())._id;
  longFile = makeSparseClip(path.join(work, "long.mkv"), 2 * 3600, 240);
  shortFile = makeClip(path.join(work, "short.mp4"), 4);
}, 120_000);

// Each movie gets an upload of its own: deleting a movie deletes its video.
const longVideo = () => uploadVideo(longFile);
const shortVideo = () => uploadVideo(shortFile);

afterAll(async () => {
  await db.$disconnect();
  fs.rmSync(work, { recursive: true, force: true });
});

const jobOf = async (movieId: string) =>
  (await db.movie.findUniqueOrThrow({ where: { id: movieId }, select: { mediaJobId: true } })).mediaJobId;

/** The tools a job runs: every ffmpeg or ffprobe working in one of its temp folders. */
const toolsOf = (jobId: string) => toolsUsing(path.join(transcodeRoot(dataDir), `${jobId}.`));

/** A movie with the long video, once its ffmpeg is running in the job's temp folder under the data folder. */
async function movieTranscodingLong(): Promise<{ movieId: string; jobId: string }> {
  const created = await api("POST", "/api/movie", {
    token: await adminToken(),
    body: movieBody(categoryId, { video: await longVideo() }),
  });
  expect(created.status).toBe(201);
  const movieId = created.body._id as string;
  const jobId = (await jobOf(movieId))!;
  // Other tests' jobs may hold the slot for a while.
  expect(await within(240_000, () => toolsOf(jobId).length > 0)).toBe(true);
  expect((await mediaState(movieId))?.state).toBe("transcoding");
  return { movieId, jobId };
}

/** Whether, within 5 s, no tool of the job is left and its temp folders are gone. */
const stoppedWithinSeconds = (jobId: string) =>
  within(5_000, () => toolsOf(jobId).length === 0 && jobFolders(dataDir, jobId).length === 0);

describe("stopping a transcode", () => {
  test(
    "an admin cancels a running transcode: ffmpeg is gone within seconds, the movie says cancelled, Retry starts again",
    { timeout: 360_000 },
    async () => {
      const token = await adminToken();
      const { movieId, jobId } = await movieTranscodingLong();
      const cancelled = await api("DELETE", `/api/movie/${movieId}/transcode`, { token });
      expect(cancelled).toMatchObject({ status: 200, body: { message: "Transcoding cancelled" } });
      expect(await stoppedWithinSeconds(jobId)).toBe(true);
      expect(await mediaState(movieId)).toEqual({ state: "cancelled", progress: 0, error: "Cancelled by an admin." });
      // Nothing is running any more: a second cancel is a conflict.
      expect(await api("DELETE", `/api/movie/${movieId}/transcode`, { token })).toMatchObject({
        status: 409,
        body: { message: "No transcode of this movie is queued or running." },
      });

      // Retry queues a new job; cancelled while queued or running, it ends the same way.
      const retried = await api("POST", `/api/movie/${movieId}/transcode`, { token });
      expect(retried.status).toBe(200);
      const newJob = retried.body.jobId as string;
      expect(newJob).not.toBe(jobId);
      expect(["queued", "transcoding"]).toContain((await mediaState(movieId))?.state);
      expect((await api("DELETE", `/api/movie/${movieId}/transcode`, { token })).status).toBe(200);
      expect(await stoppedWithinSeconds(newJob)).toBe(true);
      expect((await mediaState(movieId))?.state).toBe("cancelled");
      expect((await api("DELETE", `/api/movie/${movieId}`, { token })).status).toBe(200);
    },
  );

  test("deleting a movie stops its transcode within seconds", { timeout: 360_000 }, async () => {
    const { movieId, jobId } = await movieTranscodingLong();
    expect((await api("DELETE", `/api/movie/${movieId}`, { token: await adminToken() })).status).toBe(200);
    expect(await stoppedWithinSeconds(jobId)).toBe(true);
  });

  test(
    "replacing the video stops the old transcode within seconds, and the new video is transcoded",
    { timeout: 360_000 },
    async () => {
      const token = await adminToken();
      const { movieId, jobId } = await movieTranscodingLong();
      const replaced = await api("PUT", `/api/movie/${movieId}`, { token, body: { video: await shortVideo() } });
      expect(replaced.status).toBe(200);
      expect(await stoppedWithinSeconds(jobId)).toBe(true);
      expect(await waitForMedia(movieId, settled)).toMatchObject({ state: "ready", error: null });
      expect((await api("DELETE", `/api/movie/${movieId}`, { token })).status).toBe(200);
    },
  );

  test("only admins cancel; an unknown movie is a 404", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await api("DELETE", `/api/movie/${id}/transcode`)).status).toBe(401);
    expect((await api("DELETE", `/api/movie/${id}/transcode`, { token: await memberToken() })).status).toBe(403);
    expect(await api("DELETE", `/api/movie/${id}/transcode`, { token: await adminToken() })).toMatchObject({
      status: 404,
      body: { message: "Movie not found" },
    });
  });
});

describe("the order of jobs", () => {
  test(
    "a short video is transcoded while a long one runs: it never waits for the long one to end",
    {
      timeout: 360_000,
    },
    async () => {
      const token = await adminToken();
      const long = await movieTranscodingLong();
      const created = await api("POST", "/api/movie", {
        token,
        body: movieBody(categoryId, { video: await shortVideo() }),
      });
      expect(created.status).toBe(201);
      const short = created.body._id as string;
      expect(await waitForMedia(short, settled)).toMatchObject({ state: "ready" });
      // The long one is still at it: the short one went past it, not after it.
      expect((await mediaState(long.movieId))?.state).toBe("transcoding");
      expect(toolsOf(long.jobId).length).toBeGreaterThan(0);
      expect((await api("DELETE", `/api/movie/${long.movieId}`, { token })).status).toBe(200);
      expect(await stoppedWithinSeconds(long.jobId)).toBe(true);
      expect((await api("DELETE", `/api/movie/${short}`, { token })).status).toBe(200);
    },
  );
});
