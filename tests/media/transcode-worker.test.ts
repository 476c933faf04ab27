// ffmpeg never outlives the worker that started it, and nothing a worker leaves is lost (issue 24
// items 3 and 5). `npm run worker` processes (the real command) on a database, storage and data
// folder of their own, transcoding a small two-hour file with a picture every 4 minutes (ffmpeg would
// work on it for minutes):
// - SIGTERM mid-job: the worker exits at once, its ffmpeg and temp folder are gone, the movie says it
//   was interrupted and the job waits in pg-boss for its retry;
// - SIGKILL mid-job: what it left running in its temp folder (re-parented to PID 1) is killed by the
//   next worker to start, which removes the folder and puts the job back at once;
// - that retry, under a wall-clock limit of a few seconds, is stopped and fails with the reason.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { migrate } from "@/scripts/lib/database";
import { jobFolders, makeSparseClip, processesUsing, toolsUsing, transcodeRoot, within } from "../support/transcode";

const name = `marquee_worker_limits_${process.pid}`;
const adminUrl = new URL(process.env.DATABASE_URL!);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
// Everything the workers write is under this folder: storage, data folder, and the system temp
// folder they are given, so any ffmpeg they leave anywhere is found.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-worker-limits-"));
const storageDir = path.join(root, "storage");
const dataDir = path.join(root, "data");
const tmpDir = path.join(root, "tmp");
const movieId = randomUUID();
const workers: ChildProcess[] = [];
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

type Worker = { process: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `npm run worker`'s command on this test's database, storage and data folder, queuing untranscoded movies as it starts. */
function startWorker(env: Record<string, string> = {}): Worker {
  let output = "";
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      STORAGE_DRIVER: "local",
      STORAGE_LOCAL_DIR: storageDir,
      MARQUEE_DATA_DIR: dataDir,
      TMPDIR: tmpDir,
      TRANSCODE_BACKLOG_ON_START: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  workers.push(child);
  return {
    process: child,
    output: () => output,
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
  };
}

type Row = { mediaState: string | null; mediaError: string | null; mediaJobId: string | null };
const movie = async () =>
  (
    await client.query<Row>(`SELECT "mediaState", "mediaError", "mediaJobId"::text FROM "Movie" WHERE id = $1`, [
      movieId,
    ])
  ).rows[0]!;
const job = async (id: string) =>
  (
    await client.query<{ state: string; retry_count: number }>(
      `SELECT state, retry_count FROM pgboss.job WHERE id = $1`,
      [id],
    )
  ).rows[0];

/** Every process working on a file of this test (its storage, data or temp folder): ffmpeg, ffprobe or a stand-in. */
const leftTools = () => processesUsing(root);

async function waitForTranscoding(jobId: string) {
  expect(
    await within(
      180_000,
      async () => (await movie()).mediaState === "transcoding" && toolsUsing(transcodeRoot(dataDir)).length > 0,
    ),
    `the job to run: ${JSON.stringify(await movie())}`,
  ).toBe(true);
  expect(jobFolders(dataDir, jobId)).toHaveLength(1);
}

beforeAll(async () => {
  fs.mkdirSync(tmpDir, { recursive: true });
  await onServer(`CREATE DATABASE ${name}`);
  await migrate(url.toString());
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const video = `movie/${randomUUID()}.mkv`;
  fs.mkdirSync(path.join(storageDir, "movie"), { recursive: true });
  makeSparseClip(path.join(storageDir, video), 2 * 3600, 240);
  const categoryId = randomUUID();
  await client.query(`INSERT INTO "Category" (id, name, "updatedAt") VALUES ($1, 'Worker tests', now())`, [categoryId]);
  await client.query(
    `INSERT INTO "Movie" (id, name, "titleImage", image, language, year, hour, video, "categoryId", "updatedAt")
     VALUES ($1, 'Two Silent Hours', '', '', 'English', 2024, 2, $2, $3, now())`,
    [movieId, `/api/upload/${video}`, categoryId],
  );
}, 180_000);

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
  for (const pid of leftTools()) process.kill(pid, "SIGKILL");
  await client?.end();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(root, { recursive: true, force: true });
});

