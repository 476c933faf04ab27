// `npm run bench:recommend [-- --movies 100000 --members 100000 --tested 1000 --runs 200 --seed 7]`:
// how good and how fast the recommendations are, on generated viewing data in a throwaway embedded
// PostgreSQL with the committed migrations.
//   1. Data: movies in taste groups (each group mostly one category, with a few regular actors) and
//      members who each like a couple of groups (some groups have many more fans than others). A member's next film is often from the group of
//      the last one (a binge), else from their tastes, sometimes anything; popular films come up
//      more (Zipf). Watches end finished, part-way or as false starts; some are liked or rated, the
//      films outside their tastes rated low. Timestamps spread over 60 days.
//   2. Quality: for --tested members with 5+ watches, their last watch (and its like and review) is
//      held out of the database. Hit rate@10 is the share of them whose held-out film is among the
//      10 films shown: the "Because you watched <their latest film>" row (becauseYouWatched, as the
//      API serves it), the same row scored by co-watching alone and by category and cast alone, and
//      the baselines in the same run: the 10 most popular films (by signals) and the week's 10 most
//      played, both without what the member has seen.
//   3. Speed: the queries as the app runs them, uncached (a cache miss): a movie's neighbours for
//      films drawn as visitors meet them (by popularity) and uniformly, a member's rows, trending,
//      nextSuggestion; p50/p95/p99 wall and CPU time, and the EXPLAIN ANALYZE of the neighbours of
//      the most popular film.
// It prints figures; it asserts nothing. docs/performance.md records a run.
import fs from "node:fs";
import { register } from "node:module";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { demoCategories } from "@/prisma/seed/catalogue";
import { migrate, openDatabase } from "./lib/database";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const MOVIES = Number(args.get("movies") ?? 100_000);
const MEMBERS = Number(args.get("members") ?? 100_000);
const TESTED = Number(args.get("tested") ?? 1000);
const RUNS = Number(args.get("runs") ?? 200);
const SEED = Number(args.get("seed") ?? 7);
/** Keep the database in this folder between runs (loaded once per set of parameters): for tuning. */
const DATA_DIR = args.get("data-dir");
const log = (line: string) => console.log(line);
// Before lib/data is imported: its cacheLife()/cacheTag() only work inside Next, so every call here
// reads the database, as a cache miss does in the app.
register("./lib/next-cache-outside-next.mjs", import.meta.url);

/** mulberry32: a small seeded generator, so every run builds the same data. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (max: number) => Math.floor(next() * max) };
}
const random = generator(SEED);

/** A UUID from a counter: stable, so a kept database matches the data generated again. */
const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
const MOVIE = 1;
const USER = 2;

// ---------------------------------------------------------------- generated viewing data
const GROUPS = Math.max(10, Math.round(MOVIES / 250));
const REGULARS = 25;
const DAY = 86_400_000;
const NOW = Date.now();
const DURATION = 5400;

type Movie = { category: string; group: number; cast: string[]; ratings: number[] };
type Event = { movie: number; at: number; position: number; liked: boolean; rating: number | null };
type Member = { events: Event[]; heldOut: Event | null };

/** Movie i is in group i % GROUPS, its rank in the group i / GROUPS: rank r comes up as 1/(r+1)^0.9. */
const perGroup = Math.ceil(MOVIES / GROUPS);
const rankWeights = Array.from({ length: perGroup }, (_, r) => 1 / (r + 1) ** 0.9);
const cumulative: number[] = [];
rankWeights.reduce((sum, weight, r) => (cumulative[r] = sum + weight), 0);
function movieOfGroup(group: number): number {
  for (;;) {
    const target = random.next() * cumulative.at(-1)!;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    const movie = low * GROUPS + group;
    if (movie < MOVIES) return movie;
  }
}

/** Some taste groups have far more fans than others: group g is picked as 1/(g+1)^0.7. */
const groupCumulative: number[] = [];
Array.from({ length: GROUPS }, (_, g) => 1 / (g + 1) ** 0.7).reduce(
  (sum, weight, g) => (groupCumulative[g] = sum + weight),
  0,
);
function popularGroup(): number {
  const target = random.next() * groupCumulative.at(-1)!;
  const index = groupCumulative.findIndex((value) => value >= target);
  return index < 0 ? GROUPS - 1 : index;
}

