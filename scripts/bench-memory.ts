// `npm run bench:memory [-- --seconds 60 --connections 50 --rounds 1 --cgroup-mb 1024 --node-options "..."]`:
// how much memory Marquee's processes hold, idle and under load, at the demo catalogue's size.
//   1. starts Marquee exactly as `npm start` does (`node scripts/run.mjs start`: the launcher, its
//      embedded PostgreSQL, the set-up child, then the web process, server.ts), on a throwaway data
//      folder with the demo catalogue; `--node-options` becomes their NODE_OPTIONS; `--cgroup-mb N`
//      runs the launcher and everything it starts (PostgreSQL included) in a memory cgroup of N MiB
//      (Linux, as root: a small server's memory, for real);
//   2. reads every page, API read and search once, then loads them with autocannon (50 connections,
//      60 s a round) together with pictures at every width the pages' srcsets offer, none asked for
//      before (next/image's cache in the build folder is emptied first, so it resizes under the
//      load), and 1 MiB ranges of the demo videos as a
//      player asks for them;
//   3. samples every process the launcher started every 100 ms (RSS from /proc/<pid>/status) and
//      prints each one's peak (and the kernel's own peak, VmHWM), launcher + web together, the
//      cgroup's peak and whether it ran out of memory, and the answers by kind (5xx apart).
// `--url URL --pid PID` measures a server already running (its process only), as before.
// It prints figures; it asserts nothing. docs/performance.md ("Memory") records a run and the target.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "./lib/embedded-postgres";
import { buildIfStale } from "./lib/build";
import { processTree } from "./lib/process-tree";
import { projectRoot } from "./lib/database";
import { waitFor } from "./lib/demo-app";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const ROUNDS = Number(args.get("rounds") ?? 1);
const SECONDS = Number(args.get("seconds") ?? 60);
const CONNECTIONS = Number(args.get("connections") ?? 50);
const CGROUP_MB = args.has("cgroup-mb") ? Number(args.get("cgroup-mb")) : undefined;
const IDLE_SECONDS = 10;
const log = (line: string) => console.log(`[bench] ${line}`);

const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,image/avif,image/webp,*/*;q=0.8",
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const mib = (value: number) => `${value.toFixed(0)} MiB`;

/** A field of /proc/<pid>/status in MiB (VmRSS, VmHWM), or null once the process is gone. */
function statusMiB(pid: number, field: string): number | null {
  try {
    const kib = Number(
      new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1],
    );
    return Number.isFinite(kib) ? kib / 1024 : null;
  } catch {
    return null;
  }
}

/** What a process of Marquee is, by its command line: the names the figures are printed under. */
function kindOf(pid: number): string {
  let command: string;
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "gone";
  }
  if (command.includes("scripts/run.mjs")) return "launcher";
  if (command.includes("server.ts")) return "web (server.ts)";
  if (command.includes("run-setup")) return "set-up (exits before the app starts)";
  if (command.includes("worker.ts")) return "worker";
  // The web process's picture resizer (lib/media/picture-resizer.ts), named by its process title.
  if (command.startsWith("marquee-pictures")) return "pictures (resizer)";
  if (/postgres/.test(command)) return "PostgreSQL";
  return `other: ${command.slice(0, 60)}`;
}

/**
 * Every process of the tree under `root` sampled every `everyMs` while `work` runs (or for `ms`):
 * each kind's highest RSS (a kind's processes summed), launcher + web together, and the web
 * process's median.
 */