test(
  "SIGTERM, SIGKILL, a restart and a time limit: no ffmpeg is ever left behind, and the job is never lost",
  { timeout: 600_000 },
  async () => {
    // 1. SIGTERM while ffmpeg works: the worker stops within seconds and takes its ffmpeg with it.
    const first = startWorker();
    expect(await within(240_000, async () => (await movie()).mediaJobId !== null)).toBe(true);
    const jobId = (await movie()).mediaJobId!;
    await waitForTranscoding(jobId);
    const signalled = Date.now();
    first.process.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    expect(leftTools()).toEqual([]);
    expect(jobFolders(dataDir, jobId)).toEqual([]);
    expect(await movie()).toMatchObject({
      mediaState: "queued",
      mediaError: "The transcode was interrupted (the worker stopped); it starts again from the beginning.",
      mediaJobId: jobId,
    });
    expect(await job(jobId)).toMatchObject({ state: "retry" });

    // 2. The next worker runs the job again, and is killed outright. Whatever it was running is left
    //    in its folder: ffmpeg often dies of its own once its progress pipe is gone, but not while it
    //    makes the poster or the preview (nothing to write there), so a stand-in is left running in
    //    the folder, as such an ffmpeg would be, to be found by the next start.
    const second = startWorker();
    await waitForTranscoding(jobId);
    second.process.kill("SIGKILL");
    await second.exited;
    expect(await job(jobId)).toMatchObject({ state: "active", retry_count: 1 });
    const [deadFolder] = jobFolders(dataDir, jobId);
    expect(deadFolder).toBeDefined();
    const standIn = spawn("/bin/sh", ["-c", "sleep 600 & wait", path.join(deadFolder!, "source")], {
      detached: true,
      stdio: "ignore",
    });
    standIn.unref();
    expect(await within(5_000, () => processesUsing(deadFolder!).length > 0)).toBe(true);

    // 3. A worker that starts once the dead one's folder has gone quiet (its mark untouched for 30 s)
    //    kills what it left, removes the folder and puts the job back at once, without waiting for
    //    its heartbeat to run out. The mark is dated 31 s back rather than waited for: nobody touches
    //    it now that its worker is dead.
    const quietSince = new Date(Date.now() - 31_000);
    for (const quiet of [path.join(deadFolder!, ".alive"), deadFolder!])
      if (fs.existsSync(quiet)) fs.utimesSync(quiet, quietSince, quietSince);
    const third = startWorker({ TRANSCODE_TIME_LIMIT_MIN_SECONDS: "3", TRANSCODE_TIME_LIMIT_FACTOR: "0.0001" });
    expect(await within(60_000, () => third.output().includes("Requeued 1 transcode job(s)")), third.output()).toBe(
      true,
    );
    expect(processesUsing(deadFolder!)).toEqual([]);
    expect(fs.existsSync(deadFolder!)).toBe(false);

    // 4. Its retry runs under a wall-clock limit of 3 s + 2 h × 0.0001: ffmpeg is stopped, the
    //    movie fails with the reason, and nothing is left.
    expect(
      await within(180_000, async () => (await movie()).mediaState === "failed"),
      JSON.stringify(await movie()),
    ).toBe(true);
    expect((await movie()).mediaError).toMatch(
      /^The transcode took longer than its limit of 0:00:04 \(TRANSCODE_TIME_LIMIT_MIN_SECONDS \+ 2:00:00 × TRANSCODE_TIME_LIMIT_FACTOR\) and was stopped\.$/,
    );
    expect(await within(5_000, () => leftTools().length === 0)).toBe(true);
    expect(jobFolders(dataDir, jobId)).toEqual([]);
    // pg-boss records the job complete once the handler has returned, just after the movie is marked.
    await expect.poll(() => job(jobId), { timeout: 10_000 }).toMatchObject({ state: "completed", retry_count: 2 });
    third.process.kill("SIGTERM");
    expect(await third.exited).toBe(0);
  },
);