function generate(): { movies: Movie[]; members: Member[] } {
  const movies: Movie[] = Array.from({ length: MOVIES }, (_, i) => {
    const group = i % GROUPS;
    return {
      group,
      category: random.next() < 0.7 ? demoCategories[group % demoCategories.length]! : demoCategories[random.int(10)]!,
      cast: Array.from({ length: 3 + random.int(3) }, () =>
        random.next() < 0.4 ? `Regular ${group}-${random.int(REGULARS)}` : `Actor ${random.int(MOVIES * 2)}`,
      ),
      ratings: [],
    };
  });
  const members: Member[] = Array.from({ length: MEMBERS }, () => {
    const tastes = [popularGroup(), popularGroup()];
    const count = Math.min(150, 1 + Math.floor(-Math.log(1 - random.next()) * 15));
    const seen = new Set<number>();
    const times = Array.from({ length: count }, () => NOW - random.next() * 60 * DAY).sort((a, b) => a - b);
    let group = tastes[0]!;
    const events: Event[] = [];
    for (const at of times) {
      const roll = random.next();
      if (roll >= 0.5) group = roll < 0.85 ? tastes[random.int(2)]! : popularGroup();
      let movie = movieOfGroup(group);
      for (let retry = 0; retry < 5 && seen.has(movie); retry++) movie = movieOfGroup(group);
      if (seen.has(movie)) continue;
      seen.add(movie);
      const inTaste = tastes.includes(group);
      const ending = random.next();
      const position =
        ending < 0.6 ? DURATION : ending < 0.9 ? DURATION * (0.2 + random.next() * 0.65) : DURATION * 0.02;
      const finished = position === DURATION;
      const liked = random.next() < (finished && inTaste ? 0.25 : 0.03);
      const rating =
        random.next() < 0.1 && position > DURATION * 0.05 ? (inTaste ? 3 + random.int(3) : random.int(3)) : null;
      events.push({ movie, at, position, liked, rating });
    }
    return { events, heldOut: null };
  });
  return { movies, members };
}

/** The tested members: 5+ real watches; their last one (and anything after it) leaves the data. */
function holdOut(members: Member[]): number[] {
  const eligible = members.flatMap((member, index) =>
    member.events.filter((event) => event.position > DURATION * 0.05).length >= 5 ? [index] : [],
  );
  const tested: number[] = [];
  const picked = new Set<number>();
  while (tested.length < Math.min(TESTED, eligible.length)) {
    const index = eligible[random.int(eligible.length)]!;
    if (picked.has(index)) continue;
    picked.add(index);
    const member = members[index]!;
    const last = member.events.findLastIndex((event) => event.position > DURATION * 0.05);
    member.heldOut = member.events[last]!;
    member.events = member.events.slice(0, last);
    tested.push(index);
  }
  return tested;
}

// ---------------------------------------------------------------- loading
async function copy(client: pg.Client, sql: string, lines: Iterable<string>) {
  const stream = client.query(copyFrom(sql));
  await pipeline(Readable.from(lines), stream);
}
const iso = (ms: number) => new Date(ms).toISOString();

