// A file is judged by what it holds, not by the length it declares, and no job holds a slot without
// progressing (issue 38 item 11). Real `npm run worker` processes with one transcode slot
// (TRANSCODE_CONCURRENCY=1), on a database, storage and data folder of their own, so every job
// queued waits for that slot:
// - three files declaring 20 minutes (within every length limit) that hold seconds of pictures are
//   refused at their first attempt with the reason, and a longer real video queued behind them in the
//   only slot is then transcoded: they did not hold it. The rules do not depend on the length
//   declared, only on the gaps and bytes against it; 20 minutes keeps the real film's transcode short;
// - with those checks relaxed, a file on which ffmpeg makes no progress (it fills a one-hour gap
//   with copies of a frame, its progress at 0) is stopped by the watchdog with the reason, and the
//   job waiting behind it runs.
// The files are made here by ffmpeg from its test sources; none is committed.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { migrate } from "@/scripts/lib/database";
import {
  jobFolders,
  makeClip,
  makeGapClip,
  makeOverstatedMp4,
  makeSparseClip,
  processesUsing,
  within,
} from "../support/transcode";

const name = `marquee_transcode_content_${process.pid}`;
const adminUrl = new URL(process.env.DATABASE_URL!);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-transcode-content-"));
const storageDir = path.join(root, "storage");
const dataDir = path.join(root, "data");
const work = path.join(root, "work");
const workers: { process: ChildProcess; exited: Promise<number | null> }[] = [];
let client: pg.Client;
let categoryId: string;

