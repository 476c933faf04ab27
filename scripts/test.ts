// `npm test`: every test, against real services on this machine, in tiers.
//
//   npm test                        everything: unit beside the set-up, then integration beside stack, then e2e
//   npm test -- unit [args]         Vitest's unit project only: no database, no app, seconds
//   npm test -- integration [args]  Vitest's integration project (real PostgreSQL + the built app); with
//                                   file arguments the stack project's files can be named too
//   npm test -- e2e [args]          Playwright in Chromium (real PostgreSQL + the built app)
//   npm test -- stack [args]        the whole-stack tests: fresh starts, two instances, crash recovery,
//                                   transcodes (Vitest's stack project; they start processes of their own)
//   npm test -- smoke               start the built app on a fresh database and probe it (CI runs it on
//                                   every supported Node line; not part of a plain `npm test`)
//   npm test -- <files>             the named test files, in the tier their folder puts them in
//   npm test -- serve [--dev]       start the database and one app, and keep them running: until Ctrl-C,
//                                   `npm test -- <files>` runs against them in seconds (--dev: Next's
//                                   development server, which picks up changes to the app's code)
//
// One production build serves every tier. The demo catalogue is migrated and seeded once, into a
// template database and uploads folder; every app instance gets a copy of its own (CREATE DATABASE
// ... TEMPLATE, a file copy), so tiers and integration workers never see each other's rows, files or
// rate limits. Integration files run in parallel, one app instance
// per Vitest worker (tests/support/setup.ts picks its worker's). A throwaway embedded PostgreSQL is
// started, or TEST_DATABASE_URL (which must point at localhost) is used.
import "../lib/require-node";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { freePort } from "./lib/embedded-postgres";
import { buildIfStale } from "./lib/build";
import { bin, openDatabase, projectRoot, runCommand } from "./lib/database";

type Tier = "unit" | "integration" | "e2e" | "stack" | "smoke";
const TIERS: Tier[] = ["unit", "integration", "e2e", "stack", "smoke"];
/** The service tiers in the order they run; the tiers of one phase run at the same time. */
const TIER_PHASES: Tier[][] = [["integration", "stack"], ["e2e"], ["smoke"]];
const args = process.argv.slice(2);
const serving = args[0] === "serve";
const named = TIERS.includes(args[0] as Tier) ? (args[0] as Tier) : null;
const only: Tier | null = serving ? "integration" : (named ?? tierOfFiles(args));
const developing = serving && args.includes("--dev");
const passThrough = named ? args.slice(1) : serving ? [] : args;
const runs = (tier: Tier) => (only === null ? tier !== "smoke" : only === tier);
const log = (line: string) => console.log(`[test] ${line}`);
/** Integration files run on this many Vitest workers, each with an app and a database of its own: one
 * per core, at most three (more only queue for the CPU). */
const integrationWorkers = Math.max(
  1,
  Number(process.env.TEST_INTEGRATION_WORKERS) || Math.min(3, os.availableParallelism()),
);
/**
 * The tier that runs the test files named on the command line (`npm test -- tests/api/reviews.test.ts`),
 * from the folder each is in; null when no file is named (everything runs).
 */
