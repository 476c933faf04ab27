// `npm run audit:lighthouse [-- --runs 3 --only /movies,desktop --reports DIR --url URL]`: Lighthouse's
// scores for the catalogue pages, as a visitor's browser gets them from the production build.
//   1. starts the demo app (scripts/lib/demo-app.ts: a throwaway PostgreSQL with the demo catalogue,
//      `next start` on the build, built first when stale) and asks each page once to warm its caches;
//   2. runs Lighthouse in Chromium on `/`, `/movies` and `/movie/{the newest movie}` with the mobile
//      and the desktop presets, `--runs` times each (default 3), after one run that is not counted: the
//      first view of each picture at a width has the optimizer encode it (AVIF, up to a second on a busy
//      2-core machine), a cost the first visitor pays, after which every visitor gets the kept file;
//   3. prints a table of the medians: the four category scores, LCP, CLS and TBT, the JavaScript the
//      page loaded (bytes transferred, compressed as the server sends it), and the ids of the audits
//      that failed in any run (with how many runs), which say what to fix.
// `--only` takes a comma list of pages (`/`, `/movies`, `/movie`) and presets (`mobile`, `desktop`);
// `--reports DIR` also writes each run's full HTML report there (the hints behind each figure);
// `--url` audits an app already running there (with a catalogue) instead of starting the demo app;
// `--baseline URL` audits a second running app (another build: a worktree of an older commit started
// with `PORT=3001 npm start`) in the same run, the two alternated (A, B, then B, A), and prints its
// rows beside the others, marked "baseline": a change is judged against a baseline measured in the same conditions.
// Each row also gives the host's speed as Lighthouse measured it before each run (its benchmark index):
// the mobile preset multiplies the CPU time it observes by 4, a factor Lighthouse calibrates for a host
// of 1500-2000, so a run on a slower or busier host emulates a slower phone than the preset means.
// `--min-benchmark N` runs a page again (up to 3 more times) when the host measured under N, and says
// how many runs it set aside: on a shared machine, the way to get the "idle machine" figures.
// It prints figures; it asserts nothing. docs/performance.md ("Lighthouse") records a run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Config, type Result } from "lighthouse";
import { startDemoApp } from "./lib/demo-app";