async function onServer(sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** `npm run worker` with one slot on this test's database, storage and data folder, queuing the movies not transcoded yet as it starts. */
function startWorker(env: Record<string, string> = {}): { process: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      STORAGE_DRIVER: "local",
      STORAGE_LOCAL_DIR: storageDir,
      MARQUEE_DATA_DIR: dataDir,
      TRANSCODE_BACKLOG_ON_START: "true",
      TRANSCODE_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.once("exit", (code) => code && console.error(output));
  const worker = { process: child, exited: new Promise<number | null>((resolve) => child.once("exit", resolve)) };
  workers.push(worker);
  return worker;
}

/**
 * A movie whose video is `file`, stored as an upload would be, with no transcode yet. A starting
 * worker queues the newest first, and takes the first job sent while it sends the others: the
 * movie added last is the first to run, the rest then go shortest first.
 */
async function addMovie(title: string, file: string): Promise<string> {
  const id = randomUUID();
  const key = `movie/${randomUUID()}${path.extname(file)}`;
  fs.mkdirSync(path.join(storageDir, "movie"), { recursive: true });
  fs.copyFileSync(file, path.join(storageDir, key));
  await client.query(
    `INSERT INTO "Movie" (id, name, "titleImage", image, language, year, hour, video, "categoryId", "updatedAt")
     VALUES ($1, $2, '', '', 'English', 2024, 2, $3, $4, now())`,
    [id, title, `/api/upload/${key}`, categoryId],
  );
  return id;
}

type Media = { state: string | null; progress: number; error: string | null; jobId: string | null };
const media = async (movieId: string) =>
  (
    await client.query<Media>(
      `SELECT "mediaState" AS state, "mediaProgress" AS progress, "mediaError" AS error, "mediaJobId"::text AS "jobId"
       FROM "Movie" WHERE id = $1`,
      [movieId],
    )
  ).rows[0]!;
const job = async (id: string) =>
  (
    await client.query<{ state: string; retry_count: number }>(
      `SELECT state, retry_count FROM pgboss.job WHERE id = $1`,
      [id],
    )
  ).rows[0];

/** The movie's transcode once it has ended (ready, failed or cancelled), waiting at most `ms`. */
async function settledMedia(movieId: string, ms: number): Promise<Media> {
  await within(ms, async () => ["ready", "failed", "cancelled"].includes((await media(movieId)).state ?? ""));
  return media(movieId);
}

/** Every process working on a file of this test: ffmpeg or ffprobe left running. */
const leftTools = () => processesUsing(root);

beforeAll(async () => {
  fs.mkdirSync(work, { recursive: true });
  await onServer(`CREATE DATABASE ${name}`);
  await migrate(url.toString());
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  categoryId = randomUUID();
  await client.query(`INSERT INTO "Category" (id, name, "updatedAt") VALUES ($1, 'Content tests', now())`, [
    categoryId,
  ]);
}, 180_000);

// Each test's worker stops with it (SIGTERM: its transcodes stop and are handed back), so the next
// test's jobs go to the next test's worker only.
afterEach(async () => {
  for (const worker of workers.splice(0)) {
    if (worker.process.exitCode === null && worker.process.signalCode === null) worker.process.kill("SIGTERM");
    await worker.exited;
  }
});

afterAll(async () => {
  for (const pid of leftTools()) process.kill(pid, "SIGKILL");
  await client?.end();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(root, { recursive: true, force: true });
});

test(
  "files declaring 20 minutes they do not hold are refused at once with the reason; the real videos queued with them are transcoded",
  { timeout: 600_000 },
  async () => {
    // A real 30-minute film (pictures every 10 s, 64×64 so it takes seconds): longer than the three
    // below, it is queued behind them in the only slot.
    const film = await addMovie("Film", makeSparseClip(path.join(work, "film.mkv"), 1800, 10, "64x64"));
    // A 2 KB MKV whose frames are one second apart from the rest by 20 minutes: 320×240, so that
    // ffmpeg, which fills the gap with copies of the frame, would be at it for minutes.
    const gap = await addMovie("Gap", makeGapClip(path.join(work, "gap.mkv"), 1200));
    expect(fs.statSync(path.join(work, "gap.mkv")).size).toBeLessThan(30_000);
    // A one-second MP4 whose headers say 20 minutes.
    const overstated = await addMovie("Overstated", makeOverstatedMp4(path.join(work, "overstated.mp4"), 1, 1200));
    // Frames every 4 minutes over 20 minutes, but 16×16: a few bytes a second, no real video.
    const sparse = await addMovie("Sparse", makeSparseClip(path.join(work, "sparse.mkv"), 1200, 240, "16x16"));
    // A real 4-second clip, run first.
    const clip = await addMovie("Clip", makeClip(path.join(work, "clip.mp4"), 4, "320x240"));

    const worker = startWorker();
    // The film comes last, after the three: if one of them held the slot, it would wait behind it.
    expect(await settledMedia(film, 480_000)).toMatchObject({ state: "ready", progress: 100, error: null });
    expect(await media(clip)).toMatchObject({ state: "ready", error: null });
    expect(await media(gap)).toMatchObject({
      state: "failed",
      progress: 0,
      error:
        "Refused: It declares 0:20:01 but has no picture from 0:00:00 to 0:20:00, longer than the 0:05:00 allowed without one (TRANSCODE_MAX_FRAME_GAP_SECONDS).",
    });
    expect(await media(overstated)).toMatchObject({
      state: "failed",
      progress: 0,
      error:
        "Refused: It declares 0:20:00 but its frames cover 0:00:01, leaving 0:19:59 without a picture, longer than the 0:05:00 allowed (TRANSCODE_MAX_FRAME_GAP_SECONDS).",
    });
    const sparseMedia = await media(sparse);
    expect(sparseMedia).toMatchObject({ state: "failed", progress: 0 });
    expect(sparseMedia.error).toMatch(
      /^Refused: It holds [\d,]+ bytes of video for the 0:20:00 it declares, \d\.\d a second, fewer than the 8 any real video has \(TRANSCODE_MIN_VIDEO_BYTES_PER_SECOND\)\.$/,
    );
    // Each refusal ended its job at the first attempt (another would end the same), and left nothing.
    for (const movieId of [gap, overstated, sparse]) {
      const { jobId } = await media(movieId);
      expect(await job(jobId!)).toEqual({ state: "completed", retry_count: 0 });
      expect(jobFolders(dataDir, jobId!)).toEqual([]);
    }
    worker.process.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect(leftTools()).toEqual([]);
  },
);

test(
  "a transcode that makes no progress is stopped by the watchdog with the reason, and the job behind it runs",
  { timeout: 600_000 },
  async () => {
    // With the content checks relaxed, a one-hour gap goes to ffmpeg, which reports no progress while
    // it fills it (minutes for 320×240). A ten-minute film (frames every 10 s) waits behind it.
    const film = await addMovie("Next film", makeSparseClip(path.join(work, "next.mkv"), 600, 10, "32x32"));
    const stalled = await addMovie("Stalled", makeGapClip(path.join(work, "stalled.mkv"), 3600));
    const worker = startWorker({
      TRANSCODE_STALL_SECONDS: "8",
      TRANSCODE_MAX_FRAME_GAP_SECONDS: "86400",
      TRANSCODE_MIN_VIDEO_BYTES_PER_SECOND: "0",
    });
    expect(await settledMedia(stalled, 240_000)).toEqual({
      state: "failed",
      progress: 0,
      error:
        "The transcode made no progress for 0:00:08 (stuck at 0:00:00 of 1:00:01) and was stopped (TRANSCODE_STALL_SECONDS).",
      jobId: expect.any(String),
    });
    const { jobId } = await media(stalled);
    expect(await within(5_000, () => processesUsing(path.join(dataDir, "transcode", `${jobId}.`)).length === 0)).toBe(
      true,
    );
    await expect.poll(() => job(jobId!), { timeout: 10_000 }).toEqual({ state: "completed", retry_count: 0 });
    // The slot is free again: the film behind it is transcoded.
    expect(await settledMedia(film, 300_000)).toMatchObject({ state: "ready", progress: 100, error: null });
    worker.process.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect(leftTools()).toEqual([]);
  },
);
