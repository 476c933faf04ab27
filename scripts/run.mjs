// @ts-check
// `npm start` / `npm run dev`: Marquee on its defaults. Without DATABASE_URL it starts an embedded
// PostgreSQL (data in .data/postgres), applies migrations, seeds the demo catalogue into an empty
// database, then serves the app on PORT (default 3000). Ctrl-C or SIGTERM stops the app, then the
// database. An embedded database that dies is started again (with back-off); when it cannot be,
// the app is stopped with a message and a non-zero exit, so a process supervisor restarts both.
//
// This process stays beside the app for the app's whole life, so it is kept small: plain JavaScript
// run by plain `node` (no TypeScript loader), loading only Node's own modules, @next/env and the
// embedded PostgreSQL's (scripts/lib/postgres-cluster.mjs). The heavy set-up (migrations, the demo
// seed with Prisma and sharp, the build) runs in a child, scripts/run-setup.ts, which exits before
// the app starts. docs/performance.md ("The launcher") has the figures.
//
// Why a process of its own rather than the server itself: `npm run dev` serves with Next's own
// server, which cannot host it; restarting PostgreSQL waits for `pg_ctl start -w` (synchronously,
// up to 30 s), which would stall every request of a server doing it; and server.ts stays exactly
// what a Node host or the Docker image runs against their own DATABASE_URL.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import nextEnv from "@next/env";
import { openDatabase, superviseEmbeddedPostgres } from "./lib/postgres-cluster.mjs";
import { heapForASmallServer } from "./lib/web-heap.mjs";

requireSupportedNode();

const mode = process.argv[2] === "dev" ? "dev" : "start";
const projectRoot = path.resolve(import.meta.dirname, "..");
/** @param {string} line */
const log = (line) => console.log(`[marquee] ${line}`);

// The same .env files as the app and the other scripts (scripts/lib/load-env.ts), read by Next's loader.
nextEnv.loadEnvConfig(process.cwd(), mode === "dev");
const port = process.env.PORT || "3000";

async function main() {
  const database = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: path.join(path.resolve(process.env.MARQUEE_DATA_DIR || ".data"), "postgres"),
    name: "marquee",
    log,
  });
  const childEnv = { ...process.env, DATABASE_URL: database.url, NEXT_TELEMETRY_DISABLED: "1" };
  /** The set-up while it runs, then the app. @type {import("node:child_process").ChildProcess | null} */
  let child = null;
  let appStarted = false;
  let stopping = false;
  /** @type {{ stop(): void } | null} */
  let supervision = null;

  /** @param {number} code */
  async function shutdown(code) {
    if (stopping) return;
    stopping = true;
    supervision?.stop();
    const running = child;
    if (running && running.exitCode === null && running.signalCode === null) {
      if (appStarted) log("Stopping the app");
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGTERM");
      // server.ts lets requests in flight (an upload) finish for up to 100 s before it gives up.
      const timer = setTimeout(() => running.kill("SIGKILL"), appStarted && mode === "start" ? 110_000 : 10_000);
      await exited;
      clearTimeout(timer);
    }
    await database.stop();
    process.exit(code);
  }
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  if (database.embedded?.owned) {
    supervision = superviseEmbeddedPostgres(database.embedded, {
      log,
      onGiveUp(error) {
        console.error(
          `[marquee] ${error.message}\n[marquee] Stopping Marquee: the database is gone. Restart it (a process supervisor will) once the cause is fixed.`,
        );
        void shutdown(1);
      },
    });
  }

  // Migrations, the demo seed, the build: in a child that takes its memory (tsx, Prisma, sharp) with it.
  const setup = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "run-setup.ts"), mode], {
    cwd: projectRoot,
    stdio: "inherit",
    env: childEnv,
  });
  child = setup;
  const setupCode = await new Promise((resolve) => {
    setup.once("error", (error) => {
      console.error(error.message);
      resolve(1);
    });
    setup.once("exit", (code) => resolve(code ?? 1));
  });
  if (stopping) return;
  if (setupCode !== 0) return void shutdown(1);

  // start: the custom server (server.ts: Next plus the media fast path); dev: Next's own.
  const [command, args] =
    mode === "start"
      ? [
          process.execPath,
          [...heapForASmallServer(process.env.NODE_OPTIONS ?? ""), "--import", "tsx", "server.ts", "--port", port],
        ]
      : [path.join(projectRoot, "node_modules", ".bin", "next"), ["dev", "--port", port]];
  const app = spawn(command, args, {
    cwd: projectRoot,
    // start: the channel tells server.ts when this launcher is gone, even killed with SIGKILL; it then
    // stops (lib/process-lifetime.ts) instead of serving on as an orphan.
    stdio: mode === "start" ? ["inherit", "inherit", "inherit", "ipc"] : "inherit",
    env: {
      ...childEnv,
      ...(mode === "start" && { NODE_ENV: "production" }),
      // glibc gives each thread that allocates (sharp's resizing threads, the thread pool) an arena
      // of its own, up to 8 per core, and returns little of them: two arenas take 300-400 MiB off
      // the web process's peak while it resizes pictures, which is what lets Marquee live in 1 GB
      // (sharp's own advice; docs/performance.md, "Memory"). A value set by the host wins.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || "2",
    },
  });
  child = app;
  appStarted = true;
  app.on("exit", (code) => void shutdown(code ?? 0));
  log(`Marquee is starting on http://localhost:${port}`);
}

/**
 * The check of lib/require-node.ts (a TypeScript module, which plain `node` does not load), against
 * the Node.js lines package.json's "engines" names, before PostgreSQL starts.
 */
function requireSupportedNode() {
  const { engines } = /** @type {{ engines: { node: string } }} */ (
    JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"))
  );
  const minimum = engines.node.replace(/^>=\s*/, "");
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  const [needMajor = 0, needMinor = 0] = minimum.split(".").map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return;
  console.error(
    `Marquee needs Node.js ${minimum} or newer (24 LTS recommended); this is Node.js ${process.version}.\n` +
      "Install a current Node.js (https://nodejs.org) and run the command again.",
  );
  process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
