// `npm run bench:media [-- --size-mb 1024 --ranges 200]`: how /api/upload serves and takes large
// files, next to nginx serving the same file from the same disk, in one run on this machine.
//   1. writes a large fake video (an MP4 header, then random bytes) into a temp upload folder;
//   2. starts a throwaway embedded PostgreSQL, the built app (`npm start`'s build) and nginx;
//   3. reads the file through both: random 1 MB ranges (time to first byte, throughput) and one
//      full sequential read; prints the ratios;
//   4. uploads a file of the same size through POST /api/upload as a streamed multipart body and
//      samples the server's resident memory (/proc/<pid>/status) while it does.
// It prints figures; it asserts nothing. docs/performance.md records a run.
import { spawn, type ChildProcess } from "node:child_process";
import { randomFillSync } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "@/lib/embedded-postgres";
import { createPrismaClient } from "@/lib/prisma";
import { buildIfStale } from "./lib/build";
import { bin, migrate, openDatabase, projectRoot } from "./lib/database";

const MiB = 1024 * 1024;
const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const sizeBytes = Number(args.get("size-mb") ?? 1024) * MiB;
const rangeCount = Number(args.get("ranges") ?? 200);
const nginxBinary = args.get("nginx") ?? "/usr/sbin/nginx";
const AUTH_SECRET = "bench-secret-that-is-long-enough-for-hs256-signing";
const log = (line: string) => console.log(`[bench] ${line}`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-bench-"));
fs.chmodSync(work, 0o755); // PostgreSQL (as root: the postgres user) and nginx's workers read below it
const uploads = path.join(work, "uploads");
const fileName = "bench-video.mp4";
const storedFile = path.join(uploads, "movie", fileName);

/** An MP4 `ftyp` box (so upload type detection accepts it), then random bytes. Written once, in 4 MiB blocks. */
function writeFakeVideo(file: string, size: number) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  const fd = fs.openSync(file, "w", 0o644);
  const block = Buffer.alloc(4 * MiB);
  const ftyp = Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2")]);
  for (let written = 0; written < size; written += block.length) {
    randomFillSync(block);
    if (written === 0) ftyp.copy(block);
    fs.writeSync(fd, block, 0, Math.min(block.length, size - written));
  }
  fs.closeSync(fd);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET: time to first body byte and total time, reading (and discarding) the body. */
function timedGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; ttfbMs: number; totalMs: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
    let ttfbMs = 0;
    let bytes = 0;
    http
      .get(url, { agent, headers }, (response) => {
        response.on("data", (chunk: Buffer) => {
          if (bytes === 0) ttfbMs = ms();
          bytes += chunk.length;
        });
        response.on("end", () => resolve({ status: response.statusCode!, ttfbMs, totalMs: ms(), bytes }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const mbPerSecond = (bytes: number, ms: number) => bytes / MiB / (ms / 1000);

type ReadFigures = { rangeTtfbP50: number; rangeTtfbP95: number; rangeMBps: number; fullTtfb: number; fullMBps: number };

async function measureReads(label: string, url: string, offsets: number[]): Promise<ReadFigures> {
  // Warm up: connection, route compilation caches, page cache.
  for (let i = 0; i < 5; i++) await timedGet(url, { range: `bytes=${offsets[i]}-${offsets[i]! + MiB - 1}` });
  const ttfbs: number[] = [];
  let rangeBytes = 0;
  let rangeMs = 0;
  for (const offset of offsets) {
    const result = await timedGet(url, { range: `bytes=${offset}-${offset + MiB - 1}` });
    if (result.status !== 206 || result.bytes !== MiB) throw new Error(`${label}: range read returned ${result.status} with ${result.bytes} bytes`);
    ttfbs.push(result.ttfbMs);
    rangeBytes += result.bytes;
    rangeMs += result.totalMs;
  }
  const full = await timedGet(url);
  if (full.status !== 200 || full.bytes !== sizeBytes) throw new Error(`${label}: full read returned ${full.status} with ${full.bytes} bytes`);
  return { rangeTtfbP50: percentile(ttfbs, 50), rangeTtfbP95: percentile(ttfbs, 95), rangeMBps: mbPerSecond(rangeBytes, rangeMs), fullTtfb: full.ttfbMs, fullMBps: mbPerSecond(full.bytes, full.totalMs) };
}

/** The pid and its descendants (next start may run the server in a child process). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${entry}/status`, "utf8"))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]!) ?? []));
  return all;
}

function memoryOf(pid: number): { rssMiB: number; hwmMiB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssMiB: kb("VmRSS") / 1024, hwmMiB: kb("VmHWM") / 1024 };
}

/** Streams `file` as the `file` field of a multipart body, so the client holds none of it in memory. */
function uploadFile(appUrl: string, file: string, token: string): Promise<{ status: number; body: string; seconds: number }> {
  const boundary = `----marquee-bench-${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${appUrl}/api/upload`,
      { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": length } },
      (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body, seconds: (Date.now() - started) / 1000 }));
      },
    );
    request.on("error", reject);
    request.write(head);
    const source = fs.createReadStream(file);
    source.pipe(request, { end: false });
    source.on("end", () => request.end(tail));
    source.on("error", reject);
  });
}

