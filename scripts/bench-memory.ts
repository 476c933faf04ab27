// `npm run bench:memory [-- --rounds 3 --seconds 30 --connections 200 --url URL --pid PID]`: how much
// memory the web process holds, idle and under load, at the demo catalogue's size.
//   1. starts the demo app (scripts/lib/demo-app.ts: a throwaway PostgreSQL with the demo catalogue,
//      the production build served by server.ts as `npm start` serves it, jobs in the process);
//   2. samples the web process's resident memory (RSS, /proc/<pid>/status) for a few seconds once
//      it has served one request of each kind: "idle after start";
//   3. loads it with autocannon, 200 connections, for a few rounds: every kept page (home, list,
//      each movie), listing pages and searches rendered per request, the API and the pictures the
//      pages show, in turn; RSS is sampled every 100 ms (peak and median per round) and again idle
//      after each round, so memory that keeps growing round after round shows as such.
// It prints figures; it asserts nothing. docs/performance.md ("Memory") records a run and the target.
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { startDemoApp, type DemoApp } from "./lib/demo-app";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const ROUNDS = Number(args.get("rounds") ?? 3);
const SECONDS = Number(args.get("seconds") ?? 30);
const CONNECTIONS = Number(args.get("connections") ?? 200);
const IDLE_SECONDS = 10;
const log = (line: string) => console.log(`[bench] ${line}`);

const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,image/avif,image/webp,*/*;q=0.8",
};

/** The process's resident set in MiB, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error(`No VmRSS for process ${pid}`);
  return kib / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** RSS every `everyMs` while `work` runs (or for `ms` when there is no work). */
async function sample(pid: number, everyMs: number, work: Promise<unknown> | number): Promise<number[]> {
  const samples: number[] = [rssOf(pid)];
  let done = false;
  const finished = typeof work === "number" ? sleep(work) : Promise.resolve(work);
  void finished.finally(() => (done = true));
  while (!done) {
    await sleep(everyMs);
    samples.push(rssOf(pid));
  }
  await finished;
  return samples;
}

/** Paths of the pictures a page's HTML shows (next/image URLs), decoded as a browser requests them. */
function picturesIn(html: string): string[] {
  return [...html.matchAll(/<img[^>]+src="(\/_next\/image\?[^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

async function main() {
  // --url and --pid measure a server already running (the scratch runs of a change), not the demo app.
  const demo: Pick<DemoApp, "url" | "pid" | "stop"> = args.has("url")
    ? { url: args.get("url")!, pid: Number(args.get("pid")), stop: () => Promise.resolve() }
    : await startDemoApp("bench-memory", log);
  try {
    const { url, pid } = demo;
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
    ];
    // One visit of each first: pages kept, pictures encoded (once each: a first AVIF encode takes a
    // second of CPU, not what a loaded server does all day). The pictures are those of the home page,
    // the list and three movie pages: a few dozen, as a visitor's session shows.
    const pictures = new Set<string>();
    const showsPictures = new Set(["/", "/movies", ...pages.filter((path) => path.startsWith("/movie/")).slice(0, 3)]);
    for (const path of [...pages, ...apis]) {
      const response = await fetch(url + path, { headers: BROWSER });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      if (showsPictures.has(path)) for (const picture of picturesIn(body)) pictures.add(picture);
    }
    log(`Pages and API read once; encoding ${pictures.size} pictures`);
    for (const picture of pictures) await (await fetch(url + picture, { headers: BROWSER })).arrayBuffer();
    const targets = [...pages, ...apis, ...pictures];
    log(
      `${list.moviesCount} movies; ${pages.length} pages, ${apis.length} API reads, ${pictures.size} pictures; ` +
        `${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections`,
    );

    await sleep(IDLE_SECONDS * 1000);
    const idleAtStart = median(await sample(pid, 200, 3000));
    const rows: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      let next = 0;
      const load = autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: BROWSER,
        // Each connection takes the next path in turn, so every kind is asked for all along.
        requests: [{ setupRequest: (request) => ({ ...request, path: targets[next++ % targets.length]! }) }],
      });
      const underLoad = await sample(pid, 100, load);
      const result = await load;
      await sleep(IDLE_SECONDS * 1000);
      const idleAfter = median(await sample(pid, 200, 3000));
      const errors = result.errors + result.timeouts + result.non2xx;
      log(`Round ${round}: peak ${Math.max(...underLoad).toFixed(0)} MiB, ${errors} errors or non-2xx`);
      rows.push(
        `| ${round} | ${result.requests.average.toFixed(0)} | ${median(underLoad).toFixed(0)} | ${Math.max(...underLoad).toFixed(0)} | ${idleAfter.toFixed(0)} | ${errors} |`,
      );
    }
    console.log(`
${list.moviesCount} movies; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s over ${targets.length} paths (pages, API reads, pictures).
Web process (server.ts) RSS in MiB; ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")} at the end.

Idle after start (one request of each kind served): ${idleAtStart.toFixed(0)} MiB

| Round | Requests/s | RSS under load, median | RSS under load, peak | RSS idle ${IDLE_SECONDS} s after | Errors or non-2xx |
|---|---|---|---|---|---|
${rows.join("\n")}
`);
  } finally {
    await demo.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
