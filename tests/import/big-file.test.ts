// A file of more movies than the upload takes (issue 40): `npm run import` streams a CSV of 12,000
// movies, past the page's 10,000, recording it a chunk at a time, and runs it to the end with every
// row's outcome recorded; a file broken in its middle is still refused whole, nothing recorded.
// In a database of its own, so its 12,000 movies stay out of the other tests' catalogue.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { migrate, projectRoot } from "@/scripts/lib/database";

const ROWS = 12_000;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-big-import-"));
const url = new URL(process.env.DATABASE_URL!);
const name = `marquee_big_import_${process.pid}`;
let client: pg.Client;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  await migrate(url.toString(), "ignore");
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client?.end();
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
});

/** `npm run import -- FILE [FLAGS]` against this test's database; resolves with its exit code and output. */
function importCommand(
  file: string,
  ...flags: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const args = ["--conditions=react-server", "--import", "tsx", "scripts/import.ts", file, ...flags];
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      STORAGE_LOCAL_DIR: path.join(work, "uploads"),
      MARQUEE_DATA_DIR: path.join(work, "data"),
    },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (data: Buffer) => (stdout += data.toString()));
  child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** A CSV of `count` drafts (id, name and year are all a draft needs), with `line` changing any line. */
function writeCsv(file: string, count: number, line = (number: number, text: string) => text, id = "big"): string {
  const lines = ["id,name,year,draft"];
  for (let number = 1; number <= count; number++)
    lines.push(line(number, `${id}-${number},"Big Movie ${number}, the sequel",${1900 + (number % 120)},true`));
  const target = path.join(work, file);
  fs.writeFileSync(target, `${lines.join("\n")}\n`);
  return target;
}

const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);

test(`a CSV of ${ROWS.toLocaleString("en")} movies is imported whole, every row's outcome recorded`, async () => {
  const run = await importCommand(writeCsv("big.csv", ROWS));
  expect(run.status, run.stderr).toBe(0);
  const file = path.join(work, "big.csv");
  // Progress while the file is read (the output is not a terminal: a line each 1,000 movies), then the run's.
  expect(run.stdout).toContain(`Reading ${file}: 12,000 movies\n`);
  expect(run.stdout).toContain(`Importing ${file} (12000 movies)\n`);
  expect(run.stdout).toContain("] 12000/12000\n");
  expect(run.stdout).toContain("Created 12000, updated 0, skipped 0, failed 0\n");

  const job = (
    await client.query<{ state: string; total: number; processed: number }>(
      `SELECT "state"::text, "total", "processed" FROM "ImportJob"`,
    )
  ).rows;
  expect(job).toEqual([{ state: "done", total: ROWS, processed: ROWS }]);
  expect(
    await count(`SELECT count(*) AS n FROM "ImportRow" WHERE "outcome" = 'created' AND "movieId" IS NOT NULL`),
  ).toBe(ROWS);
  expect(await count(`SELECT count(*) AS n FROM "Movie" WHERE "draft" AND "externalId" LIKE 'big-%'`)).toBe(ROWS);
  const last = await client.query<{ name: string; year: number }>(
    `SELECT "name", "year" FROM "Movie" WHERE "externalId" = 'big-${ROWS}'`,
  );
  expect(last.rows).toEqual([{ name: `Big Movie ${ROWS}, the sequel`, year: 1900 + (ROWS % 120) }]);
}, 300_000);

test.each([
  [
    "a quote left open",
    (number: number, text: string) => (number === 9_000 ? `big-${number},"Open quote,2000,true` : text),
    "The file is not valid CSV: ",
  ],
  [
    "a line that is not UTF-8",
    (number: number, text: string) => (number === 9_000 ? `big-${number},Am\u00e9lie\u00ff,2000,true` : text),
    "The file must be UTF-8 text.",
  ],
])(
  "a big CSV with %s in its middle is refused, nothing recorded",
  async (_, line, message) => {
    const before = await count(`SELECT count(*) AS n FROM "ImportJob"`);
    let file = writeCsv("broken.csv", ROWS, line);
    if (message.includes("UTF-8")) {
      // Written as Latin-1: é and ÿ become single bytes that are not UTF-8.
      fs.writeFileSync(file, Buffer.from(fs.readFileSync(file, "utf8"), "latin1"));
      file = path.join(work, "broken.csv");
    }
    const run = await importCommand(file);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(message);
    expect(await count(`SELECT count(*) AS n FROM "ImportJob"`)).toBe(before);
    expect(await count(`SELECT count(*) AS n FROM "ImportRow"`)).toBe(ROWS);
  },
  300_000,
);

test("the report lists every row's outcome in order with --all, and only the failed ones without", async () => {
  // More rows than the report reads at a time (1,000), one in 700 with a year no movie can have.
  const rows = 2_500;
  const broken = (number: number, text: string) =>
    number % 700 === 0 ? text.replace(/,\d{4},true$/, ",1800,true") : text;
  const file = writeCsv("report.csv", rows, broken, "report");
  const reported = (stdout: string) => stdout.split("\n").filter((line) => line.startsWith("  row "));
  const yearError = /^year: Year must be between 1888 and \d{4}$/;

  const failedOnly = await importCommand(file, "--dry-run");
  expect(failedOnly.status).toBe(1);
  expect(failedOnly.stdout).toContain("Would create 2497, would update 0, skipped 0, failed 3\n");
  const failed = reported(failedOnly.stdout).map((line) => line.split(" - "));
  expect(failed.map(([row]) => row)).toEqual([700, 1400, 2100].map((n) => `  row ${n} report-${n} failed`));
  for (const [, error] of failed) expect(error).toMatch(yearError);

  const all = await importCommand(file, "--dry-run", "--all");
  expect(all.status).toBe(1);
  const every = reported(all.stdout);
  expect(every.map((line) => line.split(" ").slice(0, 6).join(" "))).toEqual(
    Array.from({ length: rows }, (_, index) => {
      const n = index + 1;
      return `  row ${n} report-${n} ${n % 700 === 0 ? "failed" : "created"}`;
    }),
  );
  expect(every.filter((line) => line.includes(" failed - "))).toEqual(reported(failedOnly.stdout));
}, 300_000);