async function sample(root: number, everyMs: number, work: Promise<unknown> | number) {
  const peaks = new Map<string, number>();
  const webSamples: number[] = [];
  let launcherAndWeb = 0;
  const once = () => {
    const byKind = new Map<string, number>();
    for (const pid of processTree(root)) {
      const rss = statusMiB(pid, "VmRSS");
      if (rss !== null) byKind.set(kindOf(pid), (byKind.get(kindOf(pid)) ?? 0) + rss);
    }
    for (const [kind, rss] of byKind) peaks.set(kind, Math.max(peaks.get(kind) ?? 0, rss));
    const web = byKind.get("web (server.ts)") ?? 0;
    webSamples.push(web);
    launcherAndWeb = Math.max(launcherAndWeb, web + (byKind.get("launcher") ?? 0));
  };
  let done = false;
  const finished = typeof work === "number" ? sleep(work) : Promise.resolve(work);
  void finished.finally(() => (done = true));
  once();
  while (!done) {
    await sleep(everyMs);
    once();
  }
  await finished;
  return { peaks, launcherAndWeb, webMedian: median(webSamples) };
}

/**
 * A memory cgroup of `megabytes` for the launcher and all it starts (v1 or v2, whichever this
 * machine mounts; root only). `report()` reads the peak and the out-of-memory kills.
 */
function memoryCgroup(megabytes: number) {
  const bytes = String(megabytes * 1024 * 1024);
  const name = `marquee-bench-${process.pid}`;
  const v1 = fs.existsSync("/sys/fs/cgroup/memory/memory.limit_in_bytes") ? `/sys/fs/cgroup/memory/${name}` : null;
  const dir = v1 ?? `/sys/fs/cgroup/${name}`;
  fs.mkdirSync(dir);
  if (v1) {
    fs.writeFileSync(`${dir}/memory.limit_in_bytes`, bytes);
    // No swap either, where the kernel accounts it: the limit is the memory there is.
    if (fs.existsSync(`${dir}/memory.memsw.limit_in_bytes`))
      fs.writeFileSync(`${dir}/memory.memsw.limit_in_bytes`, bytes);
  } else {
    fs.writeFileSync(`${dir}/memory.max`, bytes);
    fs.writeFileSync(`${dir}/memory.swap.max`, "0");
  }
  const read = (file: string) => fs.readFileSync(`${dir}/${file}`, "utf8");
  return {
    add: (pid: number) => fs.writeFileSync(`${dir}/cgroup.procs`, String(pid)),
    report() {
      const peak = Number(read(v1 ? "memory.max_usage_in_bytes" : "memory.peak")) / 1024 / 1024;
      const kills = Number(/oom_kill (\d+)/.exec(read(v1 ? "memory.oom_control" : "memory.events"))?.[1] ?? 0);
      return `cgroup of ${megabytes} MiB: peak ${mib(peak)} (PostgreSQL and the page cache of its files included), out-of-memory kills ${kills}`;
    },
    remove: () => fs.rmdirSync(dir),
  };
}

type Marquee = { url: string; pid: number; stop(): Promise<void> };

