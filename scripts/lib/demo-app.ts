// A throwaway Marquee to measure: an embedded PostgreSQL seeded with the demo catalogue and the
// production build served as `npm start` and the Docker image serve it (server.ts), with a public
// address as production has (PUBLIC_URL), everything in a temporary folder removed on stop.
// Shared by the scripts that load the app as a visitor would (bench-api.ts, bench-memory.ts,
// lighthouse.ts).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./embedded-postgres";
import { buildIfStale } from "./build";
import { heapForASmallServer } from "./web-heap.mjs";
import { migrate, openDatabase, projectRoot, seed, type Database } from "./database";

export type DemoApp = {
  /** The app's origin, e.g. http://127.0.0.1:41234 (also its public URL: PUBLIC_URL). */
  url: string;
  /** The web server's process id (server.ts), for the benchmarks that watch its memory. */
  pid: number;
  databaseUrl: string;
  stop(): Promise<void>;
};

/** Waits until `url` answers below 500, for up to 90 s. */
export async function waitFor(url: string, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer within 90 s`);
}

/**
 * Starts the demo app (`name` names the temporary folder and the database). Builds first when a
 * source changed since the last build of NEXT_DIST_DIR (default `.next`, as `npm start`); `distDir`
 * serves that build instead, as it is (another checkout's build, copied here, to compare with).
 * `postgresSettings` are the embedded PostgreSQL's own (`-c name=value`).
 */
export async function startDemoApp(
  name: string,
  log: (line: string) => void,
  { distDir: given, postgresSettings }: { distDir?: string; postgresSettings?: Record<string, string> } = {},
): Promise<DemoApp> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `marquee-${name}-`));
  fs.chmodSync(work, 0o755); // the embedded server runs as the postgres user when we are root
  const dataDir = path.join(work, "data");
  let database: Database | undefined;
  let app: ChildProcess | undefined;
  const stop = async () => {
    if (app && app.exitCode === null && app.signalCode === null) {
      const exited = new Promise((resolve) => app!.once("exit", resolve));
      app.kill("SIGTERM");
      await exited;
    }
    await database?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    // Build first: a build error shows before minutes of seeding, not after.
    const distDir = given ?? (process.env.NEXT_DIST_DIR || ".next"); // next start reads the same variable
    if (!given) await buildIfStale(distDir);
    database = await openDatabase({
      dataDir: path.join(work, "postgres"),
      name: `marquee_${name.replace(/\W/g, "_")}`,
      settings: postgresSettings,
      log,
    });
    await migrate(database.url);
    // The pictures go where the app reads its uploads (MARQUEE_DATA_DIR below), so pages show them.
    await seed(database.url, { onlyIfEmpty: false, log, uploadsDir: path.join(dataDir, "uploads") });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // The web process as `npm start` runs it: the same heap sizes (scripts/run.mjs).
    const heap = heapForASmallServer(process.env.NODE_OPTIONS ?? "");
    const server = ["--import", "tsx", "server.ts", "--port", String(port), "--hostname", "127.0.0.1"];
    app = spawn(process.execPath, [...heap, ...server], {
      cwd: projectRoot,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        AUTH_SECRET: "demo-app-secret-that-is-long-enough-for-hs256",
        PUBLIC_URL: url,
        MARQUEE_DATA_DIR: dataDir,
        // The scheduled jobs run in the app as deployed, but the seeded clips are not transcoded:
        // ffmpeg on the same cores would be measured with the pages.
        TRANSCODE_BACKLOG_ON_START: "false",
        NEXT_TELEMETRY_DISABLED: "1",
        NODE_ENV: "production",
        NEXT_DIST_DIR: distDir,
      },
    });
    await waitFor(`${url}/api/health`, "The app");
    return { url, pid: app.pid!, databaseUrl: database.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
