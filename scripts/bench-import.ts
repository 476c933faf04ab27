// `npm run bench:import [-- --rows 10000 --movies 100000 --rounds 3 --runs 40 --seed 7]`: how fast a
// catalogue import runs and how fast the admin movie list answers at scale, on a throwaway embedded
// PostgreSQL with the committed migrations, through the functions the app itself calls.
//   1. Import: a generated CSV of --rows movies (three cast members each, pictures and videos already
//      in storage, so nothing is downloaded), recorded and run as the background job runs it: the dry
//      run, the real run into an empty catalogue, and the same file again (every row an update). The
//      baseline, in the same rounds and alternating with them, is a plain SQL bulk insert of the same
//      movies and cast (the search triggers included): the floor any import pays to write them.
//   2. The admin list at --movies movies (generated as bench-search does; some drafts, transcode
//      states spread as on a live site): search, filters, sorts and deep pages, each measured beside
//      the public listing's answer to the same search (the same search engine, without the admin's
//      drafts and filters), alternating call by call.
// It prints figures (median and spread); it asserts nothing. docs/performance.md records a run.
// `--only upload` measures something else instead: /api/health while a 60 MB file is uploaded to the
// running app (scripts/lib/bench-import-upload.ts). `--only million [--rows 1000000 --floor true]`: a file
// of a million movies through `npm run import`, its time and peak memory (scripts/lib/bench-import-million.ts).
import fs from "node:fs";
import { register } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { demoCategories } from "@/prisma/seed/catalogue";
import { generator, insertMovies, makeGenerated, type MovieRow } from "./lib/bench-catalogue";
import { benchImportFile } from "./lib/bench-import-file";
import { migrate, openDatabase } from "./lib/database";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const ROWS = Number(args.get("rows") ?? 10_000);
const LARGE = Number(args.get("movies") ?? 100_000);
const ROUNDS = Number(args.get("rounds") ?? 3);
const RUNS = Number(args.get("runs") ?? 40);
const random = generator(Number(args.get("seed") ?? 7));
const log = (line: string) => console.log(line);

if (args.get("only") === "upload") {
  const { benchImportUpload } = await import("./lib/bench-import-upload");
  await benchImportUpload({
    megabytes: Number(args.get("mb") ?? 60),
    rounds: Number(args.get("rounds") ?? 5),
    url: args.get("url"),
    against: args.get("against"),
    log,
  });
  process.exit(0);
}

