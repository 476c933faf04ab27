// `npm run bench:import -- --only million [--rows 1000000 --floor true --seed 7]`: a catalogue file of
// --rows movies imported as `npm run import -- FILE` imports it (docs/import.md, "Files of any size"),
// on a throwaway embedded PostgreSQL with the committed migrations. The CSV (three cast members each,
// pictures and video already in storage, so nothing is downloaded; no ffmpeg, so nothing is
// transcoded) is written to disk a line at a time, then the command line runs in a process of its own,
// whose peak resident memory (VmHWM) is read from /proc while it runs. With --floor true, first the
// same movies and cast are written by plain SQL (scripts/lib/bench-catalogue.ts insertMovies, search
// triggers included) into the empty catalogue: the floor any import pays. It prints figures; it asserts nothing.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { register } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { demoCategories } from "@/prisma/seed/catalogue";
import { generator, insertMovies, makeGenerated, type MovieRow } from "./bench-catalogue";
import { benchImportFile } from "./bench-import-file";
import { migrate, openDatabase, projectRoot } from "./database";

type Options = { rows: number; floor: boolean; seed: number; log: (line: string) => void };

/** Movies are generated (and written, or inserted) this many at a time: the same rows both ways. */
const CHUNK = 50_000;

const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} on ${os.cpus().length} CPUs`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const perSecond = (rows: number, ms: number) => Math.round(rows / (ms / 1000)).toLocaleString("en");

/** The generated movies, CHUNK at a time, the same for the same seed. */
function* chunksOf(rows: number, seed: number): Generator<MovieRow[]> {
  const random = generator(seed);
  for (let start = 0; start < rows; start += CHUNK)
    yield makeGenerated(random, Math.min(CHUNK, rows - start)).map((movie) => ({
      ...movie,
      casts: movie.casts.slice(0, 3),
    }));
}

/** A process's peak resident memory in MB so far (VmHWM), or null once it has gone. */
function peakRss(pid: number): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export async function benchImportMillion({ rows, floor, seed, log }: Options): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-bench-million-"));
  fs.chmodSync(work, 0o755); // the embedded server runs as the postgres user when we are root
  const database = await openDatabase({
    dataDir: path.join(work, "postgres"),
    name: "marquee_bench_million",
    log: () => {},
  });
  try {
    log("Throwaway PostgreSQL ready; applying migrations");
    await migrate(database.url, "ignore");
    const env = {
      DATABASE_URL: database.url,
      STORAGE_DRIVER: "local",
      STORAGE_LOCAL_DIR: path.join(work, "uploads"),
      MARQUEE_DATA_DIR: path.join(work, "data"),
      FFMPEG_PATH: path.join(work, "no-ffmpeg"),
    };
    Object.assign(process.env, env);
    register("./next-cache-outside-next.mjs", import.meta.url);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `INSERT INTO "Category" ("id", "name", "updatedAt") SELECT gen_random_uuid(), name, now() FROM unnest($1::text[]) AS name`,
      [demoCategories],
    );

    const csv = await benchImportFile();

    // The file, a chunk of lines at a time.
    const file = path.join(work, "million.csv");
    const out = fs.openSync(file, "w");
    fs.writeSync(out, csv.header);
    let index = 0;
    for (const chunk of chunksOf(rows, seed)) {
      const lines = chunk.map((movie) => csv.line(movie, index++));
      fs.writeSync(out, lines.join(""));
    }
    fs.closeSync(out);
    const megabytes = fs.statSync(file).size / 1024 / 1024;
    log(`\n${rows.toLocaleString("en")} rows, ${megabytes.toFixed(0)} MB of CSV (${load()})`);

    let floorMs: number | null = null;
    if (floor) {
      const started = performance.now();
      for (const chunk of chunksOf(rows, seed)) await insertMovies(client, chunk);
      floorMs = performance.now() - started;
      log(`floor: SQL bulk insert of the same movies and cast ${seconds(floorMs)} (${load()})`);
      await client.query(`TRUNCATE "Movie", "SearchWord", "SearchWordVariant" CASCADE`);
      await client.query(`VACUUM ANALYZE`);
    }

    // The command line, in a process of its own: its output kept to a line each tenth of the file.
    const started = performance.now();
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/import.ts", file], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let peak = 0;
    const poll = setInterval(() => (peak = Math.max(peak, peakRss(child.pid!) ?? 0)), 500);
    let readMs = 0;
    let pending = "";
    const tenth = Math.max(1000, Math.round(rows / 10 / 1000) * 1000);
    child.stdout.on("data", (data: Buffer) => {
      const lines = (pending + data.toString()).split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith("Importing")) readMs = performance.now() - started;
        const count = Number(/(\d[\d,]*)(?:\/\d+| movies)$/.exec(line)?.[1]?.replaceAll(",", "") ?? 0);
        if (!count || count % tenth === 0 || count === rows)
          log(`  ${seconds(performance.now() - started)}: ${line.slice(0, 120)}`);
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearInterval(poll);
    const importMs = performance.now() - started;
    if (code !== 0) throw new Error(`npm run import exited ${code}`);
    const { rows: counts } = await client.query<{ outcome: string; n: string }>(
      `SELECT "outcome"::text, count(*) AS n FROM "ImportRow" GROUP BY 1`,
    );
    log(`\nOutcomes: ${counts.map((count) => `${count.outcome} ${count.n}`).join(", ")} (${load()})\n`);
    log("| Import of a file | Rows | Elapsed | Rows/s | Peak RSS | × floor |");
    log("| --- | ---: | ---: | ---: | ---: | ---: |");
    if (floorMs !== null)
      log(
        `| floor: SQL bulk insert (the bench process) | ${rows.toLocaleString("en")} | ${seconds(floorMs)} | ${perSecond(rows, floorMs)} | | 1.0 |`,
      );
    log(
      `| reading and recording the file | ${rows.toLocaleString("en")} | ${seconds(readMs)} | ${perSecond(rows, readMs)} | | |`,
    );
    log(
      `| \`npm run import\`, all told | ${rows.toLocaleString("en")} | ${seconds(importMs)} | ${perSecond(rows, importMs)} | ${peak.toFixed(0)} MB | ${floorMs === null ? "" : (importMs / floorMs).toFixed(1)} |`,
    );
    await client.end();
  } finally {
    await database.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
