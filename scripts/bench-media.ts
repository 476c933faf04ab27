// `npm run bench:media [-- --size-mb 256 --ranges 50 --rounds 7 --only files|segments|streaming|images]`: how Marquee serves and takes large
// files, next to nginx and a bare Node server serving the same file from the same disk, in one run.
//   1. writes a large fake video (an MP4 header, then random bytes) into a temp upload folder;
//   2. starts a throwaway embedded PostgreSQL, the production server (`npm start`'s build and
//      server.ts) twice (plain, and in X-Accel-Redirect mode), a bare Node fs server and nginx
//      (serving the folder itself, and in front of the X-Accel instance);
//   3. in several rounds reads random 1 MiB ranges (time to first byte, throughput) and then the whole
//      file, request by request from each side in turn (the order rotating), so load from elsewhere
//      on the machine falls on every side alike; prints medians over the rounds with their spread
//      (min-max), and the ratios the targets are about, as medians of paired ratios (the same range,
//      or the same round, from both sides moments apart: pairedRatios);
//   4. uploads a file of the same size through POST /api/upload as a streamed multipart body and
//      samples the server's resident memory (/proc/<pid>/status) while it does;
//   5. streaming (scripts/lib/bench-streaming.ts): transcoding speed of the HLS pipeline, and time
//      to first frame in Chromium for the HLS ladder versus the original MP4;
//   6. images (scripts/lib/bench-images.ts): next/image's first (encoding) and cached request time
//      and bytes for a poster at listing widths, AVIF versus WebP;
//   7. segments (scripts/lib/bench-segments.ts): HLS-segment-sized ranges under concurrency
//      (`--connections 50 --seconds 5 --segment-kb 2564`), requests and MiB a second per side.
// It prints figures; it asserts nothing. docs/performance.md records a run.
import { spawn, type ChildProcess } from "node:child_process";
import { randomFillSync } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "./lib/embedded-postgres";
import { createPrismaClient } from "@/lib/database/prisma";
import { buildIfStale } from "./lib/build";
import { processTree } from "./lib/process-tree";
import { waitFor } from "./lib/demo-app";
import { benchImages } from "./lib/bench-images";
import { migrate, openDatabase, projectRoot } from "./lib/database";

