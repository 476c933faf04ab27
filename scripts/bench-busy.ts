// `npm run bench:busy [-- --seconds 30 --connections 200 --url URL]`: what a saturated site answers.
//   1. starts the demo app (scripts/lib/demo-app.ts: a throwaway PostgreSQL with the demo catalogue,
//      the production build served by server.ts as `npm start` serves it), or uses --url;
//   2. reads every page and API read once (pages kept, caches warm);
//   3. loads it with autocannon, 200 connections for 30 s, over the kept pages, listing pages and
//      searches rendered per request (a new search term on every request, so each one reads the
//      database), and the API's reads, in turn;
//   4. prints, for pages and for the API, how many answers were 2xx, the 503 that says the database
//      cannot be reached ("cannot reach its database", the API's "briefly unavailable"), the 503
//      that says the site is busy, anything else, and autocannon's errors and timeouts.
// The database is up all along, so every "cannot reach" answer is a false one. It prints figures; it
// asserts nothing. docs/performance.md ("Under more load than it can serve") records runs.
import os from "node:os";
import autocannon from "autocannon";
import { startDemoApp, type DemoApp } from "./lib/demo-app";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const SECONDS = Number(args.get("seconds") ?? 30);
const CONNECTIONS = Number(args.get("connections") ?? 200);
const log = (line: string) => console.log(`[bench] ${line}`);

const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,image/avif,image/webp,*/*;q=0.8",
};

/** The texts that tell the answers apart (lib/http/unavailable-page.ts, lib/http/database-unavailable.ts). */
const UNREACHABLE = ["cannot reach its database", "The service is briefly unavailable"];
const BUSY = ["more visitors than it can serve", "busy"];

type Tally = { ok: number; unreachable: number; busy: number; other: number; statuses: Map<number, number> };
const tally = (): Tally => ({ ok: 0, unreachable: 0, busy: 0, other: 0, statuses: new Map() });

function count(into: Tally, status: number, body: string) {
  into.statuses.set(status, (into.statuses.get(status) ?? 0) + 1);
  if (status < 400) into.ok++;
  else if (status === 503 && UNREACHABLE.some((text) => body.includes(text))) into.unreachable++;
  else if (status === 503 && BUSY.some((text) => body.includes(text))) into.busy++;
  else into.other++;
}

async function main() {
  const demo: Pick<DemoApp, "url" | "stop"> = args.has("url")
    ? { url: args.get("url")!, stop: () => Promise.resolve() }
    : await startDemoApp("bench-busy", log);
  try {
    const { url } = demo;
    type Page = { movies: { _id: string; name: string }[]; totalPage: number };
    const first = (await (await fetch(`${url}/api/movie?limit=50`)).json()) as Page;
    const words = [...new Set(first.movies.flatMap((movie) => movie.name.toLowerCase().match(/[a-z]{5,}/g) ?? []))];
    const pages = [
      "/",
      "/movies",
      "/about-us",
      ...first.movies.slice(0, 20).map((movie) => `/movie/${movie._id}`),
      "/movies?page=2",
      "/movies?sort=rate",
      ...words.slice(0, 10).map((word) => `/movies/${word}`),
    ];
    const apis = [
      "/api/movie",
      "/api/movie?page=2",
      "/api/movie/toprate",
      ...first.movies.slice(0, 20).map((movie) => `/api/movie/${movie._id}`),
      ...words.slice(0, 10).map((word) => `/api/movie?search=${word}`),
    ];
    for (const path of [...pages, ...apis]) {
      const response = await fetch(url + path, { headers: BROWSER });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    }
    // A search term never asked before: its listing is read from the database, not a cache.
    let searches = 0;
    const fresh = () => `/movies/busy${process.pid.toString(36)}x${(searches++).toString(36)}`;
    const apiFresh = () => `/api/movie?search=busy${process.pid.toString(36)}x${(searches++).toString(36)}`;
    const plan: (() => string)[] = [...pages.map((path) => () => path), fresh, fresh, fresh];
    plan.push(...apis.map((path) => () => path), apiFresh, apiFresh);
    log(
      `${pages.length} pages, ${apis.length} API reads and fresh searches; ${SECONDS} s at ${CONNECTIONS} connections`,
    );

    const results = { pages: tally(), api: tally() };
    let next = 0;
    const load = autocannon({
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: BROWSER,
      requests: [
        {
          setupRequest: (request, context: { path?: string }) => {
            const path = plan[next++ % plan.length]!();
            context.path = path;
            return { ...request, path };
          },
          onResponse: (status, body, context: { path?: string }) =>
            count(context.path?.startsWith("/api/") ? results.api : results.pages, status, body),
        },
      ],
    });
    const result = await load;
    const row = (name: string, t: Tally) =>
      `| ${name} | ${t.ok + t.unreachable + t.busy + t.other} | ${t.ok} | ${t.unreachable} | ${t.busy} | ${t.other} | ${[
        ...t.statuses,
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}: ${n}`)
        .join(", ")} |`;
    console.log(`
${CONNECTIONS} connections for ${SECONDS} s; ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        " / ",
      )} at the end. ${result.requests.average.toFixed(0)} requests/s, p99 ${result.latency.p99} ms; autocannon errors ${result.errors}, timeouts ${result.timeouts}.

| Kind | Answers | 2xx/3xx | 503 "cannot reach the database" | 503 busy | Other | By status |
|---|---|---|---|---|---|---|
${row("Pages", results.pages)}
${row("API", results.api)}
`);
  } finally {
    await demo.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
