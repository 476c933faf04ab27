// `npm test`: every test, against real services on this machine. It starts a throwaway embedded
// PostgreSQL (or uses TEST_DATABASE_URL, which must point at localhost), applies the migrations,
// seeds the demo catalogue, builds and starts the app, then runs Vitest and Playwright (Chromium).
//
//   npm test                 everything
//   npm test -- unit [args]  only Vitest (args go to vitest)
//   npm test -- e2e [args]   only Playwright (args go to playwright)
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "@/lib/embedded-postgres";
import { buildIfStale } from "./lib/build";
import { bin, migrate, openDatabase, projectRoot, runCommand, seed } from "./lib/database";

const [only, ...passThrough] = process.argv.slice(2);
const runUnit = only !== "e2e";
const runE2e = only !== "unit";
const log = (line: string) => console.log(`[test] ${line}`);
// Its own build folder, so `npm start`'s build is never replaced (MARQUEE_TEST_DIST lets two
// checkouts sharing a disk test side by side).
const distDir = process.env.MARQUEE_TEST_DIST || ".next-test";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-test-"));
fs.chmodSync(work, 0o755); // the embedded server runs as the postgres user when we are root

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(host)) {
    throw new Error(`Tests wipe and reseed their database: refusing to run against ${host}. Point TEST_DATABASE_URL at a local PostgreSQL.`);
  }
}

type Counts = { passed: number; failed: number; skipped: number };

async function main(): Promise<number> {
  if (process.env.TEST_DATABASE_URL) assertLocal(process.env.TEST_DATABASE_URL);
  const testEnv: Record<string, string> = {
    MARQUEE_DATA_DIR: path.join(work, "data"),
    STORAGE_DRIVER: "local",
    STORAGE_LOCAL_DIR: path.join(work, "uploads"),
    AUTH_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    CORS_ORIGINS: "http://spa.example.test",
    // Tests send X-Forwarded-For to exercise the per-IP login limit.
    NEXT_TELEMETRY_DISABLED: "1",
  };
  Object.assign(process.env, testEnv);

  const database = await openDatabase({ url: process.env.TEST_DATABASE_URL, dataDir: path.join(work, "postgres"), name: "marquee_test", log });
  let app: ChildProcess | null = null;
  try {
    await resetDatabase(database.url);
    log("Applying migrations");
    await migrate(database.url);
    log("Seeding the demo catalogue");
    await seed(database.url, { onlyIfEmpty: false, log: () => {} });

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = { ...testEnv, DATABASE_URL: database.url, NEXTAUTH_URL: baseUrl, TEST_BASE_URL: baseUrl, NEXT_DIST_DIR: distDir, MARQUEE_TEST_PAGES: "1" };
    await buildIfStale(distDir, { MARQUEE_TEST_PAGES: "1" });
    // The production path, as `npm start` runs it: the custom server. Its stderr goes to the
    // terminal and to a file tests read (e.g. that an abandoned download logs nothing).
    const serverLog = path.join(work, "server-stderr.log");
    env.TEST_SERVER_STDERR = serverLog;
    const serverStderr = fs.createWriteStream(serverLog);
    app = spawn(process.execPath, ["--import", "tsx", "server.ts", "--port", String(port), "--hostname", "127.0.0.1"], {
      cwd: projectRoot,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, ...env, NODE_ENV: "production" },
    });
    app.stderr!.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      serverStderr.write(chunk);
    });
    await waitForHealth(baseUrl);
    log(`App ready on ${baseUrl}`);

    const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
    let ok = true;
    if (runUnit) ok = (await runVitest(env, totals)) && ok;
    if (runE2e) ok = (await runPlaywright(env, totals)) && ok;
    console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
    return ok && totals.failed === 0 && totals.passed > 0 ? 0 : 1;
  } finally {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app!.once("exit", resolve));
      app.kill("SIGTERM");
      await exited;
    }
    await database.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Tests start from an empty database: drop everything a previous run left. */
async function resetDatabase(url: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;");
  } finally {
    await client.end();
  }
}

async function waitForHealth(baseUrl: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The app did not become healthy within 60 s");
}

async function runVitest(env: Record<string, string>, totals: Counts): Promise<boolean> {
  const report = path.join(work, "vitest.json");
  const ok = await runCommand(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...passThrough], env).then(
    () => true,
    () => false,
  );
  const result = readJson(report) as { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number; numTodoTests?: number } | null;
  if (!result) return false;
  totals.passed += result.numPassedTests ?? 0;
  totals.failed += result.numFailedTests ?? 0;
  totals.skipped += (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  return ok;
}

async function runPlaywright(env: Record<string, string>, totals: Counts): Promise<boolean> {
  const report = path.join(work, "playwright.json");
  const ok = await runCommand(bin("playwright"), ["test", ...passThrough], { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report }).then(
    () => true,
    () => false,
  );
  const result = readJson(report) as { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } } | null;
  if (!result?.stats) return false;
  totals.passed += (result.stats.expected ?? 0) + (result.stats.flaky ?? 0);
  totals.failed += result.stats.unexpected ?? 0;
  totals.skipped += result.stats.skipped ?? 0;
  return ok;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error);
}
process.exit(exitCode);
