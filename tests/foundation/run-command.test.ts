import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { freePort } from "@/scripts/lib/embedded-postgres";
import { ADMIN } from "../support/test-accounts";

// `npm start` as a newcomer runs it: no DATABASE_URL, a fresh data folder. It reuses the build
// that `npm test` made (NEXT_DIST_DIR), so it does not build again.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-run-"));
fs.chmodSync(work, 0o755);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

type Running = { child: ChildProcess; output: () => string; port: number };

/** What `npm start` runs (package.json "start", after `exec`): the launcher, run with this Node. */
function startCommand(): string[] {
  const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts;
  const [node, ...args] = scripts.start.replace(/^exec /, "").split(" ");
  expect(node).toBe("node");
  return args;
}

/** A process's command line and its peak resident memory (VmHWM), from /proc. */
function processFigures(pid: number): { commandLine: string; peakMiB: number } {
  const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  const peakKiB = Number(/^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return { commandLine, peakMiB: Math.round(peakKiB / 1024) };
}

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1] === String(pid);
      } catch {
        return false; // exited meanwhile
      }
    })
    .map(Number);
}

async function start(): Promise<Running> {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    MARQUEE_DATA_DIR: path.join(work, "data"),
    STORAGE_LOCAL_DIR: undefined,
    DATABASE_URL: undefined,
    NEXTAUTH_URL: undefined,
    MALLOC_ARENA_MAX: undefined,
    NODE_OPTIONS: undefined,
  };
  const child = spawn(process.execPath, startCommand(), {
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  // The first start seeds the demo catalogue (art drawn with sharp, the search lexicon filled by
  // triggers) while the other test tiers share the two cores: give it time.
  const deadline = Date.now() + 480_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, output: () => output, port };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill("SIGKILL");
  throw new Error(`npm start did not become healthy:\n${output}`);
}

async function stop(running: Running): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => running.child.once("exit", (code) => resolve(code)));
  running.child.kill("SIGTERM");
  return exited;
}

/** robots.txt as served to a request addressed to `host`. */
function robotsTxt(port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${port}/robots.txt`, { headers: { host } }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve(text));
      })
      .on("error", reject);
  });
}

function databaseUrl(output: string): string {
  const port = /PostgreSQL listening on 127\.0\.0\.1:(\d+)/.exec(output)?.[1];
  const password = fs.readFileSync(path.join(work, "data", "postgres", "marquee-password"), "utf8");
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/marquee`;
}

test("npm start serves the demo catalogue, stops cleanly on SIGTERM and keeps its data", async () => {
  const first = await start();
  expect(first.output()).toContain(`${ADMIN.email}  /  ${ADMIN.password}`);
  // The launcher stays beside the server for the server's whole life: plain Node without a TypeScript
  // loader, small even at its peak, since migrations, the seed (Prisma, sharp) and the build ran in a
  // child that has exited (docs/performance.md, "The launcher": 62 MiB; it was 340 to 420).
  const launcher = processFigures(first.child.pid!);
  expect(launcher.commandLine).not.toContain("tsx");
  expect(launcher.peakMiB).toBeLessThan(100);
  // The web process it started runs with two malloc arenas, which keeps its peak in 1 GB while it
  // resizes pictures (docs/performance.md, "Memory").
  const web = childrenOf(first.child.pid!).find((pid) => processFigures(pid).commandLine.includes("server.ts"));
  expect(web).toBeDefined();
  expect(fs.readFileSync(`/proc/${web}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");
  // Its heap is sized as V8 sizes it on a 1 GB server, and it read next.config.ts without loading
  // SWC's native library (about 65 MiB it would keep for its whole life).
  expect(processFigures(web!).commandLine).toContain("--max-old-space-size=512 --max-semi-space-size=16");
  expect(fs.readFileSync(`/proc/${web}/maps`, "utf8")).not.toContain("next-swc");
  const home = await (await fetch(`http://127.0.0.1:${first.port}/`)).text();
  expect(home).toContain("Populate Film");
  // Pictures are resized in a process of their own (lib/media/picture-resizer.ts): the web process
  // never loads libvips or an encoder, and a resizer that was killed is replaced by the next picture.
  const poster = /\/_next\/image\?url=([^&"]+)/.exec(home)?.[1];
  expect(poster).toBeDefined();
  const resize = (width: number) =>
    fetch(`http://127.0.0.1:${first.port}/_next/image?url=${poster}&w=${width}&q=75`, {
      headers: { accept: "image/webp" },
    });
  const resized = await resize(640);
  expect([resized.status, resized.headers.get("content-type")]).toEqual([200, "image/webp"]);
  const resizer = childrenOf(web!).find((pid) => processFigures(pid).commandLine === "marquee-pictures");
  expect(resizer).toBeDefined();
  expect(fs.readFileSync(`/proc/${web}/maps`, "utf8")).not.toContain("libvips");
  process.kill(resizer!, "SIGKILL");
  while (
    fs.existsSync(`/proc/${resizer}/status`) &&
    !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${resizer}/status`, "utf8"))
  )
    await new Promise((resolve) => setTimeout(resolve, 50));
  const again = await resize(750);
  expect([again.status, again.headers.get("content-type")]).toEqual([200, "image/webp"]);
  expect(fs.readFileSync(`/proc/${web}/maps`, "utf8")).not.toContain("libvips");
  // No NEXTAUTH_URL is forced on the app: it says so, and links follow the address the browser used.
  expect(first.output()).toContain(
    "Public URL: not set, so links, media URLs and sign-in redirects use the address each request was made to",
  );
  for (const host of [`127.0.0.1:${first.port}`, `localhost:${first.port}`]) {
    expect(await robotsTxt(first.port, host)).toContain(`Sitemap: http://${host}/sitemap.xml`);
  }

  const url = databaseUrl(first.output());
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `INSERT INTO "Category" (id, name, "updatedAt") VALUES (gen_random_uuid(), 'Kept Across Restarts', now())`,
  );
  await client.end();

  expect(await stop(first)).toBe(0);
  expect(first.output()).toMatch(/Stopping the app[\s\S]*PostgreSQL stopped/);
  // The database went down with the app.
  await expect(fetch(`http://127.0.0.1:${first.port}/api/health`)).rejects.toThrow();
  const probe = new pg.Client({ connectionString: url });
  await expect(probe.connect()).rejects.toThrow();

  const second = await start();
  try {
    expect(second.output()).not.toContain("Demo catalogue seeded");
    const again = new pg.Client({ connectionString: databaseUrl(second.output()) });
    await again.connect();
    const { rows } = await again.query(`SELECT name FROM "Category" WHERE name = 'Kept Across Restarts'`);
    await again.end();
    expect(rows).toEqual([{ name: "Kept Across Restarts" }]);
  } finally {
    expect(await stop(second)).toBe(0);
  }
}, 1_000_000);