function startNginx(port: number): ChildProcess {
  const temp = path.join(work, "nginx");
  fs.mkdirSync(temp, { recursive: true });
  const config = path.join(temp, "nginx.conf");
  fs.writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${temp}/nginx.pid;
error_log ${temp}/error.log;
events { worker_connections 64; }
http {
  access_log off;
  sendfile on;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  server {
    listen 127.0.0.1:${port};
    location /api/upload/ { alias ${uploads}/; }
  }
}
`,
  );
  return spawn(nginxBinary, ["-c", config, "-p", temp], { stdio: "inherit" });
}

async function waitFor(url: string, what: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer within 60 s`);
}

async function main() {
  log(`Writing a ${sizeBytes / MiB} MiB fake video`);
  writeFakeVideo(storedFile, sizeBytes);

  const database = await openDatabase({ dataDir: path.join(work, "postgres"), name: "marquee_bench", log });
  const children: ChildProcess[] = [];
  try {
    await migrate(database.url);
    const db = createPrismaClient(database.url);
    const admin = await db.user.create({ data: { email: "bench@marquee.local", fullName: "Bench", isAdmin: true }, select: { id: true, credentialsVersion: true } });
    await db.$disconnect();
    // Imported only now: lib/env reads AUTH_SECRET when first loaded, and the app gets the same one.
    process.env.AUTH_SECRET = AUTH_SECRET;
    const { signToken } = await import("@/lib/auth/token");
    const token = await signToken(admin);

    await buildIfStale(".next");
    const [appPort, nginxPort] = [await freePort(), await freePort()];
    const appUrl = `http://127.0.0.1:${appPort}`;
    const app = spawn(bin("next"), ["start", "--port", String(appPort), "--hostname", "127.0.0.1"], {
      cwd: projectRoot,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DATABASE_URL: database.url, AUTH_SECRET, STORAGE_DRIVER: "local", STORAGE_LOCAL_DIR: uploads, MARQUEE_DATA_DIR: path.join(work, "data"), NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    });
    children.push(app);
    children.push(startNginx(nginxPort));
    const nginxUrl = `http://127.0.0.1:${nginxPort}`;
    await waitFor(`${appUrl}/api/health`, "The app");
    await waitFor(`${nginxUrl}/api/upload/movie/${fileName}`, "nginx");

    const offsets = Array.from({ length: rangeCount + 5 }, () => Math.floor(Math.random() * (sizeBytes - MiB)));
    log(`Reading through nginx and through the app: ${rangeCount} random 1 MiB ranges, then the whole file`);
    const viaNginx = await measureReads("nginx", `${nginxUrl}/api/upload/movie/${fileName}`, offsets);
    const viaApp = await measureReads("app", `${appUrl}/api/upload/movie/${fileName}`, offsets);

    const pids = processTree(app.pid!);
    const before = pids.map((pid) => ({ pid, ...memoryOf(pid) }));
    log(`Uploading ${sizeBytes / MiB} MiB through POST /api/upload while sampling memory`);
    let peakRss = 0;
    const sampler = setInterval(() => {
      for (const pid of pids) {
        try {
          peakRss = Math.max(peakRss, memoryOf(pid).rssMiB);
        } catch {
          // gone
        }
      }
    }, 50);
    const upload = await uploadFile(appUrl, storedFile, token);
    clearInterval(sampler);
    const after = pids.map((pid) => ({ pid, ...memoryOf(pid) }));
    if (upload.status !== 200) throw new Error(`Upload failed: ${upload.status} ${upload.body}`);

    const row = (name: string, nginx: number, app: number, unit: string, digits = 1) =>
      `| ${name} | ${nginx.toFixed(digits)} ${unit} | ${app.toFixed(digits)} ${unit} | ${(app / nginx).toFixed(2)} |`;
    console.log(`
File: ${sizeBytes / MiB} MiB, page-cached; client and servers on this machine (${os.cpus().length} cores, ${os.cpus()[0]?.model}).

| Measure | nginx | /api/upload | app ÷ nginx |
|---|---|---|---|
${row(`1 MiB range, time to first byte, median (${rangeCount} random)`, viaNginx.rangeTtfbP50, viaApp.rangeTtfbP50, "ms", 2)}
${row("1 MiB range, time to first byte, p95", viaNginx.rangeTtfbP95, viaApp.rangeTtfbP95, "ms", 2)}
${row("1 MiB ranges, throughput", viaNginx.rangeMBps, viaApp.rangeMBps, "MiB/s")}
${row("Full sequential read, time to first byte", viaNginx.fullTtfb, viaApp.fullTtfb, "ms", 2)}
${row("Full sequential read, throughput", viaNginx.fullMBps, viaApp.fullMBps, "MiB/s")}

Upload of ${sizeBytes / MiB} MiB through POST /api/upload: ${upload.seconds.toFixed(1)} s (${(sizeBytes / MiB / upload.seconds).toFixed(0)} MiB/s), stored as ${upload.body}.
Server processes (pid: RSS before → after, peak since start VmHWM):
${before.map((b, i) => `  ${b.pid}: ${b.rssMiB.toFixed(0)} MiB → ${after[i]!.rssMiB.toFixed(0)} MiB, VmHWM ${after[i]!.hwmMiB.toFixed(0)} MiB (was ${b.hwmMiB.toFixed(0)} MiB)`).join("\n")}
Highest RSS sampled every 50 ms during the upload: ${peakRss.toFixed(0)} MiB.
`);
  } finally {
    agent.destroy();
    for (const child of children) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    }
    await database.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