/** `npm start` on a throwaway data folder: the launcher's pid is the root of everything Marquee runs. */
async function startMarquee(cgroup: ReturnType<typeof memoryCgroup> | undefined): Promise<Marquee> {
  // The set-up child builds when stale too, but inside the cgroup a build is not what is measured.
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  await buildIfStale(distDir);
  // next/image keeps its resized pictures in the build's folder, not the data folder: emptied, so
  // every run resizes the same pictures under the load (the next `npm start` resizes them again).
  fs.rmSync(path.join(projectRoot, distDir, "cache", "images"), { recursive: true, force: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-bench-memory-"));
  fs.chmodSync(work, 0o755); // the embedded server runs as the postgres user when we are root
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const launcher = spawn(process.execPath, ["scripts/run.mjs", "start"], {
    cwd: projectRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      MARQUEE_DATA_DIR: path.join(work, "data"),
      // The seeded clips are not transcoded: ffmpeg on the same cores would be measured with the pages.
      TRANSCODE_BACKLOG_ON_START: "false",
      ...(args.has("node-options") && { NODE_OPTIONS: args.get("node-options") }),
    },
  });
  // Before it starts anything: its children are born in the cgroup.
  cgroup?.add(launcher.pid!);
  const exited = new Promise((resolve) => launcher.once("exit", resolve));
  const stop = async () => {
    if (launcher.exitCode === null && launcher.signalCode === null) {
      launcher.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/api/health`, "Marquee");
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: launcher.pid!, stop };
}

/** Every picture URL of a page's HTML: each `<img>`'s src and every width of its srcset, as a browser may ask. */
function picturesIn(html: string): string[] {
  const urls: string[] = [];
  for (const [img] of html.matchAll(/<img[^>]+>/g)) {
    const src = /\ssrc="(\/_next\/image\?[^"]+)"/.exec(img)?.[1];
    if (src) urls.push(src);
    const srcset = /\ssrcset="([^"]+)"/.exec(img)?.[1] ?? "";
    for (const candidate of srcset.split(",")) {
      const candidateUrl = candidate.trim().split(/\s+/)[0];
      if (candidateUrl?.startsWith("/_next/image?")) urls.push(candidateUrl);
    }
  }
  return urls.map((url) => url.replaceAll("&amp;", "&"));
}

async function main() {
  const cgroup = CGROUP_MB === undefined ? undefined : memoryCgroup(CGROUP_MB);
  // --url and --pid measure a server already running (the scratch runs of a change).
  const marquee: Marquee = args.has("url")
    ? { url: args.get("url")!, pid: Number(args.get("pid")), stop: () => Promise.resolve() }
    : await startMarquee(cgroup);
  try {
    const { url, pid } = marquee;
    type Page = { movies: { _id: string; name: string }[]; moviesCount: number; totalPage: number };
    const pageOf = async (page: number) =>
      (await (await fetch(`${url}/api/movie?limit=50&page=${page}`)).json()) as Page;
    const first = await pageOf(1);
    const list = { moviesCount: first.moviesCount, movies: [...first.movies] };
    for (let page = 2; page <= first.totalPage; page++) list.movies.push(...(await pageOf(page)).movies);
    const words = [...new Set(list.movies.flatMap((movie) => movie.name.toLowerCase().match(/[a-z]{5,}/g) ?? []))];
    const pages = [
      "/",
      "/movies",
      "/about-us",
      ...list.movies.map((movie) => `/movie/${movie._id}`),
      // Rendered per request: listing pages, filters and searches.
      "/movies?page=2",
      "/movies?page=3",
      "/movies?sort=rate",
      ...words.slice(0, 20).map((word) => `/movies/${word}`),
    ];
    const apis = [
      "/api/movie",
      "/api/movie?page=2",
      "/api/movie/toprate",
      ...list.movies.slice(0, 20).map((movie) => `/api/movie/${movie._id}`),
      ...words.slice(0, 10).map((word) => `/api/movie?search=${word}`),
      ...words.slice(0, 10).map((word) => `/api/movie/suggest?q=${word.slice(0, 3)}`),
    ];
    // One visit of each page and read (pages kept, as after a day's visitors); the pictures and
    // videos they show are collected, and not asked for before the load.
    const pictures = new Set<string>();
    const videos = new Set<string>();
    for (const target of [...pages, ...apis]) {
      const response = await fetch(url + target, { headers: BROWSER });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${target}: ${response.status}`);
      for (const picture of picturesIn(body)) pictures.add(picture);
      if (target.startsWith("/api/movie/") && !target.includes("?")) {
        const video = (JSON.parse(body) as { video?: string }).video ?? "";
        if (video.startsWith(`${url}/api/upload/`) || video.startsWith("/api/upload/"))
          videos.add(video.replace(url, ""));
      }
    }
    const videoSizes = new Map<string, number>();
    for (const video of videos) {
      const response = await fetch(url + video, { method: "HEAD" });
      videoSizes.set(video, Number(response.headers.get("content-length")));
    }
    // Requests in turn: pages, reads and pictures, and a video range every tenth request.
    const targets: { path: string; range?: string }[] = [...pages, ...apis, ...pictures].map((target) => ({
      path: target,
    }));
    const ranges: { path: string; range: string }[] = [];
    for (const [video, size] of videoSizes)
      for (let start = 0; start < size; start += 4 * 1024 * 1024)
        ranges.push({ path: video, range: `bytes=${start}-${Math.min(size, start + 1024 * 1024) - 1}` });
    log(
      `${list.moviesCount} movies; ${pages.length} pages, ${apis.length} API reads, ${pictures.size} picture widths, ` +
        `${ranges.length} video ranges of ${videos.size} videos; ${ROUNDS} round(s) of ${SECONDS} s at ${CONNECTIONS} connections`,
    );
    await sleep(IDLE_SECONDS * 1000);
    const idleAtStart = await sample(pid, 200, 3000);
    const rows: string[] = [];
    const peaks = new Map<string, number>();
    let launcherAndWebPeak = idleAtStart.launcherAndWeb;
    let fiveHundreds = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      let next = 0;
      const load = autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 30,
        headers: BROWSER,
        requests: [
          {
            setupRequest: (request) => {
              const count = next++;
              const target =
                count % 10 === 9 && ranges.length ? ranges[count % ranges.length]! : targets[count % targets.length]!;
              return {
                ...request,
                path: target.path,
                headers: { ...request.headers, ...("range" in target && target.range && { range: target.range }) },
              };
            },
          },
        ],
      });
      const underLoad = await sample(pid, 100, load);
      const result = await load;
      await sleep(IDLE_SECONDS * 1000);
      const idleAfter = await sample(pid, 200, 3000);
      for (const [kind, rss] of underLoad.peaks) peaks.set(kind, Math.max(peaks.get(kind) ?? 0, rss));
      launcherAndWebPeak = Math.max(launcherAndWebPeak, underLoad.launcherAndWeb);
      fiveHundreds += result["5xx"];
      const others = result.errors + result.timeouts + result.non2xx - result["5xx"];
      log(`Round ${round}: web peak ${mib(underLoad.peaks.get("web (server.ts)") ?? 0)}, ${result["5xx"]} 5xx`);
      rows.push(
        `| ${round} | ${result.requests.average.toFixed(0)} | ${underLoad.webMedian.toFixed(0)} | ${(underLoad.peaks.get("web (server.ts)") ?? 0).toFixed(0)} | ${underLoad.launcherAndWeb.toFixed(0)} | ${idleAfter.webMedian.toFixed(0)} | ${result["5xx"]} | ${others} |`,
      );
    }
    const kernelPeaks = processTree(pid)
      .map((child) => ({ kind: kindOf(child), hwm: statusMiB(child, "VmHWM") }))
      .filter(({ kind, hwm }) => hwm !== null && kind !== "PostgreSQL");
    console.log(`
${list.moviesCount} movies; ${CONNECTIONS} connections, ${ROUNDS} round(s) of ${SECONDS} s over ${targets.length} paths and ${ranges.length} video ranges.
${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, NODE_OPTIONS ${args.get("node-options") ?? process.env.NODE_OPTIONS ?? "(none)"}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")} at the end.
Idle after start (one request of each page and read served): web ${mib(idleAtStart.webMedian)}, launcher + web ${mib(idleAtStart.launcherAndWeb)}

| Round | Requests/s | Web RSS under load, median | Web RSS, peak | Launcher + web, peak | Web RSS idle ${IDLE_SECONDS} s after | 5xx | Other errors, timeouts, non-2xx |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}

Peak RSS of each process Marquee started (sampled every 100 ms; the kernel's VmHWM at the end):
${[...peaks].map(([kind, rss]) => `  ${kind}: ${mib(rss)}`).join("\n")}
${kernelPeaks.map(({ kind, hwm }) => `  ${kind}: VmHWM ${mib(hwm!)}`).join("\n")}
Launcher + web, peak: ${mib(launcherAndWebPeak)}; 5xx in all: ${fiveHundreds}${cgroup ? `\n${cgroup.report()}` : ""}
`);
  } finally {
    await marquee.stop();
    cgroup?.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