function tierOfFiles(argv: string[]): Tier | null {
  const files = argv.filter((arg) => !arg.startsWith("-"));
  if (files.length === 0) return null;
  const tiers = new Set(
    files.map((file): Tier => {
      const relative = path.relative(projectRoot, path.resolve(file)).split(path.sep).join("/");
      if (relative.startsWith("e2e/")) return "e2e";
      if (relative.startsWith("tests/unit/")) return "unit";
      // Integration runs named files of the stack project too (below), on one app.
      return "integration";
    }),
  );
  if (tiers.size > 1) {
    console.error(
      `[test] Name files of one tier at a time (these are ${[...tiers].join(" and ")}): npm test -- <tier> <files>`,
    );
    process.exit(2);
  }
  return [...tiers][0]!;
}
const started = Date.now();
/** Wall time of each step, printed at the end (CI shows it: the suite's budget is 8 minutes on 2 cores). */
const timings: { step: string; ms: number }[] = [];
async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  try {
    return await work();
  } finally {
    timings.push({ step, ms: Date.now() - t0 });
  }
}
function printTimings() {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(0).padStart(5)} s`;
  console.log("\nTimings (wall clock; steps in parallel overlap)");
  for (const { step, ms } of timings) console.log(`  ${step.padEnd(40)}${seconds(ms)}`);
  console.log(`  ${"npm test, in all".padEnd(40)}${seconds(Date.now() - started)}`);
}
// Its own build folder, so `npm start`'s build is never replaced (MARQUEE_TEST_DIST lets two
// checkouts sharing a disk test side by side).
const distDir = process.env.MARQUEE_TEST_DIST || ".next-test";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-test-"));
fs.chmodSync(work, 0o755); // the embedded server runs as the postgres user when we are root

/** What the tiers ran; `failures` and `flaky` name the tests (and the first line of why), so the end of a
 * long log says which test broke without scrolling back through it. */
type Counts = { passed: number; failed: number; skipped: number; failures: string[]; flaky: string[] };
type Stack = { env: Record<string, string>; app: ChildProcess };

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(host)) {
    throw new Error(
      `Tests wipe and reseed their database: refusing to run against ${host}. Point TEST_DATABASE_URL at a local PostgreSQL.`,
    );
  }
}

const sharedEnv: Record<string, string> = {
  AUTH_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
  CORS_ORIGINS: "http://spa.example.test",
  STORAGE_DRIVER: "local",
  // A lower per-email ceiling than the default 100, so its test needs fewer slow password checks.
  LOGIN_EMAIL_CEILING: "20",
  // The seeded demo clips are not transcoded at start: tests that need a ladder make their own.
  TRANSCODE_BACKLOG_ON_START: "false",
  // Tests send X-Forwarded-For to exercise the per-IP login limit, as if they were the one trusted
  // reverse proxy in front of the app (tests/api/client-ip.test.ts starts an instance without it).
  TRUST_PROXY: "1",
  NEXT_TELEMETRY_DISABLED: "1",
  // Catalogue imports download test media from https servers on this machine (tests/import), signed
  // by a test-only certificate that the app is told to trust.
  IMPORT_FETCH_PRIVATE: "true",
  NODE_EXTRA_CA_CERTS: extraCertificates(),
};

/** The test-only certificate, plus whatever extra certificates this machine already trusts (a proxy's, say,
 * without which the offline Prisma engine cannot fetch its dependencies from the registry). */
function extraCertificates(): string {
  const testCertificate = path.join(projectRoot, "tests/fixtures/tls/cert.pem");
  const machines = process.env.NODE_EXTRA_CA_CERTS;
  if (!machines || !fs.existsSync(machines)) return testCertificate;
  const both = path.join(work, "extra-ca-certificates.pem");
  fs.writeFileSync(both, `${fs.readFileSync(testCertificate, "utf8")}\n${fs.readFileSync(machines, "utf8")}`);
  return both;
}

async function main(): Promise<number> {
  const totals: Counts = { passed: 0, failed: 0, skipped: 0, failures: [], flaky: [] };
  let ok = true;
  // The unit tests need nothing else: they run while the database starts, the app builds and the demo
  // catalogue is seeded.
  const unit = runs("unit") ? timed("unit", () => runVitest(["unit"], { ...sharedEnv }, totals)) : null;

  const serviceTiers = (["integration", "e2e", "stack", "smoke"] as const).filter(runs);
  if (serviceTiers.length === 0) return finish((await unit) !== false, totals);
  const running = serving ? null : await runningTestApp();
  if (running && passThrough.some((arg) => !arg.startsWith("-"))) {
    log(`Against the app of \`npm test -- serve\` at ${running.TEST_BASE_URL}`);
    const tier = serviceTiers[0]!;
    const ok = await timed(tier, () =>
      tier === "e2e" ? runPlaywright(running, totals) : runVitest(["integration", "stack"], running, totals),
    );
    return finish(ok, totals);
  }
  if (process.env.TEST_DATABASE_URL) assertLocal(process.env.TEST_DATABASE_URL);
  const otherClient = await serveOtherClient();
  Object.assign(sharedEnv, {
    CORS_ORIGINS: `${sharedEnv.CORS_ORIGINS},${otherClient.origin}`,
    TEST_OTHER_CLIENT_ORIGIN: otherClient.origin,
  });
  // A mail server and an OpenID provider standing in for Google, on loopback (tests/support/services.ts),
  // shared by every app instance: each test tells its own mail apart by its recipient.
  const { startTestServices } = await import("../tests/support/services");
  const services = await startTestServices(work);
  Object.assign(sharedEnv, services.env);
  Object.assign(process.env, sharedEnv);
  const database = await timed("database start", () =>
    openDatabase({
      url: process.env.TEST_DATABASE_URL,
      dataDir: path.join(work, "postgres"),
      name: "marquee_test",
      log,
    }),
  );
  const stacks: Stack[] = [];
  try {
    // The build and the seeded template do not depend on each other: prepare them at the same time.
    const [, template] = await Promise.all([
      developing ? null : timed("build (when stale)", () => buildIfStale(distDir, { MARQUEE_TEST_PAGES: "1" })),
      timed("demo catalogue (template)", () => prepareTemplate(database.url)),
    ]);
    if (serving) {
      const stack = await startApp(await cloneTemplate(template, database.url, "serve"));
      stacks.push(stack);
      await serve(stack);
      return 0;
    }
    // One app per integration worker (when files run in parallel), one for each other tier.
    const parallelIntegration = only === null || (only === "integration" && passThrough.length === 0);
    const names = serviceTiers.flatMap((tier) =>
      tier === "integration" && parallelIntegration
        ? Array.from({ length: integrationWorkers }, (_, index) => `integration_${index + 1}`)
        : [tier],
    );
    await timed(`app start (${names.length} instances)`, async () => {
      // Each app joins `stacks` as it comes up, so a failure of another still stops it (finally, below).
      const starts = await Promise.allSettled(
        names.map(async (name) => {
          const stack = await startApp(await cloneTemplate(template, database.url, name));
          stacks[names.indexOf(name)] = stack;
          return stack;
        }),
      );
      const failed = starts.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
    });
    const stackOf = (name: string) => stacks[names.indexOf(name)]!;
    const runTier = (tier: (typeof serviceTiers)[number]) =>
      timed(tier, () => {
        if (tier === "e2e") return runPlaywright(stackOf("e2e").env, totals);
        if (tier === "smoke") return runSmoke(stackOf("smoke").env, totals);
        if (tier === "stack") return runStack(stackOf("stack").env, totals);
        if (!parallelIntegration)
          // Files named on the command line: run them wherever they live, on one app.
          return runVitest(["integration", "stack"], stackOf("integration").env, totals);
        const workers = names.filter((name) => name.startsWith("integration_")).map(stackOf);
        return runVitest(
          ["integration"],
          { ...workers[0]!.env, TEST_STACKS: JSON.stringify(workers.map((stack) => stack.env)) },
          totals,
          [`--maxWorkers=${workers.length}`],
        );
      });
    // Integration and the whole-stack tests side by side, then e2e alone. Measured on 2 cores
    // (vmstat, 2026-11-26): integration leaves a third of the CPU idle (its workers wait on PostgreSQL
    // and the app), the whole-stack tests half (they wait on heartbeats, retries and processes
    // starting), while Chromium keeps both cores busy all through e2e, and anything beside it slowed
    // both into timeouts.
    for (const phase of TIER_PHASES) {
      const tiers = serviceTiers.filter((tier) => phase.includes(tier));
      ok = (await Promise.all(tiers.map(runTier))).every(Boolean) && ok;
      // A finished tier's apps still poll their job queue and cache tags: asked to stop, so the next
      // phase has the cores to itself. Not awaited: a graceful stop waits for whatever a test left in
      // flight (up to a minute), and `finally` below waits for every app anyway.
      for (const [index, name] of names.entries())
        if (tiers.some((tier) => name.startsWith(tier))) void stopApp(stacks[index]!.app);
    }
  } finally {
    await Promise.all(stacks.filter(Boolean).map(({ app }) => stopApp(app)));
    otherClient.close();
    await services.stop();
    await database.stop();
    if (serving) fs.rmSync(work, { recursive: true, force: true });
  }
  return finish((await unit) !== false && ok, totals);
}