const MiB = 1024 * 1024;
const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const sizeBytes = Number(args.get("size-mb") ?? 256) * MiB;
const rangeCount = Number(args.get("ranges") ?? 50);
const rounds = Number(args.get("rounds") ?? 7);
const only = args.get("only");
/** Whether this run includes a part: all of them, or the one `--only` names. */
const runs = (part: "files" | "segments" | "streaming" | "images") => !only || only === part;
/** A 4 s segment of the ladder's largest rendition: (5,000 + 128 audio) kb/s × 4 s (docs/media.md). */
const segmentBytes = Number(args.get("segment-kb") ?? 2564) * 1000;
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
function timedGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; ttfbMs: number; totalMs: number; bytes: number }> {
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

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const mbPerSecond = (bytes: number, ms: number) => bytes / MiB / (ms / 1000);

/** One round's figures for one side. */
type ReadFigures = { rangeTtfb: number; rangeMBps: number; fullTtfb: number; fullMBps: number };
const MEASURES: { key: keyof ReadFigures; label: string; unit: string; digits: number }[] = [
  { key: "rangeTtfb", label: "1 MiB random range: time to first byte (median of the round)", unit: "ms", digits: 2 },
  { key: "rangeMBps", label: "1 MiB random ranges: throughput", unit: "MiB/s", digits: 0 },
  { key: "fullTtfb", label: "Full read: time to first byte", unit: "ms", digits: 2 },
  { key: "fullMBps", label: "Full read: throughput", unit: "MiB/s", digits: 0 },
];

type Side = { name: string; url: string };
/** A round's figures for one side, and its every range read (in the order of the offsets) for pairing. */
type RoundResult = ReadFigures & { rangeTtfbs: number[] };

/**
 * Side `a` against side `b` in pairs measured moments apart, so a burst of load on this shared
 * machine falls on both of a pair; the median of the pairs' ratios says more than the ratio of two
 * medians. Each measure is paired where it is defined: time to first byte read by read (the same
 * range asked of both), throughput round by round (a round's bytes over its time), full reads round
 * by round. Times are `a` over `b`, throughputs `a` over `b` (above 1: `a` is faster).
 */
function pairedRatios(a: RoundResult[], b: RoundResult[]): Record<keyof ReadFigures, number[]> {
  const byRound = (key: keyof ReadFigures) => a.map((round, r) => round[key] / b[r]![key]);
  return {
    rangeTtfb: a.flatMap((round, r) => round.rangeTtfbs.map((ttfb, i) => ttfb / b[r]!.rangeTtfbs[i]!)),
    rangeMBps: byRound("rangeMBps"),
    fullTtfb: byRound("fullTtfb"),
    fullMBps: byRound("fullMBps"),
  };
}

async function measureRound(sides: Side[], offsets: number[]): Promise<Map<string, RoundResult>> {
  const ttfbs = new Map<string, number[]>(sides.map((side) => [side.name, []]));
  const times = new Map<string, number[]>(sides.map((side) => [side.name, []]));
  const inTurn = (shift: number) => sides.map((_, i) => sides[(i + shift) % sides.length]!);
  for (const [index, offset] of offsets.entries()) {
    for (const side of inTurn(index)) {
      const result = await timedGet(side.url, { range: `bytes=${offset}-${offset + MiB - 1}` });
      if (result.status !== 206 || result.bytes !== MiB)
        throw new Error(`${side.name}: range read returned ${result.status} with ${result.bytes} bytes`);
      ttfbs.get(side.name)!.push(result.ttfbMs);
      times.get(side.name)!.push(result.totalMs);
    }
  }
  const figures = new Map<string, RoundResult>();
  for (const side of inTurn(offsets.length)) {
    const full = await timedGet(side.url);
    if (full.status !== 200 || full.bytes !== sizeBytes)
      throw new Error(`${side.name}: full read returned ${full.status} with ${full.bytes} bytes`);
    const rangeTimes = times.get(side.name)!;
    figures.set(side.name, {
      rangeTtfb: median(ttfbs.get(side.name)!),
      rangeMBps: mbPerSecond(
        offsets.length * MiB,
        rangeTimes.reduce((sum, ms) => sum + ms, 0),
      ),
      fullTtfb: full.ttfbMs,
      fullMBps: mbPerSecond(full.bytes, full.totalMs),
      rangeTtfbs: ttfbs.get(side.name)!,
    });
  }
  return figures;
}

/** A bare Node server: a stat and an fs read stream per request, one Range form; the floor for Node. */
const BARE_NODE_SERVER = `
import fs from "node:fs";
import http from "node:http";
const [file, port] = process.argv.slice(-2);
http.createServer((req, res) => {
  fs.stat(file, (error, stats) => {
    if (error) { res.writeHead(404); res.end(); return; }
    const match = /^bytes=(\\d+)-(\\d*)$/.exec(req.headers.range ?? "");
    const start = match ? Number(match[1]) : 0;
    const end = match && match[2] ? Math.min(Number(match[2]), stats.size - 1) : stats.size - 1;
    res.writeHead(match ? 206 : 200, { "Content-Type": "video/mp4", "Content-Length": end - start + 1, ...(match && { "Content-Range": \`bytes \${start}-\${end}/\${stats.size}\` }) });
    fs.createReadStream(file, { start, end }).pipe(res);
  });
}).listen(Number(port), "127.0.0.1");
`;

function memoryOf(pid: number): { rssMiB: number; hwmMiB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssMiB: kb("VmRSS") / 1024, hwmMiB: kb("VmHWM") / 1024 };
}

/** Streams `file` as the `file` field of a multipart body, so the client holds none of it in memory. */
function uploadFile(
  appUrl: string,
  file: string,
  token: string,
): Promise<{ status: number; body: string; seconds: number }> {
  const boundary = `----marquee-bench-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${appUrl}/api/upload`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": length,
        },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, body, seconds: (Date.now() - started) / 1000 }),
        );
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

/**
 * The X-Accel-Redirect configuration exactly as docs/media.md documents it, with this run's port,
 * app and folder in place of the example ones: what is measured is what deployers copy.
 */
function documentedAccelConfig(listenPort: number, appPort: number): string {
  const doc = fs.readFileSync(path.join(projectRoot, "docs/media.md"), "utf8");
  const block = /### Behind nginx[\s\S]*?```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error("docs/media.md has no nginx block under “Behind nginx”");
  const replacements: [string, string][] = [
    ["server 127.0.0.1:3000;", `server 127.0.0.1:${appPort};`],
    ["alias /srv/marquee/.data/uploads/;", `alias ${uploads}/;`],
    ["# ... listen, server_name, TLS ...", `listen 127.0.0.1:${listenPort};`],
  ];
  return replacements.reduce((config, [example, actual]) => {
    if (!config.includes(example))
      throw new Error(`docs/media.md's nginx block no longer contains "${example}": update scripts/bench-media.ts`);
    return config.replace(example, actual);
  }, block);
}

/**
 * nginx, one worker: on `directPort` it serves the upload folder itself, with the file settings of
 * the documented internal location; on `accelPort` it runs docs/media.md's configuration in front
 * of Marquee in X-Accel-Redirect mode.
 */
