// A worker killed mid-transcode: the job is not lost. Two `npm run worker` processes (the real
// command) on a database of their own: the first starts the movie's transcode and is killed with
// SIGKILL part-way; the second notices the dead worker's stale heartbeat, pg-boss retries the job,
// and the second finishes it: a complete ladder, the movie ready with its real duration.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { migrate } from "@/scripts/lib/database";

const name = `marquee_worker_${process.pid}`;
const adminUrl = new URL(process.env.DATABASE_URL!);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-worker-storage-"));
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

/** A 40-second 854×480 clip with sound: long enough that the kill lands mid-transcode. */
function storeClip(key: string) {
  const file = path.join(storageDir, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...[
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=854x480:rate=24:duration=40",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=40",
    ],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", file],
  ]);
}

/** `npm run worker`'s command, on the test database and storage, queuing untranscoded movies as it starts. */
function startWorker(): ChildProcess {
  const worker = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      STORAGE_DRIVER: "local",
      STORAGE_LOCAL_DIR: storageDir,
      TRANSCODE_BACKLOG_ON_START: "true",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  worker.stdout.resume();
  workers.push(worker);
  return worker;
}

type MediaRow = {
  mediaState: string | null;
  mediaProgress: number;
  mediaError: string | null;
  mediaJobId: string | null;
  durationSeconds: number | null;
  hlsFolder: string | null;
  mediaFiles: string[];
};

async function media(): Promise<MediaRow> {
  const { rows } = await client.query<MediaRow>(
    `SELECT "mediaState", "mediaProgress", "mediaError", "mediaJobId"::text, "durationSeconds", "hlsFolder", "mediaFiles" FROM "Movie" WHERE id = $1`,
    [movieId],
  );
  return rows[0]!;
}

async function waitFor(what: string, seconds: number, done: (row: MediaRow) => boolean): Promise<MediaRow> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const row = await media();
    if (done(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(await media())}`);
}

beforeAll(async () => {
  await onServer(`CREATE DATABASE ${name}`);
  await migrate(url.toString());
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const video = `movie/${randomUUID()}.mp4`;
  storeClip(video);
  const categoryId = randomUUID();
  await client.query(`INSERT INTO "Category" (id, name, "updatedAt") VALUES ($1, 'Crash tests', now())`, [categoryId]);
  await client.query(
    `INSERT INTO "Movie" (id, name, "titleImage", image, language, year, hour, video, "categoryId", "updatedAt")
     VALUES ($1, 'Killed Mid-Job', '', '', 'English', 2024, 1, $2, $3, now())`,
    [movieId, `/api/upload/${video}`, categoryId],
  );
}, 180_000);

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
  await client?.end();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(storageDir, { recursive: true, force: true });
});

test(
  "a worker killed mid-transcode: another worker picks the job up and finishes it",
  { timeout: 420_000 },
  async () => {
    const first = startWorker();
    const started = await waitFor(
      "the first worker to start transcoding",
      120,
      (row) => row.mediaState === "transcoding",
    );
    const exited = new Promise((resolve) => first.once("exit", resolve));
    first.kill("SIGKILL");
    await exited;
    expect((await media()).mediaState).toBe("transcoding"); // nobody has noticed yet

    startWorker();
    const ready = await waitFor(
      "the second worker to finish the job",
      360,
      (row) => row.mediaState === "ready" || row.mediaState === "failed",
    );
    expect(ready).toMatchObject({
      mediaState: "ready",
      mediaError: null,
      mediaJobId: started.mediaJobId,
      hlsFolder: `hls/${movieId}/${started.mediaJobId}`,
    });
    expect(ready.durationSeconds).toBeCloseTo(40, 0);

    // The ladder is whole: every playlist's segments exist and add up to the clip.
    const folder = path.join(storageDir, ready.hlsFolder!);
    const master = fs.readFileSync(path.join(folder, "master.m3u8"), "utf8");
    const playlists = master.split("\n").filter((line) => line && !line.startsWith("#"));
    expect(playlists).toEqual(["360p.m3u8", "480p.m3u8"]);
    for (const playlist of playlists) {
      const text = fs.readFileSync(path.join(folder, playlist), "utf8");
      const seconds = [...text.matchAll(/#EXTINF:([\d.]+),/g)].reduce((sum, match) => sum + Number(match[1]), 0);
      expect(Math.abs(seconds - 40)).toBeLessThanOrEqual(0.5);
      for (const segment of text.split("\n").filter((line) => line && !line.startsWith("#")))
        expect(fs.existsSync(path.join(folder, segment))).toBe(true);
    }
    expect(ready.mediaFiles.every((key) => fs.existsSync(path.join(storageDir, key)))).toBe(true);

    // pg-boss recorded the dead worker's attempt and the retry that completed the job. The movie says
    // ready just before the job's handler returns, and pg-boss completes the job after that.
    const jobState = async () =>
      (
        await client.query<{ state: string; retry_count: number }>(
          `SELECT state, retry_count FROM pgboss.job WHERE id = $1`,
          [started.mediaJobId],
        )
      ).rows;
    const deadline = Date.now() + 30_000;
    let rows = await jobState();
    while (rows[0]?.state === "active" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      rows = await jobState();
    }
    expect(rows).toEqual([{ state: "completed", retry_count: 1 }]);
  },
);