function finish(ok: boolean, totals: Counts): number {
  fs.rmSync(work, { recursive: true, force: true });
  printTimings();
  for (const [heading, names] of [
    ["Failed", totals.failures],
    ["Flaky (failed, then passed on a retry)", totals.flaky],
  ] as const) {
    if (names.length) console.log(`\n${heading}:\n${names.map((name) => `  ${name}`).join("\n")}`);
  }
  console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return ok && totals.failed === 0 && totals.passed > 0 ? 0 : 1;
}

/**
 * The smoke tier: what a user of a fresh install does first, against the production server started
 * on this Node. Each probe is one check; a failure prints what came back.
 */
async function runSmoke(env: Record<string, string>, totals: Counts): Promise<boolean> {
  const base = env.TEST_BASE_URL!;
  const probes: { name: string; check: () => Promise<string | null> }[] = [
    {
      name: "GET /api/health answers 200",
      check: async () => {
        const response = await fetch(`${base}/api/health`);
        return response.status === 200 ? null : `status ${response.status}`;
      },
    },
    {
      name: "GET /api/movie lists the demo catalogue",
      check: async () => {
        const body = (await (await fetch(`${base}/api/movie`)).json()) as { moviesCount?: number };
        return (body.moviesCount ?? 0) >= 40 ? null : `moviesCount ${body.moviesCount}`;
      },
    },
    {
      name: "GET / renders the home page",
      check: async () => {
        const response = await fetch(base);
        const html = await response.text();
        return response.status === 200 && html.includes("Populate Film") ? null : `status ${response.status}`;
      },
    },
    {
      name: "POST /api/user signs the demo member in",
      check: async () => {
        const response = await fetch(`${base}/api/user`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "member@marquee.local", password: "member123" }),
        });
        const body = (await response.json()) as { token?: string };
        return response.status === 200 && body.token ? null : `status ${response.status}`;
      },
    },
  ];
  let ok = true;
  for (const probe of probes) {
    const problem = await probe.check().catch((error: unknown) => String(error));
    console.log(
      `[smoke] ${problem ? "✗" : "✓"} ${probe.name} (Node ${process.version})${problem ? `: ${problem}` : ""}`,
    );
    if (problem) {
      ok = false;
      totals.failed++;
      totals.failures.push(`[smoke] ${probe.name}: ${problem}`);
    } else totals.passed++;
  }
  return ok;
}