function startNginx(directPort: number, accelPort: number, accelAppPort: number): ChildProcess {
  const temp = path.join(work, "nginx");
  fs.mkdirSync(temp, { recursive: true });
  const config = path.join(temp, "nginx.conf");
  fs.writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${temp}/nginx.pid;
error_log ${temp}/error.log;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  server {
    listen 127.0.0.1:${directPort};
    location /api/upload/ {
      alias ${uploads}/;
      sendfile on;
      tcp_nopush on;
      open_file_cache max=1000 inactive=60s;
    }
  }
${documentedAccelConfig(accelPort, accelAppPort)}
}
`,
  );
  return spawn(nginxBinary, ["-c", config, "-p", temp], { stdio: "inherit" });
}

async function main() {
  // Before anything loads lib/env (it reads AUTH_SECRET once): the upload's token is signed here
  // with the secret the app gets. So lib/ modules that read the env are imported dynamically below.
  process.env.AUTH_SECRET = AUTH_SECRET;
  // Checked before anything starts: a spawn of a missing binary fails only after the apps and the
  // database are up, and its unhandled error left them running.
  if (only !== "streaming" && !fs.existsSync(nginxBinary))
    throw new Error(`nginx is not at ${nginxBinary}: install it (apt-get install nginx) or name it with --nginx PATH`);
  if (runs("streaming")) {
    const { benchStreaming } = await import("./lib/bench-streaming");
    const streaming = await benchStreaming(work, rounds, log);
    console.log(`\n${streaming}\n`);
    if (only === "streaming") {
      fs.rmSync(work, { recursive: true, force: true });
      return;
    }
  }
  // Every side serves this file, in the image run too (their start-up waits for it).
  const fileBytes = runs("files") || runs("segments") ? sizeBytes : MiB;
  log(`Writing a ${fileBytes / MiB} MiB fake video`);
  writeFakeVideo(storedFile, fileBytes);

  const database = await openDatabase({ dataDir: path.join(work, "postgres"), name: "marquee_bench", log });
  const children: ChildProcess[] = [];
  try {
    await migrate(database.url);
    const db = createPrismaClient(database.url);
    const admin = await db.user.create({
      data: { email: "bench@marquee.local", fullName: "Bench", isAdmin: true },
      select: { id: true, credentialsVersion: true },
    });
    await db.$disconnect();
    const { signToken } = await import("@/lib/auth/token");
    const token = await signToken(admin);

    // `npm start`'s build; NEXT_DIST_DIR=.next-test measures the test build instead.
    const distDir = process.env.NEXT_DIST_DIR || ".next";
    await buildIfStale(distDir);
    const [appPort, accelAppPort, bareNodePort, nginxPort, nginxAccelPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const appEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      AUTH_SECRET,
      STORAGE_DRIVER: "local",
      STORAGE_LOCAL_DIR: uploads,
      MARQUEE_DATA_DIR: path.join(work, "data"),
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production" as const,
    };
    // The production server, exactly as `npm start` runs it.
    const startApp = (port: number, env: Record<string, string> = {}): ChildProcess =>
      spawn(process.execPath, ["--import", "tsx", "server.ts", "--port", String(port), "--hostname", "127.0.0.1"], {
        cwd: projectRoot,
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...appEnv, ...env },
      });
    const app = startApp(appPort);
    children.push(app);
    children.push(startApp(accelAppPort, { MEDIA_ACCEL_REDIRECT_PREFIX: "/protected-uploads/" }));
    children.push(
      spawn(process.execPath, ["--input-type=module", "-e", BARE_NODE_SERVER, storedFile, String(bareNodePort)], {
        stdio: "inherit",
      }),
    );
    children.push(startNginx(nginxPort, nginxAccelPort, accelAppPort));

    const filePath = `/api/upload/movie/${fileName}`;
    const sides = [
      { name: "nginx", url: `http://127.0.0.1:${nginxPort}${filePath}` },
      { name: "bare Node", url: `http://127.0.0.1:${bareNodePort}${filePath}` },
      { name: "Marquee", url: `http://127.0.0.1:${appPort}${filePath}` },
      { name: "nginx + Marquee X-Accel", url: `http://127.0.0.1:${nginxAccelPort}${filePath}` },
    ];
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitFor(`${appUrl}/api/health`, "The app");
    await waitFor(`http://127.0.0.1:${accelAppPort}/api/health`, "The X-Accel app");
    for (const side of sides) await waitFor(side.url, side.name);
    // What a client gets from nginx in front of Marquee's X-Accel-Redirect answer (docs/media.md).
    const accelHead = await fetch(`${sides[3]!.url}?download=1&name=Bench`, { method: "HEAD" });
    const shown = [
      "content-type",
      "content-length",
      "cache-control",
      "x-content-type-options",
      "content-disposition",
      "etag",
      "accept-ranges",
    ];
    log(
      `X-Accel answer through nginx: ${accelHead.status}, ${shown.map((h) => `${h}: ${accelHead.headers.get(h)}`).join(", ")}`,
    );
    const etags = await Promise.all(
      sides.map(async (side) => (await fetch(side.url, { method: "HEAD" })).headers.get("etag")),
    );
    log(`ETag per side (one file, one validator wherever it is served from): ${etags.join(", ")}`);
    const missing = await fetch(`${sides[3]!.url.replace(fileName, "0-missing.mp4")}`);
    log(
      `X-Accel, a stored name with no file: ${missing.status} ${await missing.text()}, cache-control: ${missing.headers.get("cache-control")}`,
    );

    if (runs("images")) {
      log("Images: next/image's optimizer, AVIF versus WebP");
      console.log(`\n${await benchImages(appUrl, uploads, rounds * 5, log)}\n`);
    }
    if (runs("segments")) {
      const { benchSegments } = await import("./lib/bench-segments");
      const options = {
        fileBytes,
        segmentBytes,
        connections: Number(args.get("connections") ?? 50),
        seconds: Number(args.get("seconds") ?? 5),
        rounds,
      };
      console.log(`\n${await benchSegments(sides, options, log)}\n`);
    }
    if (!runs("files")) return;
    // Warm up every side (connections, page cache, lazy module loading), then measure in rounds.
    const randomOffsets = () => Array.from({ length: rangeCount }, () => Math.floor(Math.random() * (sizeBytes - MiB)));
    await measureRound(sides, randomOffsets().slice(0, 10));
    log(`${rounds} rounds: ${rangeCount} random 1 MiB ranges from each side in turn, then the whole file from each`);
    const figures = new Map<string, RoundResult[]>(sides.map((side) => [side.name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const [name, result] of await measureRound(sides, randomOffsets())) figures.get(name)!.push(result);
    }

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

    const summary = (name: string, key: keyof ReadFigures) => {
      const values = figures.get(name)!.map((f) => f[key]);
      return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
    };
    const cell = (name: string, key: keyof ReadFigures, digits: number) => {
      const { median: m, min, max } = summary(name, key);
      return `${m.toFixed(digits)} (${min.toFixed(digits)}-${max.toFixed(digits)})`;
    };
    const quantile = (values: number[], q: number) =>
      [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
    const paired = {
      marquee: pairedRatios(figures.get("Marquee")!, figures.get("bare Node")!),
      accel: pairedRatios(figures.get("nginx + Marquee X-Accel")!, figures.get("nginx")!),
    };
    // Read by read (ranges x rounds pairs): the median with the middle half (25th-75th percentile);
    // round by round: the median with the min-max.
    const ratio = (which: keyof typeof paired, key: keyof ReadFigures) => {
      const values = paired[which][key];
      const [low, high] =
        key === "rangeTtfb"
          ? [quantile(values, 0.25), quantile(values, 0.75)]
          : [Math.min(...values), Math.max(...values)];
      return `${median(values).toFixed(2)} (${low.toFixed(2)}-${high.toFixed(2)})`;
    };
    console.log(`
File: ${sizeBytes / MiB} MiB, page-cached; client and servers on this machine (${os.cpus().length} cores, ${os.cpus()[0]?.model}).
${rounds} rounds of ${rangeCount} random 1 MiB ranges and one full read per side; median over the rounds (min-max).
Ratios: median of paired ratios; range time to first byte paired read by read (25th-75th percentile), the rest round by round (min-max).

| Measure | ${sides.map((side) => side.name).join(" | ")} | Marquee ÷ bare Node | X-Accel ÷ nginx |
|---|${sides.map(() => "---|").join("")}---|---|
${MEASURES.map((m) => `| ${m.label} (${m.unit}) | ${sides.map((side) => cell(side.name, m.key, m.digits)).join(" | ")} | ${ratio("marquee", m.key)} | ${ratio("accel", m.key)} |`).join("\n")}

Upload of ${sizeBytes / MiB} MiB through POST /api/upload: ${upload.seconds.toFixed(1)} s (${(sizeBytes / MiB / upload.seconds).toFixed(0)} MiB/s), stored as ${upload.body}.
Server processes (pid: RSS before → after, peak since start VmHWM):
${before.map((b, i) => `  ${b.pid}: ${b.rssMiB.toFixed(0)} MiB → ${after[i]!.rssMiB.toFixed(0)} MiB, VmHWM ${after[i]!.hwmMiB.toFixed(0)} MiB (was ${b.hwmMiB.toFixed(0)} MiB)`).join("\n")}
Highest RSS sampled every 50 ms during the upload: ${peakRss.toFixed(0)} MiB.
`);
  } finally {
    agent.destroy();
    for (const child of children) {
      // A child that never started (spawn's error) has no pid and will not exit.
      if (child.pid !== undefined && child.exitCode === null) {
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
  fs.rmSync(work, { recursive: true, force: true });
  console.error(error);
  process.exitCode = 1;
});