const PRESETS = { mobile: undefined, desktop: desktopConfig } satisfies Record<string, Config | undefined>;
type Preset = keyof typeof PRESETS;
const PAGES = ["/", "/movies", "/movie"] as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Lighthouse shows an audit as passed from this score up (its report's own threshold). */
const PASS = 0.9;

const log = (line: string) => console.log(`[lighthouse] ${line}`);

function readArguments() {
  const args = new Map<string, string>();
  for (let i = 2; i < process.argv.length; i += 2)
    args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
  for (const name of args.keys())
    if (!["runs", "only", "reports", "url", "baseline", "min-benchmark"].includes(name))
      throw new Error(
        `Unknown option --${name} (known: --runs N, --only /,/movies,/movie,mobile,desktop, --reports DIR, --url URL, --baseline URL, --min-benchmark N)`,
      );
  const runs = Number(args.get("runs") ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a whole number from 1");
  const minBenchmark = Number(args.get("min-benchmark") ?? 0);
  if (!Number.isFinite(minBenchmark) || minBenchmark < 0) throw new Error("--min-benchmark must be a number from 0");
  const only = (args.get("only") ?? "").split(",").filter(Boolean);
  for (const item of only) {
    if (!(item in PRESETS) && !(PAGES as readonly string[]).includes(item))
      throw new Error(
        `--only: unknown page or preset "${item}" (known: ${[...PAGES, ...Object.keys(PRESETS)].join(", ")})`,
      );
  }
  const onlyPages = only.filter((item) => !(item in PRESETS));
  const onlyPresets = only.filter((item) => item in PRESETS);
  const reports = args.get("reports") || undefined;
  if (reports) fs.mkdirSync(reports, { recursive: true });
  const url = args.get("url") ? new URL(args.get("url")!).origin : undefined;
  const baseline = args.get("baseline") ? new URL(args.get("baseline")!).origin : undefined;
  return {
    runs,
    minBenchmark,
    reports,
    url,
    baseline,
    pages: PAGES.filter((page) => onlyPages.length === 0 || onlyPages.includes(page)),
    presets: (Object.keys(PRESETS) as Preset[]).filter(
      (preset) => onlyPresets.length === 0 || onlyPresets.includes(preset),
    ),
  };
}

type Figures = {
  scores: number[];
  lcp: number;
  cls: number;
  tbt: number;
  scriptBytes: number;
  failing: string[];
  /** Lighthouse's benchmark index of the host, measured just before the run. */
  benchmark: number;
};

/** The scripts' bytes over the wire (Lighthouse's resource summary: compressed, as the server sent them). */
function scriptBytesOf(result: Result): number {
  const details = result.audits["resource-summary"]?.details;
  const items =
    details && "items" in details ? (details.items as { resourceType?: string; transferSize?: number }[]) : [];
  return items.find((item) => item.resourceType === "script")?.transferSize ?? NaN;
}

function figuresOf(result: Result): Figures {
  const failing = new Set<string>();
  for (const category of CATEGORIES) {
    // The audits that cost points (weighted); performance's unweighted hints are in the full report.
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const score = result.audits[ref.id]?.score;
      if (ref.weight > 0 && typeof score === "number" && score < PASS) failing.add(ref.id);
    }
  }
  return {
    scores: CATEGORIES.map((category) => Math.round((result.categories[category]?.score ?? 0) * 100)),
    lcp: result.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    cls: result.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    tbt: result.audits["total-blocking-time"]?.numericValue ?? NaN,
    scriptBytes: scriptBytesOf(result),
    failing: [...failing],
    benchmark: result.environment.benchmarkIndex,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function row(page: string, preset: Preset, runs: Figures[], setAside: number): string {
  const scores = CATEGORIES.map((_, index) => median(runs.map((run) => run.scores[index]!)).toFixed(0));
  const counts = new Map<string, number>();
  for (const id of runs.flatMap((run) => run.failing)) counts.set(id, (counts.get(id) ?? 0) + 1);
  const failing =
    [...counts].map(([id, count]) => (runs.length > 1 ? `${id} (${count}/${runs.length})` : id)).join(", ") || "-";
  const lcp = `${(median(runs.map((run) => run.lcp)) / 1000).toFixed(1)} s`;
  const cls = median(runs.map((run) => run.cls)).toFixed(3);
  const tbt = `${median(runs.map((run) => run.tbt)).toFixed(0)} ms`;
  const script = `${(median(runs.map((run) => run.scriptBytes)) / 1000).toFixed(0)} kB`;
  const benchmarks = runs.map((run) => run.benchmark);
  const host =
    `${median(benchmarks).toFixed(0)} (${Math.min(...benchmarks).toFixed(0)}-${Math.max(...benchmarks).toFixed(0)})` +
    (setAside ? `, ${setAside} slower run(s) set aside` : "");
  return `| ${page} | ${preset} | ${scores.join(" | ")} | ${lcp} | ${cls} | ${tbt} | ${script} | ${host} | ${failing} |`;
}

/** `/movie` is the newest movie's page. */
const pathOf = (page: string, movieId: string) => (page === "/movie" ? `/movie/${movieId}` : page);

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ");

async function main() {
  const { runs, minBenchmark, reports, url, baseline, pages, presets } = readArguments();
  const demo = url ? { url, stop: () => Promise.resolve() } : await startDemoApp("lighthouse", log);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const targets = [{ name: "", url: demo.url }, ...(baseline ? [{ name: " baseline", url: baseline }] : [])].map(
      (target) => ({ ...target, movieId: "" }),
    );
    for (const target of targets) {
      const list = (await (await fetch(`${target.url}/api/movie`)).json()) as { movies: { _id: string }[] };
      target.movieId = list.movies[0]!._id;
      // The first request to a page renders it and fills the data cache: not what a visitor waits for.
      for (const page of pages) await fetch(target.url + pathOf(page, target.movieId));
    }

    // Debian's Chromium when it is there (this machine), else the browser chrome-launcher finds.
    const chromePath =
      process.env.CHROME_PATH || (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    const { port } = chrome;
    const loadBefore = loadAverage();
    const rows: string[] = [];
    let version = "";
    for (const page of pages) {
      for (const preset of presets) {
        const results = targets.map((): Figures[] => []);
        const setAside = targets.map(() => 0);
        for (let run = 0; run <= runs; run++) {
          // With a baseline, the sides alternate: this app first on even runs, the baseline first on odd ones.
          const order = run % 2 ? [...targets.keys()].reverse() : [...targets.keys()];
          for (const index of order) {
            const { name, url: origin, movieId } = targets[index]!;
            const label = `${page}${name} ${preset}`;
            const audit = async () => {
              const answer = await lighthouse(
                origin + pathOf(page, movieId),
                { port, output: "html", logLevel: "error", onlyCategories: [...CATEGORIES] },
                PRESETS[preset],
              );
              if (!answer) throw new Error(`Lighthouse returned nothing for ${label}`);
              if (answer.lhr.runtimeError)
                throw new Error(`Lighthouse failed on ${label}: ${answer.lhr.runtimeError.message}`);
              return answer;
            };
            let answer = await audit();
            if (run === 0) {
              log(`${label}: warm-up run (not counted) done`);
              continue;
            }
            for (let retry = 0; retry < 3 && answer.lhr.environment.benchmarkIndex < minBenchmark; retry++) {
              log(
                `${label} run ${run}: host measured ${answer.lhr.environment.benchmarkIndex.toFixed(0)} (under ${minBenchmark}), ` +
                  `set aside (${figuresOf(answer.lhr).scores.join(" / ")}), running it again`,
              );
              setAside[index]!++;
              answer = await audit();
            }
            version = answer.lhr.lighthouseVersion;
            if (reports)
              fs.writeFileSync(
                path.join(
                  reports,
                  `${page.slice(1).replace(/\W/g, "-") || "home"}${name.replace(" ", "-")}-${preset}-${run}.html`,
                ),
                String(answer.report),
              );
            const figures = figuresOf(answer.lhr);
            results[index]!.push(figures);
            log(`${label} run ${run} of ${runs}: ${figures.scores.join(" / ")}, host ${figures.benchmark.toFixed(0)}`);
          }
        }
        targets.forEach(({ name }, index) =>
          rows.push(row(`\`${page}\`${name}`, preset, results[index]!, setAside[index]!)),
        );
      }
    }
    console.log(`
Lighthouse ${version}, ${runs} run(s) per page and preset, medians; \`/movie\` is /movie/{the newest seeded movie}.
${os.cpus().length} cores (${os.cpus()[0]?.model}), load average (1, 5, 15 min) ${loadBefore} before and ${loadAverage()} after.
Host: Lighthouse's benchmark index before each run, median (range); its mobile preset's 4x CPU slowdown
is calibrated for 1500-2000 (Lighthouse's documentation on throttling), and a lower index emulates a slower phone.

| Page | Preset | Performance | Accessibility | Best practices | SEO | LCP | CLS | TBT | JavaScript (compressed) | Host | Failing audits (runs) |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}
`);
  } finally {
    chrome?.kill();
    await demo.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