type Template = { database: string; dataDir: string; uploadsDir: string };

/** Migrates and seeds the demo catalogue once, into a template database and uploads folder. */
async function prepareTemplate(serverUrl: string): Promise<Template> {
  const template: Template = {
    database: "marquee_template",
    dataDir: path.join(work, "template", "data"),
    uploadsDir: path.join(work, "template", "uploads"),
  };
  const env = {
    ...sharedEnv,
    DATABASE_URL: await createDatabase(serverUrl, template.database),
    MARQUEE_DATA_DIR: template.dataDir,
    STORAGE_LOCAL_DIR: template.uploadsDir,
  };
  log("Migrating and seeding the template database");
  // `npm run db:seed` migrates, then seeds; a process of its own, since storage and env are read once.
  await runCommand(process.execPath, ["--import", "tsx", "scripts/seed.ts"], env, "ignore");
  return template;
}

/** A database and data and uploads folders of `name`'s own, copied from the template; returns its env. */
async function cloneTemplate(template: Template, serverUrl: string, name: string): Promise<Record<string, string>> {
  const env = {
    ...sharedEnv,
    DATABASE_URL: await createDatabase(serverUrl, `marquee_${name}`, template.database),
    MARQUEE_DATA_DIR: path.join(work, name, "data"),
    STORAGE_LOCAL_DIR: path.join(work, name, "uploads"),
    // The folder imports read films and pictures from (docs/import.md); tests put files there.
    IMPORT_DIR: path.join(work, name, "import"),
  };
  fs.mkdirSync(env.MARQUEE_DATA_DIR, { recursive: true });
  fs.mkdirSync(env.IMPORT_DIR, { recursive: true });
  if (fs.existsSync(template.dataDir)) fs.cpSync(template.dataDir, env.MARQUEE_DATA_DIR, { recursive: true });
  fs.cpSync(template.uploadsDir, env.STORAGE_LOCAL_DIR, { recursive: true });
  return env;
}

/** Creates (or empties) the database `name` on the server that `url` points at, as a copy of `template` if given. */
async function createDatabase(url: string, name: string, template?: string): Promise<string> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * A second origin for e2e/other-client.spec.ts: the original client's stand-in page on a loopback
 * port of its own (listed in CORS_ORIGINS). Loopback, so Chromium's Private Network Access rules,
 * which block a public page from calling a local server, do not stand in the way.
 */
