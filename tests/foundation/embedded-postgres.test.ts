import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import net from "node:net";
import {
  startEmbeddedPostgres,
  superviseEmbeddedPostgres,
  type EmbeddedPostgres,
} from "@/scripts/lib/embedded-postgres";

// A cluster of its own, apart from the one the test run uses.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-embedded-"));
fs.chmodSync(work, 0o755);
const dataDir = path.join(work, "postgres");
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

test("data survives a stop and a start", async () => {
  const first = await startEmbeddedPostgres({ dataDir });
  await first.createDatabase("keep");
  await query(first.urlFor("keep"), "CREATE TABLE note (body text); INSERT INTO note VALUES ('still here')");
  await first.stop();

  const second = await startEmbeddedPostgres({ dataDir });
  try {
    expect(await query(second.urlFor("keep"), "SELECT body FROM note")).toEqual([{ body: "still here" }]);
  } finally {
    await second.stop();
  }
  // Stopped means stopped: nothing listens on the old port any more.
  await expect(query(second.urlFor("keep"), "SELECT 1")).rejects.toThrow();
}, 60_000);

test("a start after the owner was killed adopts the server it left running", async () => {
  // A separate process starts the server and is then killed with SIGKILL, as a crash would.
  const script = `import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve("scripts/lib/embedded-postgres.ts"))};
    const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} });
    console.log("READY " + db.port);
    setInterval(() => {}, 1000);`;
  const scriptFile = path.join(work, "owner.mts");
  fs.writeFileSync(scriptFile, script);
  const child = spawn(process.execPath, ["--import", "tsx", scriptFile], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      const match = /READY (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", () => reject(new Error("the child exited before the server was ready")));
  });
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));

  const adopted = await startEmbeddedPostgres({ dataDir });
  try {
    expect(adopted.port).toBe(port);
    expect(await query(adopted.urlFor("keep"), "SELECT body FROM note")).toEqual([{ body: "still here" }]);
  } finally {
    await adopted.stop();
  }
  await expect(query(adopted.urlFor("keep"), "SELECT 1")).rejects.toThrow();
}, 60_000);

test("a start after a crash that left a stale pid file recovers", async () => {
  // postmaster.pid naming a process that no longer exists, as after a power cut.
  fs.writeFileSync(path.join(dataDir, "postmaster.pid"), `999999\n${dataDir}\n0\n5432\n/tmp\n127.0.0.1\n0 0\nready\n`);
  const restarted = await startEmbeddedPostgres({ dataDir });
  try {
    expect(await query(restarted.urlFor("keep"), "SELECT body FROM note")).toEqual([{ body: "still here" }]);
  } finally {
    await restarted.stop();
  }
}, 60_000);

/** Kills the server's postmaster with SIGKILL, as the OOM killer or `kill -9` would. */
function killServer(db: EmbeddedPostgres): void {
  const pid = Number(fs.readFileSync(path.join(db.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  process.kill(pid, "SIGKILL");
}

/** Resolves once `check` holds, polling; rejects after `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("timed out waiting");
}

test("a supervised server killed with SIGKILL is started again on the same port, data intact", async () => {
  const dir = path.join(work, "supervised");
  const db = await startEmbeddedPostgres({ dataDir: dir });
  await db.createDatabase("kept");
  await query(db.urlFor("kept"), "CREATE TABLE note (body text); INSERT INTO note VALUES ('after a crash')");
  const lines: string[] = [];
  const supervision = superviseEmbeddedPostgres(db, {
    intervalMs: 100,
    backoffMs: 200,
    log: (line) => lines.push(line),
    onGiveUp: () => lines.push("gave up"),
  });
  try {
    killServer(db);
    await until(() => lines.some((line) => line.startsWith("PostgreSQL is running again")), 45_000);
    expect(lines[0]).toBe("PostgreSQL stopped unexpectedly: starting it again");
    expect(db.isRunning()).toBe(true);
    expect(await query(db.urlFor("kept"), "SELECT body FROM note")).toEqual([{ body: "after a crash" }]);
  } finally {
    supervision.stop();
    await db.stop();
  }
}, 60_000);

test("a server that cannot be restarted makes the supervisor give up with a clear message", async () => {
  const dir = path.join(work, "doomed");
  const db = await startEmbeddedPostgres({ dataDir: dir });
  let reason: Error | null = null;
  killServer(db);
  await until(() => !db.isRunning(), 10_000);
  // Something else takes the port, so every restart fails.
  const squatter = net.createServer();
  await until(
    () =>
      new Promise<boolean>((resolve) => {
        squatter.once("error", () => resolve(false));
        squatter.listen(db.port, "127.0.0.1", () => resolve(true));
      }),
    10_000,
  );
  const supervision = superviseEmbeddedPostgres(db, {
    intervalMs: 100,
    backoffMs: 100,
    maxFailures: 2,
    onGiveUp: (error) => (reason = error),
  });
  try {
    await until(() => reason !== null, 45_000);
    expect(reason!.message).toContain("PostgreSQL could not be restarted after 2 attempts");
    expect(reason!.message).toContain(path.join(db.dataDir, "server.log"));
    expect(db.isRunning()).toBe(false);
  } finally {
    supervision.stop();
    await new Promise((resolve) => squatter.close(resolve));
  }
}, 60_000);