async function load(client: pg.Client, movies: Movie[], members: Member[]) {
  for (const { events } of members)
    for (const event of events) if (event.rating !== null) movies[event.movie]!.ratings.push(event.rating);
  await client.query(
    `INSERT INTO "Category" ("id", "name", "updatedAt") SELECT gen_random_uuid(), name, now() FROM unnest($1::text[]) AS name`,
    [demoCategories],
  );
  const categoryIds = new Map(
    (await client.query<{ id: string; name: string }>(`SELECT "id", "name"::text FROM "Category"`)).rows.map((row) => [
      row.name,
      row.id,
    ]),
  );
  // The search lexicon's triggers have nothing to do with this benchmark: skip them while loading movies.
  await client.query(`SET session_replication_role = replica`);
  await copy(
    client,
    `COPY "Movie" ("id", "name", "titleImage", "image", "language", "year", "hour", "video", "categoryId", "rate", "countReviews", "createdAt", "updatedAt") FROM STDIN`,
    (function* () {
      for (const [i, movie] of movies.entries()) {
        const count = movie.ratings.length;
        const rate = count ? Math.round((movie.ratings.reduce((a, b) => a + b, 0) / count) * 10) / 10 : 0;
        const created = iso(NOW - 400 * DAY + i * 1000);
        yield `${uuid(MOVIE, i)}\tFilm ${i}\t\t/api/upload/image/bench.webp\tEnglish\t2000\t2\t\t${categoryIds.get(movie.category)}\t${rate}\t${count}\t${created}\t${created}\n`;
      }
    })(),
  );
  await copy(
    client,
    `COPY "CastMember" ("id", "movieId", "name", "image", "position") FROM STDIN`,
    (function* () {
      let n = 0;
      for (const [i, movie] of movies.entries())
        for (const [position, name] of movie.cast.entries())
          yield `${uuid(3, n++)}\t${uuid(MOVIE, i)}\t${name}\t\t${position}\n`;
    })(),
  );
  await copy(
    client,
    `COPY "User" ("id", "email", "fullName", "updatedAt") FROM STDIN`,
    (function* () {
      for (let i = 0; i < members.length; i++)
        yield `${uuid(USER, i)}\tmember${i}@bench.test\tMember ${i}\t${iso(NOW)}\n`;
    })(),
  );
  await client.query(`SET session_replication_role = origin`);
  // Signals with their triggers on, so MovieAudience is what the app would have kept.
  await copy(
    client,
    `COPY "WatchProgress" ("userId", "movieId", "position", "duration", "updatedAt") FROM STDIN`,
    (function* () {
      for (const [i, member] of members.entries())
        for (const event of member.events)
          yield `${uuid(USER, i)}\t${uuid(MOVIE, event.movie)}\t${event.position}\t${DURATION}\t${iso(event.at)}\n`;
    })(),
  );
  await copy(
    client,
    `COPY "Favorite" ("userId", "movieId", "createdAt") FROM STDIN`,
    (function* () {
      for (const [i, member] of members.entries())
        for (const event of member.events)
          if (event.liked) yield `${uuid(USER, i)}\t${uuid(MOVIE, event.movie)}\t${iso(event.at + 60_000)}\n`;
    })(),
  );
  await copy(
    client,
    `COPY "Review" ("id", "userId", "movieId", "rating", "comment", "createdAt", "updatedAt") FROM STDIN`,
    (function* () {
      let n = 0;
      for (const [i, member] of members.entries())
        for (const event of member.events)
          if (event.rating !== null) {
            const at = iso(event.at + 120_000);
            yield `${uuid(4, n++)}\t${uuid(USER, i)}\t${uuid(MOVIE, event.movie)}\t${event.rating}\tA review.\t${at}\t${at}\n`;
          }
    })(),
  );
  await client.query(`VACUUM ANALYZE`);
}

// ---------------------------------------------------------------- measuring
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
type Timing = { p50: number; p95: number; p99: number };
const summarise = (values: number[]): Timing => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

/** CPU time (ms) PostgreSQL's backends for the bench database have used (see bench-search.ts). */
let backendPids: number[] = [];
let listBackends: () => Promise<number[]> = () => Promise.resolve([]);
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

async function timeEach<T>(inputs: T[], run: (input: T) => Promise<unknown>) {
  for (const input of inputs.slice(0, 5)) await run(input); // warm the caches and plans
  backendPids = await listBackends(); // the pool may have opened connections while warming
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
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const triple = (t: Timing) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)} / ${t.p99.toFixed(1)}`;
const percent = (hits: number, of: number) => `${((100 * hits) / of).toFixed(1)}%`;
const load1 = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} on ${os.cpus().length} CPUs`;