if (args.get("only") === "million") {
  const { benchImportMillion } = await import("./lib/bench-import-million");
  await benchImportMillion({
    rows: Number(args.get("rows") ?? 1_000_000),
    floor: args.get("floor") !== "false",
    seed: Number(args.get("seed") ?? 7),
    log,
  });
  process.exit(0);
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const median = (values: number[]) => quantile(values, 0.5);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} on ${os.cpus().length} CPUs`;

const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-bench-import-"));
fs.chmodSync(work, 0o755); // the embedded server runs as the postgres user when we are root
const database = await openDatabase({
  dataDir: path.join(work, "postgres"),
  name: "marquee_bench_import",
  log: () => {},
});
try {
  log("Throwaway PostgreSQL ready; applying migrations");
  await migrate(database.url);
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    STORAGE_DRIVER: "local",
    STORAGE_LOCAL_DIR: path.join(work, "uploads"),
    MARQUEE_DATA_DIR: path.join(work, "data"),
    // No ffmpeg: the import's own cost, without queueing 10,000 transcodes.
    FFMPEG_PATH: path.join(work, "no-ffmpeg"),
  });
  // Before lib/ is imported: its cacheLife()/cacheTag() only work inside Next.
  register("./lib/next-cache-outside-next.mjs", import.meta.url);
  const { startFileImport } = await import("@/lib/import-export/start");
  const { runImport } = await import("@/lib/import-export/run");
  const { getImportSummary } = await import("@/lib/data/imports");
  const { listMoviesForAdmin } = await import("@/lib/data/admin-movies");
  const { listMovies } = await import("@/lib/data/movies");
  const { db } = await import("@/lib/database/db");
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();

  const file = await benchImportFile();

  // 1. Import.
  const movies: MovieRow[] = makeGenerated(random, ROWS).map((movie) => ({ ...movie, casts: movie.casts.slice(0, 3) }));
  const csv = file.header + movies.map(file.line).join("");
  const csvPath = path.join(work, "bench.csv");
  fs.writeFileSync(csvPath, csv);
  log(
    `\n${ROWS.toLocaleString("en")} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB of CSV; ${ROUNDS} rounds (${load()})`,
  );

  const empty = async () => {
    await client.query(
      `TRUNCATE "Movie", "Category", "ImportJob", "ImportedFile", "SearchWord", "SearchWordVariant" CASCADE`,
    );
    await client.query(
      `INSERT INTO "Category" ("id", "name", "updatedAt") SELECT gen_random_uuid(), name, now() FROM unnest($1::text[]) AS name`,
      [demoCategories],
    );
  };
  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const importOnce = async (dryRun: boolean) => {
    let id = "";
    const ms = await timed(async () => {
      const summary = await startFileImport(
        { path: csvPath, name: "bench.csv", format: "csv" },
        {
          dryRun,
          userId: null,
          siteOrigins: [],
          queue: false,
        },
      );
      id = summary._id;
      await runImport(id);
    });
    const { counts } = await getImportSummary(id);
    if (counts.failed) throw new Error(`${counts.failed} rows failed: the benchmark's file should be valid`);
    return ms;
  };
  const phases = {
    "baseline: SQL bulk insert": [] as number[],
    "dry run": [] as number[],
    "import (create)": [] as number[],
    "import again (update)": [] as number[],
  };
  for (let round = 0; round < ROUNDS; round++) {
    const baseline = async () => {
      await empty();
      phases["baseline: SQL bulk insert"].push(await timed(() => insertMovies(client, movies)));
    };
    const runs = async () => {
      await empty();
      phases["dry run"].push(await importOnce(true));
      phases["import (create)"].push(await importOnce(false));
      phases["import again (update)"].push(await importOnce(false));
    };
    // Alternate which side goes first, so a warm cache or a busy neighbour favours neither.
    if (round % 2 === 0) {
      await baseline();
      await runs();
    } else {
      await runs();
      await baseline();
    }
    log(
      `round ${round + 1}: ${Object.entries(phases)
        .map(([phase, values]) => `${phase} ${seconds(values.at(-1)!)}`)
        .join(", ")} (${load()})`,
    );
  }
  log(`\nImport of ${ROWS.toLocaleString("en")} rows, ${ROUNDS} rounds:\n`);
  log(row(["Phase", "Median", "Fastest - slowest", "Rows/s (median)", "× baseline"]));
  log(row(["---", "---:", "---:", "---:", "---:"]));
  const base = median(phases["baseline: SQL bulk insert"]);
  for (const [phase, values] of Object.entries(phases))
    log(
      row([
        phase,
        seconds(median(values)),
        `${seconds(Math.min(...values))} - ${seconds(Math.max(...values))}`,
        Math.round(ROWS / (median(values) / 1000)).toLocaleString("en"),
        (median(values) / base).toFixed(1),
      ]),
    );

  // 2. The admin list at LARGE movies.
  await empty();
  const large = makeGenerated(random, LARGE);
  const loadStarted = performance.now();
  await insertMovies(client, large);
  // As on a live site: most videos transcoded, a few failed or waiting, one movie in a hundred a draft.
  await client.query(`
    UPDATE "Movie" SET "mediaState" = (CASE WHEN r < 0.70 THEN 'ready' WHEN r < 0.73 THEN 'failed' WHEN r < 0.74 THEN 'queued' END)::"MediaState",
      "draft" = r > 0.99
    FROM (SELECT "id" AS movie, random() AS r FROM "Movie") picked WHERE "id" = picked.movie`);
  await client.query(`VACUUM ANALYZE`);
  log(`\nLoaded ${LARGE.toLocaleString("en")} movies in ${seconds(performance.now() - loadStarted)} (${load()})`);

  const category = (await client.query<{ id: string }>(`SELECT "id" FROM "Category" LIMIT 1`)).rows[0]!.id;
  // A typo in each query (two letters swapped in the longest word), as people type.
  const searches = Array.from({ length: RUNS }, () => {
    const words = random.pick(large).name.toLowerCase().split(" ");
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    const at = 1 + random.int(Math.max(1, longest.length - 2));
    const typo =
      longest.length > 4 ? longest.slice(0, at) + longest[at + 1] + longest[at] + longest.slice(at + 2) : longest;
    return words.map((word) => (word === longest ? typo : word)).join(" ");
  });
  type Case = {
    label: string;
    admin: (search: string) => Promise<unknown>;
    baselineLabel: string;
    baseline: (search: string) => Promise<unknown>;
  };
  const cases: Case[] = [
    {
      label: "search",
      admin: (search) => listMoviesForAdmin({ search }),
      baselineLabel: "search",
      baseline: (search) => listMovies({ search }),
    },
    {
      label: "search, one category",
      admin: (search) => listMoviesForAdmin({ search, category }),
      baselineLabel: "search, one category",
      baseline: (search) => listMovies({ search, category }),
    },
    {
      label: "search, sorted by year",
      admin: (search) => listMoviesForAdmin({ search, sort: "year" }),
      baselineLabel: "search, sorted by year",
      baseline: (search) => listMovies({ search, sort: "year" }),
    },
    {
      label: "newest, page 1",
      admin: () => listMoviesForAdmin({}),
      baselineLabel: "newest, page 1",
      baseline: () => listMovies({}),
    },
    {
      label: "newest, page 1,000 (50 a page)",
      admin: () => listMoviesForAdmin({ page: 1000 }),
      baselineLabel: "newest, page 2,500 (20 a page)",
      baseline: () => listMovies({ page: 2500 }),
    },
    {
      label: "A-Z",
      admin: () => listMoviesForAdmin({ sort: "name" }),
      baselineLabel: "A-Z",
      baseline: () => listMovies({ sort: "name" }),
    },
    {
      label: "by category name",
      admin: () => listMoviesForAdmin({ sort: "category" }),
      baselineLabel: "one category",
      baseline: () => listMovies({ category }),
    },
    {
      label: "drafts",
      admin: () => listMoviesForAdmin({ status: "draft" }),
      baselineLabel: "newest, page 1",
      baseline: () => listMovies({}),
    },
    {
      label: "failed transcodes",
      admin: () => listMoviesForAdmin({ media: "failed" }),
      baselineLabel: "newest, page 1",
      baseline: () => listMovies({}),
    },
    {
      label: "one category, not transcoded, by hours",
      admin: () => listMoviesForAdmin({ category, media: "original", sort: "hour" }),
      baselineLabel: "one category, by year",
      baseline: () => listMovies({ category, sort: "year" }),
    },
  ];
  log(
    `\nAdmin list at ${LARGE.toLocaleString("en")} movies (${RUNS} calls each, alternating with the public listing's; ${load()}):\n`,
  );
  log(row(["Admin list", "p50", "p95", "Public listing (baseline)", "p50", "p95"]));
  log(row(["---", "---:", "---:", "---", "---:", "---:"]));
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  for (const { label, admin, baselineLabel, baseline } of cases) {
    for (const search of searches.slice(0, 5)) {
      await admin(search); // warm the plans
      await baseline(search);
    }
    const adminTimes: number[] = [];
    const baselineTimes: number[] = [];
    for (const search of searches) {
      adminTimes.push(await timed(() => admin(search)));
      baselineTimes.push(await timed(() => baseline(search)));
    }
    log(
      row([
        label,
        ms(median(adminTimes)),
        ms(quantile(adminTimes, 0.95)),
        baselineLabel,
        ms(median(baselineTimes)),
        ms(quantile(baselineTimes, 0.95)),
      ]),
    );
  }
  await client.end();
  await db.$disconnect();
} finally {
  await database.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
