import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { startEmbeddedPostgres } from "@/lib/embedded-postgres";

// A cluster of its own, apart from the one the test run uses.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-embedded-"));
fs.chmodSync(work, 0o755);
const dataDir = path.join(work, "postgres");
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
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
  const script = `import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve("lib/embedded-postgres.ts"))};
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
