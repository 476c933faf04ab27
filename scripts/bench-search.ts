// `npm run bench:search [-- --movies 100000 --runs 200 --rounds 3 --seed 11]`: how well and how fast the catalogue
// search works, on a throwaway embedded PostgreSQL with the committed migrations.
//   1. Recall: the demo catalogue's titles, cast and categories (prisma/seed/catalogue.ts, without
//      media), in two query sets, each from its own fixed seed. Set 1, the first rules' own: for every
//      title the lowercased title, a prefix, one typo in each word of 5+ letters, two typos in each
//      word of 9+ letters, two words with a typo each (a deletion only where the typed word keeps
//      its budget). Set 2, typed as the rules of Typesense forgive (one typo from 4 letters, two from
//      7: lib/search-typo-rules.ts), typos made on the source word, any kind anywhere, so 3- and
//      4-letter words after a deletion occur: one typo in each title word of 4+ letters, two in each
//      of 7+, two neighbouring words with one each, and a cast member's name with as many as its
//      words forgive. Prints recall@5 (the movie, or for a cast name a movie with that person, among
//      the first five) per kind and set, and checks that nonsense (`qzxwv`) finds nothing.
//   2. Speed: generated movies (titles and cast from word lists) up to 1,000, then up to --movies;
//      p50/p95/p99 of listMovies({ search }) (queries of both sets' kinds) and suggestMovies() (the
//      functions the API calls),
//      every listing filter, the deepest page and the home page's reads, side by side with the
//      demo-size figures, and the EXPLAIN of search and suggest at the largest size.
//   3. What the forgiving rules cost, at the largest size: the search and suggest statements under
//      the previous budgets (Meilisearch's: one typo from 5 letters, two from 9) and under the
//      configured rules (default Typesense's 4 and 7), the two alternating, --rounds rounds; medians
//      of each round's p95 with their spread.
// It prints figures; it asserts nothing. docs/performance.md records a run.
import fs from "node:fs";
import { register } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { LEXICON_TYPO_RULES, typoBudget } from "@/lib/search-typo-rules";
import { demoCategories, demoMovies } from "@/prisma/seed/catalogue";
import { migrate, openDatabase } from "./lib/database";
import { generator, insertMovies, makeGenerated, type Random } from "./lib/bench-catalogue";
import { explainWithNested } from "./lib/explain";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const LARGE = Number(args.get("movies") ?? 100_000);
const RUNS = Number(args.get("runs") ?? 200);
const ROUNDS = Number(args.get("rounds") ?? 3);
const SEED = Number(args.get("seed") ?? 11);
const log = (line: string) => console.log(line);
// Before lib/data is imported: its cacheLife()/cacheTag() only work inside Next.
register("./lib/next-cache-outside-next.mjs", import.meta.url);

const random = generator(SEED);
/** Set 2's own sequence, so adding it changed neither set 1 nor the generated catalogue. */
const forgivingRandom = generator(SEED + 1000);

// ---------------------------------------------------------------- typo queries
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
type Typo = "insert" | "delete" | "substitute" | "swap";

/**
 * One typo in `word`. A deletion is only made where the shorter word keeps its typo budget
 * (`minLengthAfter` letters or more): set 1 gives a word the budget of its typed length.
 */
function addTypo(word: string, minLengthAfter: number, rng: Random = random): string {
  const kinds: Typo[] = ["insert", "substitute", "swap"];
  if (word.length - 1 >= minLengthAfter) kinds.push("delete");
  for (;;) {
    const kind = rng.pick(kinds);
    const at = rng.int(word.length);
    let result = word;
    if (kind === "insert") result = word.slice(0, at) + rng.pick([...LETTERS]) + word.slice(at);
    if (kind === "delete") result = word.slice(0, at) + word.slice(at + 1);
    if (kind === "substitute") result = word.slice(0, at) + rng.pick([...LETTERS]) + word.slice(at + 1);
    if (kind === "swap" && at < word.length - 1)
      result = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    if (result !== word) return result;
  }
}