async function serveOtherClient(): Promise<{ origin: string; close: () => void }> {
  const page = fs.readFileSync(path.join(projectRoot, "e2e/support/other-client.html"));
  const server = http.createServer((_request, response) =>
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** Where `npm test -- serve` writes its app's environment, for `npm test -- <files>` to find. */
const servingFile = path.join(projectRoot, "node_modules", ".cache", "marquee-test-app.json");

/** Keeps the app of `npm test -- serve` (and the database, mail and sign-in stand-ins) until Ctrl-C. */
async function serve(stack: Stack): Promise<void> {
  fs.mkdirSync(path.dirname(servingFile), { recursive: true });
  fs.writeFileSync(servingFile, JSON.stringify({ pid: process.pid, env: stack.env }));
  log(`Test app on ${stack.env.TEST_BASE_URL}${developing ? " (development server: it picks up code changes)" : ""}`);
  log("In another terminal: npm test -- <test files> runs against it. Ctrl-C stops it.");
  if (!developing) log("It serves the build it started with: after changing the app, stop and serve again.");
  await new Promise<void>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => resolve());
    stack.app.once("exit", () => resolve());
  });
  fs.rmSync(servingFile, { force: true });
}

/** The environment of a running `npm test -- serve`'s app, when there is one and it answers. */
async function runningTestApp(): Promise<Record<string, string> | null> {
  const state = readJson(servingFile) as { pid: number; env: Record<string, string> } | null;
  if (!state) return null;
  try {
    process.kill(state.pid, 0);
    if ((await fetch(`${state.env.TEST_BASE_URL}/api/health`)).ok) return state.env;
  } catch {
    // gone, or not answering: start a stack of this run's own
  }
  return null;
}

async function startApp(tierEnv: Record<string, string>): Promise<Stack> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // No NEXTAUTH_URL or PUBLIC_URL, as `npm start` runs by default: the app takes its address from each request.
  const env: Record<string, string> = {
    ...tierEnv,
    TEST_BASE_URL: baseUrl,
    NEXT_DIST_DIR: distDir,
    MARQUEE_TEST_PAGES: "1",
  };
  // The production path, as `npm start` runs it: the custom server. Its stderr goes to the terminal
  // and to a file tests read (e.g. that an abandoned download logs nothing).
  const serverLog = path.join(tierEnv.MARQUEE_DATA_DIR!, "..", "server-stderr.log");
  fs.mkdirSync(path.dirname(serverLog), { recursive: true });
  env.TEST_SERVER_STDERR = serverLog;
  const serverStderr = fs.createWriteStream(serverLog);
  const app = spawn(
    process.execPath,
    ["--import", "tsx", "server.ts", "--port", String(port), "--hostname", "127.0.0.1"],
    {
      cwd: projectRoot,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, ...env, NODE_ENV: developing ? "development" : "production" },
    },
  );
  app.stderr.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    serverStderr.write(chunk);
  });
  try {
    await waitForHealth(baseUrl);
  } catch (error) {
    await stopApp(app); // never left running behind a failed start
    throw error;
  }
  log(`App ready on ${baseUrl}`);
  return { env, app };
}

/** Stops an app (SIGTERM: its graceful stop) and resolves once it has exited; asked again, the same wait. */
const stopping = new WeakMap<ChildProcess, Promise<void>>();
function stopApp(app: ChildProcess): Promise<void> {
  if (app.exitCode !== null || app.signalCode !== null) return Promise.resolve();
  let exited = stopping.get(app);
  if (!exited) {
    exited = new Promise<void>((resolve) => app.once("exit", () => resolve()));
    stopping.set(app, exited);
    app.kill("SIGTERM");
  }
  return exited;
}

async function waitForHealth(baseUrl: string) {
  // Seconds on an idle machine; generous for a busy one.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The app did not become healthy within 300 s");
}

/** Runs a command with its output prefixed (two runners may print at once); resolves to its success. */
function runPrefixed(prefix: string, command: string, args: string[], env: Record<string, string>): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on("line", (line) => console.log(`${prefix} ${line}`));
    }
    child.on("error", () => resolve(false));
    child.on("exit", (code) => resolve(code === 0));
  });
}

/**
 * Whole-stack files with a database, storage and processes of their own, whose time is mostly waiting
 * (for a killed worker's heartbeat to run out, a retry to come due, a fresh `npm start` to come up):
 * they run in Vitests of their own, beside the other whole-stack files (which share the tier's app,
 * one at a time) instead of after them. Two chains, each file after the other, pairing a long wait
 * with ffmpeg work: five Vitests at once beside integration left a fresh `npm start` seeding past its
 * five minutes on 2 cores (CI, 2026-11-27).
 */
