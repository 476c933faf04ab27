// Transcoding on several hosts (docs/media.md "Transcoding on several hosts"). Two `npm run worker`
// processes (the real command) run at the same time, each a host of its own (its own data folder,
// one transcode at a time), sharing nothing but a database of their own and an S3 bucket (s3rver).
// Three movies are queued once both are up: each worker takes one of the two short ones, and the
// worker that takes the longer third is killed mid-transcode with its ffmpeg (a host lost). The other
// one finishes its own job, then, once the dead worker's heartbeat has run out (noticed by its pg-boss
// monitor, which looks every 10 s), pg-boss hands it the orphaned job, which it finishes. What proves "shared, and never the same job twice": pg-boss's rows
// (every claim after a job's first adds one to its retry_count), the temp folders each worker made
// (named <job id>.<attempt>.<random>) and each worker's log line for every job it finished.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, expect, test } from "vitest";
import { TRANSCODE_DEAD_LETTER_QUEUE, TRANSCODE_QUEUE } from "@/lib/jobs/queue";
import { createS3Storage } from "@/lib/storage/s3";
import type { StorageDriver, StorageKey } from "@/lib/storage/types";
import { migrate } from "@/scripts/lib/database";
import { startS3, type TestS3 } from "../support/s3";
import { makeClip, processesUsing, toolsUsing, transcodeRoot, within } from "../support/transcode";

const name = `marquee_workers_${process.pid}`;
const adminUrl = new URL(process.env.DATABASE_URL!);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-workers-"));
/** Seconds of each movie: two short ones (one for each worker) and a longer one (the job killed mid-way). */
const SHORT_SECONDS = 12;
const LONG_SECONDS = 20;
const movies = [
  { name: "First Short", seconds: SHORT_SECONDS },
  { name: "Second Short", seconds: SHORT_SECONDS },
  { name: "Killed Mid-Job", seconds: LONG_SECONDS },
].map((movie) => ({
  ...movie,
  id: randomUUID(),
  jobId: randomUUID(),
  video: `movie/${randomUUID()}.mp4` as StorageKey,
}));
const longMovie = movies[2]!;
const children: ChildProcess[] = [];
let s3: TestS3;
let bucket: StorageDriver;
let client: pg.Client;