/** Typos between two words, a swap of neighbours counting as one (optimal string alignment), as the search counts them. */
function typosBetween(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/** `word` with exactly `count` typos of any kind anywhere (set 2: a 4-letter word may come out with 3). */
function withTypos(word: string, count: number, rng: Random): string {
  for (;;) {
    let typed = word;
    for (let i = 0; i < count; i++) typed = addTypo(typed, 1, rng);
    if (typosBetween(word, typed) === count) return typed;
  }
}

const fold = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
const wordsOf = (title: string) =>
  fold(title)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

type QueryKind = "title" | "prefix" | "typo1" | "typo2" | "twoWords" | "cast";
/** A query and the movies that count as finding it (a cast name: every movie with that person). */
type LabelledQuery = { kind: QueryKind; text: string; movie: string; accepted?: string[] };

function queriesFor(title: string): LabelledQuery[] {
  const words = wordsOf(title);
  const lower = title.toLowerCase();
  const queries: LabelledQuery[] = [{ kind: "title", text: lower, movie: title }];
  // A prefix: the title cut inside or after its last word, at least 3 characters long.
  const cut = Math.max(3, Math.min(lower.length, lower.length - random.int(Math.min(5, lower.length - 3) + 1)));
  queries.push({ kind: "prefix", text: lower.slice(0, cut), movie: title });
  if (words.some((w) => w.length >= 5))
    queries.push({
      kind: "typo1",
      text: words.map((w) => (w.length >= 5 ? addTypo(w, 5) : w)).join(" "),
      movie: title,
    });
  if (words.some((w) => w.length >= 9))
    queries.push({
      kind: "typo2",
      text: words.map((w) => (w.length >= 9 ? addTypo(addTypo(w, 9), 9) : w)).join(" "),
      movie: title,
    });
  const long = words.filter((w) => w.length >= 5);
  if (long.length >= 2) {
    const first = random.int(long.length - 1);
    queries.push({
      kind: "twoWords",
      text: `${addTypo(long[first]!, 5)} ${addTypo(long[first + 1]!, 5)}`,
      movie: title,
    });
  }
  return queries;
}

/**
 * Set 2: typos by the rules of Typesense, made on the source word (any kind, anywhere), as a person
 * typing with those rules in mind would make them. `castOf` lists the movies each cast name is in.
 */
function forgivingQueriesFor(
  movie: { name: string; casts: string[] },
  moviesWithCast: (name: string) => string[],
  rng: Random = forgivingRandom,
): LabelledQuery[] {
  const budget = (word: string) => typoBudget(word.length, LEXICON_TYPO_RULES);
  const words = wordsOf(movie.name);
  const queries: LabelledQuery[] = [];
  const typed = (list: string[], typos: (word: string) => number) =>
    list.map((word) => withTypos(word, typos(word), rng)).join(" ");
  if (words.some((w) => budget(w) >= 1))
    queries.push({ kind: "typo1", text: typed(words, (w) => Math.min(1, budget(w))), movie: movie.name });
  if (words.some((w) => budget(w) >= 2))
    queries.push({ kind: "typo2", text: typed(words, (w) => (budget(w) >= 2 ? 2 : 0)), movie: movie.name });
  const forgiving = words.filter((w) => budget(w) >= 1);
  if (forgiving.length >= 2) {
    const first = rng.int(forgiving.length - 1);
    queries.push({ kind: "twoWords", text: typed(forgiving.slice(first, first + 2), () => 1), movie: movie.name });
  }
  const person = movie.casts.length ? rng.pick(movie.casts) : undefined;
  if (person && wordsOf(person).some((w) => budget(w) >= 1))
    queries.push({
      kind: "cast",
      text: typed(wordsOf(person), budget),
      movie: movie.name,
      accepted: moviesWithCast(person),
    });
  return queries;
}

// ---------------------------------------------------------------- measuring
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
type Timing = { p50: number; p95: number; p99: number };
type Measured = { wall: Timing; cpu: Timing };

/**
 * The CPU time, in ms, that PostgreSQL's backends for the bench database have used so far
 * (/proc/<pid>/schedstat counts nanoseconds on a CPU). With the machine shared, wall-clock latency
 * includes waiting for a CPU; CPU time (this plus Node's own) is what a request costs.
 */
let backendPids: number[] = [];
function backendCpuMs(): number {
  let total = 0;
  for (const pid of backendPids) {
    try {
      total += Number(fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
    } catch {
      // a backend that has exited no longer counts
    }
  }
  return total;
}
const nodeCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const summarise = (values: number[]): Timing => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

async function timeEach<T>(inputs: T[], run: (input: T) => Promise<unknown>): Promise<Measured> {
  for (const input of inputs.slice(0, 10)) await run(input); // warm the caches and plans
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const input of inputs) {
    const cpuBefore = backendCpuMs() + nodeCpuMs();
    const started = performance.now();
    await run(input);
    wall.push(performance.now() - started);
    cpu.push(backendCpuMs() + nodeCpuMs() - cpuBefore);
  }
  return { wall: summarise(wall), cpu: summarise(cpu) };
}
const ms = (value: number) => `${value.toFixed(2)} ms`;
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} on ${os.cpus().length} CPUs`;

// ---------------------------------------------------------------- the run
const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-bench-search-"));
fs.chmodSync(work, 0o755); // the embedded server runs as the postgres user when we are root
const database = await openDatabase({
  dataDir: path.join(work, "postgres"),
  name: "marquee_bench_search",
  log: () => {},
});
try {
  log(`Throwaway PostgreSQL ready; applying migrations`);
  await migrate(database.url);
  process.env.DATABASE_URL = database.url;
  // Imported once DATABASE_URL is set: the real data functions, as the API calls them.
  const movies = await import("@/lib/data/movies");
  const { db } = await import("@/lib/database/db");
  const { searchPageSql, suggestSql } = await import("@/lib/data/movie-search-sql");
  const { searchTypoRules } = await import("@/lib/env");
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();

  await client.query(
    `INSERT INTO "Category" ("id", "name", "updatedAt") SELECT gen_random_uuid(), name, now() FROM unnest($1::text[]) AS name`,
    [demoCategories],
  );
  await insertMovies(
    client,
    demoMovies.map((m) => {
      const ratings = m.reviews.map((r) => r.rating as number);
      const rate = ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : 0;
      return {
        name: m.name,
        casts: m.casts.map((c) => c.name),
        language: m.language,
        year: m.year,
        hour: m.hour,
        rate,
        category: m.category,
      };
    }),
  );

  // 1. Recall on the demo catalogue, set by set.
  const moviesWithCast = (person: string) =>
    demoMovies.filter((m) => m.casts.some((c) => c.name === person)).map((m) => m.name);
  const sets = [
    {
      title: `Set 1, the first rules' queries (seed ${SEED})`,
      queries: demoMovies.flatMap((m) => queriesFor(m.name)),
    },
    {
      title: `Set 2, typos on the source word by Typesense's rules: one from ${LEXICON_TYPO_RULES.oneTypoMinLength} letters, two from ${LEXICON_TYPO_RULES.twoTyposMinLength} (seed ${SEED + 1000})`,
      queries: demoMovies.flatMap((m) =>
        forgivingQueriesFor({ name: m.name, casts: m.casts.map((c) => c.name) }, moviesWithCast),
      ),
    },
  ];
  const misses: string[] = [];
  for (const set of sets) {
    log(`\nRecall@5 on the demo catalogue (${demoMovies.length} movies). ${set.title}:\n`);
    log(row(["Query kind", "Queries", "Found in top 5", "Recall@5"]));
    log(row(["---", "---:", "---:", "---:"]));
    let allFound = 0;
    const kinds = [...new Set(set.queries.map((q) => q.kind))];
    for (const kind of kinds) {
      const ofKind = set.queries.filter((q) => q.kind === kind);
      let found = 0;
      for (const query of ofKind) {
        const page = await movies.listMovies({ search: query.text, limit: 5 });
        const accepted = query.accepted ?? [query.movie];
        if (page.movies.some((m) => accepted.includes(m.name))) found++;
        else misses.push(`${set.title.slice(0, 5)} ${kind}: "${query.text}" (${query.movie})`);
      }
      allFound += found;
      log(row([kind, ofKind.length, found, `${((100 * found) / ofKind.length).toFixed(1)}%`]));
    }
    log(row(["all", set.queries.length, allFound, `${((100 * allFound) / set.queries.length).toFixed(1)}%`]));
  }
  if (misses.length) log(`\nMissed:\n  ${misses.join("\n  ")}`);
  const nonsense = await movies.listMovies({ search: "qzxwv" });
  log(`\n"qzxwv" finds ${nonsense.moviesCount} movies.`);

  // 2. Speed at demo size, 1,000 and LARGE movies.
  const generated = makeGenerated(random, LARGE);
  const sizes = [
    { label: `demo (${demoMovies.length})`, total: demoMovies.length },
    { label: "1k", total: 1000 },
    { label: `${LARGE / 1000}k`, total: LARGE },
  ];
  type Figures = Record<string, Measured>;
  const figures: Figures[] = [];
  let inserted = demoMovies.length;
  let largestQueries: { search: string[]; typed: string[] } = { search: [], typed: [] };
  const categoryId = (await client.query<{ id: string }>(`SELECT "id" FROM "Category" WHERE "name" = 'Drama'`)).rows[0]!
    .id;
  for (const size of sizes) {
    if (size.total > inserted) {
      const started = performance.now();
      await insertMovies(client, generated.slice(inserted - demoMovies.length, size.total - demoMovies.length));
      log(
        `\nLoaded ${size.total.toLocaleString("en")} movies (${((performance.now() - started) / 1000).toFixed(1)} s, lexicon by the triggers)`,
      );
      inserted = size.total;
    }
    const titles = [
      ...demoMovies.map((m) => m.name),
      ...generated.slice(0, size.total - demoMovies.length).map((m) => m.name),
    ];
    const sample = Array.from({ length: RUNS }, () => random.pick(titles));
    // Half from each set's kinds, one in ten "lighthose" (a typo of a common word).
    const castsOf = new Map([
      ...demoMovies.map((m) => [m.name, m.casts.map((c) => c.name)] as const),
      ...generated.map((m) => [m.name, m.casts] as const),
    ]);
    const searchQueries = sample.map((title, index) => {
      if (index % 10 === 0) return "lighthose";
      const kinds =
        index % 2 === 0
          ? queriesFor(title)
          : forgivingQueriesFor({ name: title, casts: castsOf.get(title) ?? [] }, () => []);
      return (kinds[Math.floor(index / 2) % kinds.length] ?? queriesFor(title)[0]!).text;
    });
    // What a person types, one keystroke at a time: every prefix of 2+ characters.
    const typed = sample
      .slice(0, Math.ceil(RUNS / 8))
      .flatMap((title) => Array.from({ length: Math.max(0, title.length - 1) }, (_, i) => title.slice(0, i + 2)))
      .slice(0, RUNS);
    const total = (await movies.listMovies({ limit: 20 })).moviesCount;
    backendPids = (
      await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      )
    ).rows.map((r) => r.pid);
    log(`Measuring at ${size.label} (${load()})`);
    const deepest = Math.max(1, Math.ceil(total / 20));
    const result: Figures = {
      "search (listMovies with search)": await timeEach(searchQueries, (search) => movies.listMovies({ search })),
      "suggest (suggestMovies)": await timeEach(typed, (q) => movies.suggestMovies(q)),
      "listing, no filter": await timeEach(Array(50).fill(0), () => movies.listMovies({})),
      "listing, category": await timeEach(Array(50).fill(0), () => movies.listMovies({ category: categoryId })),
      "listing, language": await timeEach(Array(50).fill(0), () => movies.listMovies({ language: "english" })),
      "listing, rate": await timeEach(Array(50).fill(0), () => movies.listMovies({ rate: 4 })),
      "listing, year": await timeEach(Array(50).fill(0), () => movies.listMovies({ year: 2015 })),
      "listing, hours": await timeEach(Array(50).fill(0), () => movies.listMovies({ time: 2 })),
      "listing, sort A-Z": await timeEach(Array(50).fill(0), () => movies.listMovies({ sort: "name" })),
      "listing, deepest page": await timeEach(Array(50).fill(0), () => movies.listMovies({ page: deepest })),
      "listing, middle page": await timeEach(Array(50).fill(0), () =>
        movies.listMovies({ page: Math.ceil(deepest / 2) }),
      ),
      "home: random 8": await timeEach(Array(50).fill(0), () => movies.randomMovies()),
      "home: top rated 10": await timeEach(Array(50).fill(0), () => movies.topRatedMovies()),
      "home: latest": await timeEach(Array(50).fill(0), () => movies.listLatestMovies(8)),
      "listing years": await timeEach(Array(50).fill(0), () => movies.listMovieYears()),
    };
    figures.push(result);
    const search = result["search (listMovies with search)"]!;
    const suggest = result["suggest (suggestMovies)"]!;
    log(
      `${size.label} movies: search ${ms(search.wall.p95)} p95 (CPU ${ms(search.cpu.p95)}), suggest ${ms(suggest.wall.p95)} p95 (CPU ${ms(suggest.cpu.p95)}); ${load()}`,
    );
    if (size === sizes.at(-1)) largestQueries = { search: searchQueries, typed };
  }

  // 3. The rules' cost: the very statements listMovies and suggestMovies run, under either rules.
  const ruleSides = [
    { label: "previous budgets (5 / 9)", typoRules: { oneTypoMinLength: 5, twoTyposMinLength: 9 } },
    {
      label: `configured (${searchTypoRules().oneTypoMinLength} / ${searchTypoRules().twoTyposMinLength})`,
      typoRules: searchTypoRules(),
    },
  ];
  type Rounds = { search: Measured[]; suggest: Measured[] };
  const rounds: Rounds[] = ruleSides.map(() => ({ search: [], suggest: [] }));
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which side goes first, so neither always runs on a warmer cache or a quieter machine.
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const side of order) {
      const { typoRules } = ruleSides[side]!;
      rounds[side]!.search.push(
        await timeEach(largestQueries.search, (search) =>
          db.$queryRaw(searchPageSql({ search, typoRules, limit: 20, offset: 0 })),
        ),
      );
      rounds[side]!.suggest.push(
        await timeEach(largestQueries.typed, (search) => db.$queryRaw(suggestSql({ search, typoRules }, 8))),
      );
    }
    log(`Rules round ${round + 1} of ${ROUNDS} done (${load()})`);
  }
  const spread = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} (${sorted[0]!.toFixed(2)}-${sorted.at(-1)!.toFixed(2)})`;
  };
  log(
    `\nThe typo rules' cost at ${sizes.at(-1)!.label}: p95 in ms of the search and suggest statements, median of ${ROUNDS} rounds (min-max), ${RUNS} queries each:\n`,
  );
  log(row(["Rules", "search wall", "search CPU", "suggest wall", "suggest CPU"]));
  log(row(["---", "---:", "---:", "---:", "---:"]));
  ruleSides.forEach((side, index) => {
    const { search, suggest } = rounds[index]!;
    log(
      row([
        side.label,
        spread(search.map((m) => m.wall.p95)),
        spread(search.map((m) => m.cpu.p95)),
        spread(suggest.map((m) => m.wall.p95)),
        spread(suggest.map((m) => m.cpu.p95)),
      ]),
    );
  });

  for (const kind of ["wall", "cpu"] as const) {
    log(
      kind === "wall"
        ? `\nWall-clock latency (p50 / p95 / p99 ms) through lib/data/movies.ts, ${RUNS} queries each for search and suggest, 50 for the rest:\n`
        : `\nCPU time per call (p50 / p95 / p99 ms: PostgreSQL backends + Node), the same calls:\n`,
    );
    log(row(["Measure", ...sizes.map((s) => s.label), `${sizes.at(-1)!.label} p50 ÷ demo p50`]));
    log(row(["---", ...sizes.map(() => "---:"), "---:"]));
    for (const measure of Object.keys(figures[0]!)) {
      const cells = figures.map(
        (f) =>
          `${f[measure]![kind].p50.toFixed(2)} / ${f[measure]![kind].p95.toFixed(2)} / ${f[measure]![kind].p99.toFixed(2)}`,
      );
      log(row([measure, ...cells, (figures.at(-1)![measure]![kind].p50 / figures[0]![measure]![kind].p50).toFixed(2)]));
    }
  }

  const explain = async (title: string, sql: { text: string; values: unknown[] }) =>
    log(`\n${title}\n\n${await explainWithNested(client, sql)}`);
  await explain(
    `EXPLAIN of search "lighthose" at ${sizes.at(-1)!.label}:`,
    searchPageSql({ search: "lighthose", typoRules: searchTypoRules(), limit: 20, offset: 0 }),
  );
  await explain(
    `EXPLAIN of suggest "lighthouse kee" at ${sizes.at(-1)!.label}:`,
    suggestSql({ search: "lighthouse kee", typoRules: searchTypoRules() }, 8),
  );
  await client.end();
  await db.$disconnect();
} finally {
  await database.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