const SELF_CONTAINED_STACK_CHAINS = [
  [
    "tests/foundation/run-command.test.ts",
    "tests/media/transcode-worker.test.ts",
    "tests/deploy/read-replicas.test.ts",
  ],
  ["tests/media/transcode-crash.test.ts", "tests/media/transcode-content.test.ts"],
];

function runStack(env: Record<string, string>, totals: Counts): Promise<boolean> {
  // Files named on the command line: one run, as asked.
  if (passThrough.some((arg) => !arg.startsWith("-"))) return runVitest(["stack"], env, totals);
  const chained = SELF_CONTAINED_STACK_CHAINS.flat();
  return Promise.all([
    runVitest(
      ["stack"],
      env,
      totals,
      chained.flatMap((file) => ["--exclude", file]),
    ),
    ...SELF_CONTAINED_STACK_CHAINS.map((files, index) =>
      runVitest(["stack"], env, totals, files, `stack-chain-${index + 1}`),
    ),
  ]).then((results) => results.every(Boolean));
}

async function runVitest(
  projects: ("unit" | "integration" | "stack")[],
  env: Record<string, string>,
  totals: Counts,
  options: string[] = [],
  label: string = projects[0]!,
): Promise<boolean> {
  const report = path.join(work, `vitest-${label}.json`);
  const ok = await runPrefixed(
    `[${label}]`,
    bin("vitest"),
    [
      "run",
      ...projects.flatMap((project) => ["--project", project]),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      ...options,
      ...passThrough,
    ],
    env,
  );
  const result = readJson(report) as {
    numPassedTests?: number;
    numFailedTests?: number;
    numPendingTests?: number;
    numTodoTests?: number;
    testResults?: {
      name: string;
      message?: string;
      assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
    }[];
  } | null;
  if (!result) return false;
  totals.passed += result.numPassedTests ?? 0;
  totals.failed += result.numFailedTests ?? 0;
  totals.skipped += (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  for (const file of result.testResults ?? []) {
    const where = `[${label}] ${path.relative(projectRoot, file.name)}`;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed)
      totals.failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed outside any test (an import error, a hook) has no failed test to name.
    if (file.message && failed.length === 0) totals.failures.push(`${where}: ${firstLine(file.message)}`);
  }
  return ok;
}

async function runPlaywright(env: Record<string, string>, totals: Counts): Promise<boolean> {
  const report = path.join(work, "playwright.json");
  const ok = await runPrefixed("[e2e]", bin("playwright"), ["test", ...passThrough], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  const result = readJson(report) as ({ stats?: PlaywrightStats } & PlaywrightSuite) | null;
  if (!result?.stats) return false;
  totals.passed += (result.stats.expected ?? 0) + (result.stats.flaky ?? 0);
  totals.failed += result.stats.unexpected ?? 0;
  totals.skipped += result.stats.skipped ?? 0;
  for (const { title, test } of playwrightTests(result)) {
    const name = `[e2e] ${test.projectName} › ${title}`;
    const why = firstLine(test.results.find((run) => run.error)?.error?.message);
    if (test.status === "unexpected") totals.failures.push(`${name}: ${why}`);
    if (test.status === "flaky") totals.flaky.push(`${name}: ${why}`);
  }
  return ok;
}

type PlaywrightStats = { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
type PlaywrightTest = { projectName: string; status: string; results: { error?: { message?: string } }[] };
type PlaywrightSuite = {
  title?: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; tests: PlaywrightTest[] }[];
};

/** Every test in Playwright's JSON report, titled "file › describe › test". */
function* playwrightTests(
  suite: PlaywrightSuite,
  trail: string[] = [],
): Generator<{ title: string; test: PlaywrightTest }> {
  const here = suite.title && suite.title !== suite.file ? [...trail, suite.title] : trail;
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests) yield { title: [spec.file, ...here, spec.title].join(" › "), test };
  for (const child of suite.suites ?? []) yield* playwrightTests(child, here);
}

/** The first line of an error message, without the terminal's colour codes. */
function firstLine(message: string | undefined): string {
  return (message ?? "no message")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .trim()
    .split("\n")[0]!
    .slice(0, 200);
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