// ---------------------------------------------------------------- the run
const work = DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "marquee-bench-recommend-"));
fs.mkdirSync(work, { recursive: true });
fs.chmodSync(work, 0o755); // the embedded server runs as the postgres user when we are root
const database = await openDatabase({
  dataDir: path.join(work, "postgres"),
  name: "marquee_bench_recommend",
  log: () => {},
});
try {
  const started = performance.now();
  const { movies, members } = generate();
  const tested = holdOut(members);
  const signals = members.reduce((sum, m) => sum + m.events.length, 0);
  log(
    `Generated ${MOVIES.toLocaleString("en")} movies in ${GROUPS} taste groups, ${MEMBERS.toLocaleString("en")} members, ` +
      `${signals.toLocaleString("en")} watches (${((performance.now() - started) / 1000).toFixed(1)} s, seed ${SEED})`,
  );
  await migrate(database.url);
  process.env.DATABASE_URL = database.url;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const fingerprint = `${MOVIES}:${MEMBERS}:${TESTED}:${SEED}`;
  await client.query(`CREATE TABLE IF NOT EXISTS bench_loaded (fingerprint text)`);
  const loaded = (await client.query<{ fingerprint: string }>(`SELECT fingerprint FROM bench_loaded`)).rows[0];
  if (loaded?.fingerprint !== fingerprint) {
    if (loaded) throw new Error(`${work} holds other data (${loaded.fingerprint}): use another --data-dir`);
    const loading = performance.now();
    await load(client, movies, members);
    await client.query(`INSERT INTO bench_loaded VALUES ($1)`, [fingerprint]);
    log(`Loaded into PostgreSQL in ${((performance.now() - loading) / 1000).toFixed(1)} s`);
  } else log(`Reusing the data loaded in ${work}`);
  const counts = (
    await client.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM "WatchProgress")::int AS watches, (SELECT count(*) FROM "Favorite")::int AS likes,
              (SELECT count(*) FROM "Review")::int AS reviews,
              (SELECT count(*) FROM "WatchProgress" WHERE "updatedAt" >= now() - interval '7 days')::int AS week`,
    )
  ).rows[0]!;
  log(
    `In the database: ${counts.watches!.toLocaleString("en")} WatchProgress rows (${counts.week!.toLocaleString("en")} in the last 7 days), ` +
      `${counts.likes!.toLocaleString("en")} favourites, ${counts.reviews!.toLocaleString("en")} reviews`,
  );

  // Imported once DATABASE_URL is set: the functions and SQL the API runs.
  const recommendations = await import("@/lib/data/recommendations");
  const sql = await import("@/lib/data/recommendation-sql");
  const { db } = await import("@/lib/database/db");

  // 2. Quality.
  const popular = (
    await client.query<{ movieId: string }>(
      `SELECT "movieId"::text FROM "MovieAudience" ORDER BY "signals" DESC, "movieId" LIMIT 500`,
    )
  ).rows.map((r) => r.movieId);
  const trending = (await db.$queryRaw<{ movieId: string }[]>(sql.trendingSql(500))).map((r) => r.movieId);
  type Ablation = { label: string; weights: typeof sql.SIMILARITY_WEIGHTS };
  const ablations: Ablation[] = [
    { label: "co-watching only", weights: { ...sql.SIMILARITY_WEIGHTS, category: 0, cast: 0 } },
    { label: "category and cast only", weights: { ...sql.SIMILARITY_WEIGHTS, coWatching: 0 } },
    {
      label: "raw co-watching counts (audienceExponent 0)",
      weights: { ...sql.SIMILARITY_WEIGHTS, audienceExponent: 0 },
    },
    { label: "cosine (audienceExponent 0.5)", weights: { ...sql.SIMILARITY_WEIGHTS, audienceExponent: 0.5 } },
  ];
  const hits = { row: 0, popular: 0, trending: 0, ...Object.fromEntries(ablations.map((a) => [a.label, 0])) } as Record<
    string,
    number
  >;
  let withRow = 0;
  const firstTen = (ids: string[], seen: Set<string>) => ids.filter((id) => !seen.has(id)).slice(0, 10);
  const qualityStarted = performance.now();
  for (const index of tested) {
    const userId = uuid(USER, index);
    const target = uuid(MOVIE, members[index]!.heldOut!.movie);
    const seen = new Set((await db.$queryRaw<{ movieId: string }[]>(sql.seenMoviesSql(userId))).map((r) => r.movieId));
    const rows = await recommendations.becauseYouWatched(userId);
    if (rows[0]) withRow++;
    if (rows[0]?.movies.some((movie) => movie._id === target)) hits.row!++;
    if (firstTen(popular, seen).includes(target)) hits.popular!++;
    if (firstTen(trending, seen).includes(target)) hits.trending!++;
    const [seed] = await db.$queryRaw<{ movieId: string }[]>(sql.watchedSeedsSql(userId, 1));
    for (const ablation of ablations) {
      if (!seed) continue;
      const similar = await db.$queryRaw<{ id: string }[]>(sql.similarMoviesSql(seed.movieId, 40, ablation.weights));
      if (
        firstTen(
          similar.map((s) => s.id).filter((id) => id !== seed.movieId),
          seen,
        ).includes(target)
      )
        hits[ablation.label]!++;
    }
  }
  log(
    `\nHit rate@10 on ${tested.length} held-out watches (${((performance.now() - qualityStarted) / 1000).toFixed(0)} s; ` +
      `${percent(withRow, tested.length)} of these members got a "Because you watched" row):\n`,
  );
  log(row(["Top 10 shown", "Hits", "Hit rate@10"]));
  log(row(["---", "---:", "---:"]));
  const line = (label: string, key: string) => log(row([label, hits[key]!, percent(hits[key]!, tested.length)]));
  line(`"Because you watched <latest>" (weights ${JSON.stringify(sql.SIMILARITY_WEIGHTS)})`, "row");
  for (const ablation of ablations) line(`  the same row, ${ablation.label}`, ablation.label);
  line("Most popular (all-time signals), unseen", "popular");
  line("Most played this week, unseen", "trending");

  // 3. Speed.
  listBackends = async () =>
    (
      await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      )
    ).rows.map((r) => r.pid);
  const byAudience = Array.from({ length: RUNS }, () => {
    const member = members[random.int(members.length)]!;
    const event = member.events[random.int(member.events.length)];
    return uuid(MOVIE, event?.movie ?? random.int(MOVIES));
  });
  const uniform = Array.from({ length: RUNS }, () => uuid(MOVIE, random.int(MOVIES)));
  const someMembers = Array.from({ length: RUNS }, () => uuid(USER, random.int(MEMBERS)));
  log(`\nMeasuring (${load1()})`);
  const timings: [string, Awaited<ReturnType<typeof timeEach>>][] = [
    [
      "neighbours of a movie, as visitors meet them (by audience)",
      await timeEach(byAudience, (id) => db.$queryRaw(sql.similarMoviesSql(id, 40))),
    ],
    ["neighbours of a movie, uniform", await timeEach(uniform, (id) => db.$queryRaw(sql.similarMoviesSql(id, 40)))],
    ["More like this (moreLikeThis)", await timeEach(byAudience, (id) => recommendations.moreLikeThis(id))],
    [
      "a member's rows (becauseYouWatched, all misses)",
      await timeEach(someMembers.slice(0, Math.ceil(RUNS / 4)), (id) => recommendations.becauseYouWatched(id)),
    ],
    [
      "Up next (nextSuggestion)",
      await timeEach(
        someMembers.slice(0, Math.ceil(RUNS / 4)).map((userId, i) => [userId, byAudience[i]!] as const),
        ([userId, movieId]) => recommendations.nextSuggestion(userId, movieId),
      ),
    ],
    ["Trending this week (trendingMovies)", await timeEach(Array(20).fill(0), () => recommendations.trendingMovies())],
  ];
  log(
    `\nQuery time at ${MOVIES.toLocaleString("en")} movies and ${MEMBERS.toLocaleString("en")} members (${load1()}):\n`,
  );
  log(row(["Query (uncached: a cache miss)", "Runs", "Wall p50 / p95 / p99 ms", "CPU p50 / p95 / p99 ms"]));
  log(row(["---", "---:", "---:", "---:"]));
  for (const [label, { wall, cpu }] of timings)
    log(
      row([
        label,
        label.startsWith("Trending")
          ? 20
          : label.includes("member") || label.includes("Up next")
            ? Math.ceil(RUNS / 4)
            : RUNS,
        triple(wall),
        triple(cpu),
      ]),
    );

  const top = popular[0]!;
  const { text, values } = sql.similarMoviesSql(top, 40);
  const plan = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
  log(`\nEXPLAIN ANALYZE of the neighbours of the most popular movie:\n`);
  log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
  await client.end();
  await db.$disconnect();
} finally {
  await database.stop();
  if (!DATA_DIR) fs.rmSync(work, { recursive: true, force: true });
}