async function onServer(sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

type Worker = {
  label: string;
  process: ChildProcess;
  dataDir: string;
  output: () => string;
  /** `<job id>.<attempt>` of every temp folder seen in this worker's data folder: the attempts it started. */
  attempts: Set<string>;
  /** The movies this worker's log says it finished, with the outcome it logged. */
  finished: () => Record<string, string>;
};

/** `npm run worker`'s command on another host: the shared database and bucket, a data folder of its own. */
function startWorker(label: string): Worker {
  const dataDir = path.join(root, label);
  let output = "";
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      ...s3.env,
      MARQUEE_DATA_DIR: dataDir,
      TRANSCODE_CONCURRENCY: "1",
      // The test queues the jobs itself, once both workers are up, as the app would.
      TRANSCODE_BACKLOG_ON_START: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  children.push(child);
  return {
    label,
    process: child,
    dataDir,
    output: () => output,
    attempts: new Set(),
    finished: () =>
      Object.fromEntries(
        [...output.matchAll(new RegExp(`^\\[jobs\\] ${TRANSCODE_QUEUE} ([0-9a-f-]{36}): (\\{.*\\})$`, "gm"))].map(
          ([, movieId, result]) => [movieId!, (JSON.parse(result!) as { outcome: string }).outcome],
        ),
      ),
  };
}

/** Records the attempts each worker starts (a job's temp folder lives as long as its attempt: seconds). */
function watchAttempts(workers: Worker[]): NodeJS.Timeout {
  return setInterval(() => {
    for (const worker of workers) {
      const folder = transcodeRoot(worker.dataDir);
      for (const entry of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
        const attempt = /^([0-9a-f-]{36}\.\d+)\./.exec(entry)?.[1];
        if (attempt) worker.attempts.add(attempt);
      }
    }
  }, 100);
}

type MediaRow = {
  id: string;
  mediaState: string | null;
  mediaError: string | null;
  mediaJobId: string | null;
  durationSeconds: number | null;
  hlsFolder: string | null;
  mediaFiles: string[];
};

async function media(movieId: string): Promise<MediaRow> {
  const { rows } = await client.query<MediaRow>(
    `SELECT id::text, "mediaState", "mediaError", "mediaJobId"::text, "durationSeconds", "hlsFolder", "mediaFiles" FROM "Movie" WHERE id = $1`,
    [movieId],
  );
  return rows[0]!;
}

type JobRow = { id: string; state: string; retry_count: number; started_on: Date; completed_on: Date | null };

async function transcodeJobs(): Promise<JobRow[]> {
  const { rows } = await client.query<JobRow>(
    `SELECT id::text, state::text, retry_count, started_on, completed_on FROM pgboss.job WHERE name = $1`,
    [TRANSCODE_QUEUE],
  );
  return rows;
}

/** When pg-boss's monitor last claimed the transcode queue (ms), which every monitor pass does. */
async function monitorClaimedAt(): Promise<number | null> {
  const { rows } = await client.query<{ at: Date | null }>(
    `SELECT monitor_claim_on AS at FROM pgboss.queue WHERE name = $1`,
    [TRANSCODE_QUEUE],
  );
  return rows[0]?.at?.getTime() ?? null;
}

/** Queues the movies' transcodes as the app does (lib/jobs/transcode-queue.ts queueTranscode): shortest first. */
async function queueTranscodes() {
  for (const movie of movies)
    await client.query(`UPDATE "Movie" SET "mediaState" = 'queued', "mediaJobId" = $2 WHERE id = $1`, [
      movie.id,
      movie.jobId,
    ]);
  const boss = new PgBoss({ connectionString: url.toString(), schema: "pgboss", supervise: false, schedule: false });
  await boss.start();
  try {
    await boss.insert(
      TRANSCODE_QUEUE,
      movies.map((movie) => ({ id: movie.jobId, data: { movieId: movie.id }, priority: -movie.seconds })),
    );
  } finally {
    await boss.stop({ graceful: false });
  }
}

/** The master playlist, and every rendition's playlist whose segments are all in the bucket, adding up to the clip. */
async function expectWholeLadder(folder: string, seconds: number) {
  const read = async (name: string) => text(await bucket.read(`${folder}/${name}`));
  const master = await read("master.m3u8");
  const playlists = master.split("\n").filter((line) => line && !line.startsWith("#"));
  expect(playlists).toEqual(["360p.m3u8", "480p.m3u8"]);
  for (const playlist of playlists) {
    const lines = await read(playlist);
    const total = [...lines.matchAll(/#EXTINF:([\d.]+),/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    expect(Math.abs(total - seconds), `${folder}/${playlist} lasts ${total} s`).toBeLessThanOrEqual(0.5);
    for (const segment of lines.split("\n").filter((line) => line && !line.startsWith("#")))
      expect(await bucket.stat(`${folder}/${segment}`), `${folder}/${segment}`).not.toBeNull();
  }
}

beforeAll(async () => {
  s3 = await startS3("marquee-workers");
  bucket = createS3Storage(s3.config);
  await onServer(`CREATE DATABASE ${name}`);
  await migrate(url.toString());
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const categoryId = randomUUID();
  await client.query(`INSERT INTO "Category" (id, name, "updatedAt") VALUES ($1, 'Worker hosts', now())`, [categoryId]);
  // One clip of each length (the two short movies share theirs), each stored under the movie's own key.
  const clips = new Map<number, Buffer>();
  for (const movie of movies) {
    if (!clips.has(movie.seconds))
      clips.set(movie.seconds, fs.readFileSync(makeClip(path.join(root, `${movie.seconds}s.mp4`), movie.seconds)));
    await bucket.put(movie.video, clips.get(movie.seconds)!, { contentType: "video/mp4" });
    await client.query(
      `INSERT INTO "Movie" (id, name, "titleImage", image, language, year, hour, video, "categoryId", "updatedAt")
       VALUES ($1, $2, '', '', 'English', 2024, 1, $3, $4, now())`,
      [movie.id, movie.name, `/api/upload/${movie.video}`, categoryId],
    );
  }
}, 180_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const pid of processesUsing(root)) process.kill(pid, "SIGKILL");
  await client?.end();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await s3?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

test(
  "two workers share the queue, never run a job twice, and one killed mid-job hands it to the other",
  { timeout: 420_000 },
  async () => {
    const workers = [startWorker("host-a"), startWorker("host-b")];
    const watch = watchAttempts(workers);
    const monitorPasses = new Set<number>();
    let watchMonitor: NodeJS.Timeout | undefined;
    try {
      for (const worker of workers)
        expect(
          await within(120_000, () => /^\[jobs\] Started /m.test(worker.output())),
          `${worker.label} to start: ${worker.output()}`,
        ).toBe(true);
      await queueTranscodes();

      // The worker that finishes its short job first takes the long one: kill it, and its ffmpeg,
      // while that ffmpeg makes the ladder (nothing of a lost host runs on).
      let victim: Worker | undefined;
      const ladderOf = (worker: Worker) =>
        fs.existsSync(transcodeRoot(worker.dataDir))
          ? fs
              .readdirSync(transcodeRoot(worker.dataDir))
              .filter((entry) => entry.startsWith(`${longMovie.jobId}.0.`))
              .flatMap((entry) => processesUsing(path.join(transcodeRoot(worker.dataDir), entry), /ffmpeg$/))
          : [];
      expect(
        await within(180_000, () => (victim = workers.find((worker) => ladderOf(worker).length > 0)) !== undefined),
        `a worker to start the long job's ladder: ${JSON.stringify(await transcodeJobs())}`,
      ).toBe(true);
      const dead = victim!;
      const survivor = workers.find((worker) => worker !== dead)!;
      const exited = new Promise((resolve) => dead.process.once("exit", resolve));
      dead.process.kill("SIGKILL");
      await exited;
      for (const pid of toolsUsing(transcodeRoot(dead.dataDir))) process.kill(pid, "SIGKILL");
      const killedAt = new Date();
      expect(await within(5_000, () => toolsUsing(transcodeRoot(dead.dataDir)).length === 0)).toBe(true);
      expect((await media(longMovie.id)).mediaState).toBe("transcoding"); // nobody has noticed yet
      // Now the survivor's pg-boss monitor alone can notice the stopped heartbeat: each of its passes
      // stamps the queue's monitor claim.
      watchMonitor = setInterval(
        () =>
          void monitorClaimedAt().then(
            (at) => at !== null && monitorPasses.add(at),
            () => {},
          ),
        500,
      );

      // Every movie ends ready with a whole ladder, under the job it was queued with.
      for (const movie of movies) {
        expect(
          await within(240_000, async () => ["ready", "failed"].includes((await media(movie.id)).mediaState ?? "")),
          `${movie.name} to be transcoded: ${JSON.stringify(await media(movie.id))}`,
        ).toBe(true);
        const row = await media(movie.id);
        expect(row).toMatchObject({
          mediaState: "ready",
          mediaError: null,
          mediaJobId: movie.jobId,
          hlsFolder: `hls/${movie.id}/${movie.jobId}`,
        });
        expect(row.durationSeconds).toBeCloseTo(movie.seconds, 0);
        await expectWholeLadder(row.hlsFolder!, movie.seconds);
        for (const key of row.mediaFiles) expect(await bucket.stat(key as StorageKey), key).not.toBeNull();
      }

      // The monitor looked every 10 s (lib/jobs/queue.ts), so the job was retried within a
      // heartbeat and a look of the kill, not after pg-boss's default minute between looks.
      clearInterval(watchMonitor);
      const passes = [...monitorPasses].sort((a, b) => a - b);
      const gaps = passes.slice(1).map((at, index) => (at - passes[index]!) / 1000);
      expect(
        gaps.length,
        `monitor passes after the kill: ${passes.map((at) => new Date(at).toISOString()).join(", ")}`,
      ).toBeGreaterThanOrEqual(2);
      expect(Math.max(...gaps), `seconds between monitor passes: ${gaps.join(", ")}`).toBeLessThanOrEqual(25);

      // pg-boss: three jobs, each claimed once (retry_count 0), but the dead worker's, claimed again
      // by the survivor after the kill (retry_count 1). The movie says ready just before the job's
      // handler returns, and pg-boss completes the job after that.
      expect(await within(30_000, async () => (await transcodeJobs()).every((job) => job.state !== "active"))).toBe(
        true,
      );
      const jobs = new Map((await transcodeJobs()).map((job) => [job.id, job]));
      expect(jobs.size).toBe(3);
      for (const movie of movies)
        expect(jobs.get(movie.jobId), movie.name).toMatchObject({
          state: "completed",
          retry_count: movie === longMovie ? 1 : 0,
        });
      expect(jobs.get(longMovie.jobId)!.started_on.getTime()).toBeGreaterThan(killedAt.getTime());
      const { rows: deadLetters } = await client.query(`SELECT id FROM pgboss.job WHERE name = $1`, [
        TRANSCODE_DEAD_LETTER_QUEUE,
      ]);
      expect(deadLetters).toEqual([]);

      // Each worker ran one short job, the two at the same time; the dead one started the long job
      // (its first attempt) and the survivor ran its retry. No attempt ran anywhere else.
      const [deadShort, survivorShort] = [dead, survivor].map((worker) =>
        movies.find((movie) => movie !== longMovie && worker.attempts.has(`${movie.jobId}.0`))!,
      );
      expect(deadShort, `the dead worker's short job: ${[...dead.attempts].join(", ")}`).toBeDefined();
      expect(survivorShort, `the survivor's short job: ${[...survivor.attempts].join(", ")}`).toBeDefined();
      expect(deadShort).not.toBe(survivorShort);
      expect([...dead.attempts].sort()).toEqual([`${deadShort!.jobId}.0`, `${longMovie.jobId}.0`].sort());
      expect([...survivor.attempts].sort()).toEqual([`${survivorShort!.jobId}.0`, `${longMovie.jobId}.1`].sort());
      expect(dead.finished()).toEqual({ [deadShort!.id]: "ready" });
      expect(survivor.finished()).toEqual({ [survivorShort!.id]: "ready", [longMovie.id]: "ready" });
      const [one, two] = [deadShort!, survivorShort!].map((movie) => jobs.get(movie.jobId)!);
      expect(one!.started_on.getTime()).toBeLessThan(two!.completed_on!.getTime());
      expect(two!.started_on.getTime()).toBeLessThan(one!.completed_on!.getTime());

      // The lost host's temp folder stays on its disk (a worker started there again removes it);
      // the survivor's disk holds nothing.
      expect(
        fs.readdirSync(transcodeRoot(dead.dataDir)).map((entry) => entry.split(".").slice(0, 2).join(".")),
      ).toEqual([`${longMovie.jobId}.0`]);
      expect(fs.readdirSync(transcodeRoot(survivor.dataDir))).toEqual([]);
    } finally {
      clearInterval(watch);
      clearInterval(watchMonitor);
    }
  },
);
