// `npm run bench:scale [-- --sizes 1000,100000,1000000 --runs 100 --seed 5 --shared-buffers 2GB --keep]`: how every read of the site
// grows with the catalogue, over HTTP against the production build (issue 40).
//   1. Starts the demo app (scripts/lib/demo-app.ts: the production build behind server.ts, an
//      embedded PostgreSQL seeded with the demo catalogue and accounts), then grows that same database
//      to each size in turn, measuring before growing again: movies generated as bench:search makes
//      them (titles and cast from word lists; the search lexicon built by the triggers), and for
//      every 20 movies one member who has 3 reviews, 5 favourites, 20 watches (history, spread over
//      60 days) and 3 My List entries, films picked with a skew (popular films come up far more).
//      A movie's rate and countReviews are recomputed from its reviews, as the app does; 1 movie in
//      100 is a draft and 1 in 20 has a transcode state. VACUUM ANALYZE after each step.
//   2. Measures each endpoint with --runs sequential requests (after 5 warm-up ones), one at a time
//      (an idle site), p50/p95/p99 of the wall-clock time to the whole body. What the app caches is
//      measured as a cache miss: every request of a cached read asks for something not asked before
//      (another page, page size, filter value, movie or query), and the catalogue lists' cache tag is
//      expired after each growth step as an admin's edit expires it. Recommendations are the exception,
//      see RECOMMENDATION_MEMBERS.
//   3. Prints one table: p50/p95/p99 per endpoint at each size, the growth of p95 per step, and marks
//      the rows that miss the goals at the largest size (public read p95 <= 50 ms, suggest <= 20 ms,
//      admin read <= 150 ms, p95 growth from one size to the next (x10) <= 2x).
//   4. With --keep, leaves the app and its database running after the table (their addresses printed)
//      until Ctrl-C: a million movies take half an hour to grow, and a slow read is best studied on them
//      (EXPLAIN ANALYZE in psql on the printed database address).
// It prints figures; it asserts nothing. docs/performance.md records a run.
import os from "node:os";
import pg from "pg";
import { demoUsers } from "@/prisma/seed/catalogue";
import { ADMIN_MOVIE_SORTS } from "@/lib/validation/admin-movie";
import { generator, insertMovies, makeGenerated } from "./lib/bench-catalogue";
import { startDemoApp } from "./lib/demo-app";

/** --keep is the one flag without a value; every other option is `--name value`. */
const KEEP = process.argv.includes("--keep");
const options = process.argv.slice(2).filter((arg) => arg !== "--keep");
const args = new Map<string, string>();
for (let i = 0; i < options.length; i += 2) args.set(options[i]!.replace(/^--/, ""), options[i + 1] ?? "");
const SIZES = (args.get("sizes") ?? "1000,100000,1000000").split(",").map(Number);
const RUNS = Number(args.get("runs") ?? 100);
const SEED = Number(args.get("seed") ?? 5);
/** `--only statistics,admin list`: measure only the endpoints whose names contain one of these. */
const ONLY = args.get("only")?.split(",").filter(Boolean);
/**
 * `--shared-buffers 2GB`: PostgreSQL's shared_buffers (the embedded server's default is 128MB, sized
 * for a 1 GB host), and the search's indexes read into them after each growth (pg_prewarm).
 */
const SHARED_BUFFERS = args.get("shared-buffers");
const PREWARMED = [
  "MovieWord_word_tier_rate_createdAt_movieId_idx",
  "MovieWord_pkey",
  "SearchWord_pkey",
  "SearchWordVariant_pkey",
  "Movie_pkey",
];
const WARM_UP = 5;
/** Members signed in to measure "Because you watched": their rows reuse the similar lists cached for a minute. */
const RECOMMENDATION_MEMBERS = 20;
const MOVIES_PER_MEMBER = 20;
const log = (line: string) => console.log(`[bench:scale] ${line}`);
const random = generator(SEED);

/** The member ids are made from their number, so each step adds members after the ones before. */
const memberId = (sql: string) => `('00000002-0000-4000-8000-' || lpad(to_hex(${sql}), 12, '0'))::uuid`;

/** Grows the catalogue to `total` movies and the members to one per MOVIES_PER_MEMBER movies, with their activity. */
async function grow(client: pg.Client, total: number) {
  const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
  const movies = await count(`SELECT count(*) AS n FROM "Movie"`);
  if (total > movies)
    // Unrated: the reviews below give the rates.
    await insertMovies(
      client,
      makeGenerated(random, total - movies).map((movie) => ({ ...movie, rate: 0 })),
    );
  // bench_movie numbers the movies oldest first, so a step's new movies come after the earlier ones.
  await client.query(`DROP TABLE IF EXISTS bench_movie`);
  await client.query(
    `CREATE TABLE bench_movie AS SELECT row_number() OVER (ORDER BY "createdAt", "id")::int AS ord, "id" FROM "Movie"`,
  );
  await client.query(`ALTER TABLE bench_movie ADD PRIMARY KEY (ord)`);
  // Drafts and transcode states of the new movies, for the admin list's filters.
  await client.query(
    `UPDATE "Movie" m SET "draft" = b.ord % 100 = 7,
       "mediaState" = (ARRAY['queued', 'transcoding', 'ready', 'failed', 'cancelled'])[b.ord % 20 + 1]::"MediaState"
     FROM bench_movie b WHERE b."id" = m."id" AND b.ord > $1 AND (b.ord % 100 = 7 OR b.ord % 20 < 5)`,
    [movies],
  );
  const fromMember = (await count(`SELECT count(*) AS n FROM "User" WHERE "email" LIKE '%@bench.test'`)) + 1;
  const toMember = Math.floor(total / MOVIES_PER_MEMBER);
  if (toMember >= fromMember) {
    const range = [fromMember, toMember];
    await client.query(
      `INSERT INTO "User" ("id", "email", "fullName", "createdAt", "updatedAt")
       SELECT ${memberId("g")}, 'member' || g || '@bench.test', 'Member ' || g, now() - random() * interval '730 days', now()
       FROM generate_series($1::int, $2::int) AS g`,
      range,
    );
    // Each member's films: a skewed pick over the whole catalogue (film n comes up as about 1/sqrt(n)).
    const picks = (perMember: number) =>
      `WITH pick AS MATERIALIZED (
         SELECT g, k, 1 + floor((SELECT count(*) FROM bench_movie) * random() ^ 2)::int AS ord,
                now() - random() * interval '60 days' AS at
         FROM generate_series($1::int, $2::int) AS g, generate_series(1, ${perMember}) AS k)
       SELECT ${memberId("g")} AS member, b."id" AS movie, at, k FROM pick JOIN bench_movie b USING (ord)`;
    await client.query(
      `INSERT INTO "WatchProgress" ("userId", "movieId", "position", "duration", "updatedAt")
       SELECT member, movie, CASE WHEN k % 3 = 0 THEN 5400 ELSE random() * 5400 END, 5400, at FROM (${picks(20)}) p
       ON CONFLICT DO NOTHING`,
      range,
    );
    await client.query(
      `INSERT INTO "Favorite" ("userId", "movieId", "createdAt") SELECT member, movie, at FROM (${picks(5)}) p ON CONFLICT DO NOTHING`,
      range,
    );
    await client.query(
      `INSERT INTO "MyListEntry" ("userId", "movieId", "createdAt") SELECT member, movie, at FROM (${picks(3)}) p ON CONFLICT DO NOTHING`,
      range,
    );
    await client.query(
      `INSERT INTO "Review" ("id", "userId", "movieId", "rating", "comment", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), member, movie, floor(random() * 6)::int, 'A review written for the benchmark.', at, at FROM (${picks(3)}) p
       ON CONFLICT DO NOTHING`,
      range,
    );
    // rate and countReviews as lib/data/ratings.ts recomputes them, for the movies that have reviews.
    await client.query(
      `UPDATE "Movie" m SET "rate" = r.avg, "countReviews" = r.count
       FROM (SELECT "movieId", ROUND(AVG("rating")::numeric, 1)::float8 AS avg, COUNT(*)::int AS count FROM "Review" GROUP BY 1) r
       WHERE r."movieId" = m."id" AND (m."rate", m."countReviews") IS DISTINCT FROM (r.avg, r.count)`,
    );
  }
  // The demo member's password for the members who sign in to see their recommendations.
  await client.query(
    `UPDATE "User" SET "passwordHash" = (SELECT "passwordHash" FROM "User" WHERE "email" = $1)
     WHERE "email" LIKE '%@bench.test' AND "passwordHash" = '' AND "id" <= ${memberId(String(RECOMMENDATION_MEMBERS))}`,
    [demoUsers.find((user) => user.key === "member")!.email],
  );
  await client.query(`VACUUM ANALYZE`);
  if (SHARED_BUFFERS) {
    // A database sized for its catalogue has the search's indexes in memory, as a running site's
    // searches keep them (docs/capacity.md "The primary"): read them in after each growth.
    await client.query(`CREATE EXTENSION IF NOT EXISTS pg_prewarm`);
    await client.query(
      `SELECT sum(pg_prewarm(c.oid)) FROM pg_class c WHERE c.relname IN (${PREWARMED.map((_, i) => `$${i + 1}`).join(", ")})`,
      PREWARMED,
    );
  }
  // What an admin's edit does to the cached lists (lib/cache/expire-tags.ts expireTagsOutsideRequests).
  await client.query(
    `INSERT INTO "CacheTag" ("tag", "revalidatedAt", "expiredAt") VALUES ('movies', now(), now())
     ON CONFLICT ("tag") DO UPDATE SET "version" = nextval(pg_get_serial_sequence('"CacheTag"', 'version')),
       "revalidatedAt" = now(), "expiredAt" = now()`,
  );
}

// ---------------------------------------------------------------- requests
type Goal = "public" | "suggest" | "admin";
/** One row of the table: the i-th request's path (every i a different one where the read is cached). */
type Endpoint = { name: string; goal: Goal; as?: "admin" | "member"; path: (i: number) => string };
const GOAL_MS: Record<Goal, number> = { public: 50, suggest: 20, admin: 150 };

/** A typo in the middle of each word of 5+ letters: a letter replaced by the next in the alphabet. */
const typo = (text: string) =>
  text
    .split(" ")
    .map((word) => {
      if (word.length < 5) return word;
      const at = Math.floor(word.length / 2);
      const letter = word[at]!.toLowerCase();
      return (
        word.slice(0, at) + (letter === "z" ? "a" : String.fromCharCode(letter.charCodeAt(0) + 1)) + word.slice(at + 1)
      );
    })
    .join(" ");

async function endpointsAt(client: pg.Client, published: number, movies: number): Promise<Endpoint[]> {
  const many = RUNS + WARM_UP;
  // Movies and titles drawn at random (seeded), each request its own.
  await client.query(`SELECT setseed($1)`, [((SEED * 7919) % 1000) / 1000]);
  const sample = (
    await client.query<{ id: string; name: string }>(
      `SELECT "id", "name" FROM "Movie" WHERE NOT "draft" ORDER BY random() LIMIT $1`,
      [many * 4],
    )
  ).rows;
  const movie = (i: number, set: number) => sample[(set * many + i) % sample.length]!;
  const words = (name: string) => name.toLowerCase().split(" ").slice(0, 2).join(" ");
  const categories = (await client.query<{ id: string }>(`SELECT "id" FROM "Category" ORDER BY "name"`)).rows;
  const languages = ["english", "french", "german", "spanish", "italian", "japanese", "korean", "hindi", "turkish"];
  const sorts = ["", "newest", "rate", "year", "name"];
  const sortOf = (i: number) =>
    sorts[Math.floor(i / 50) % sorts.length] ? `&sort=${sorts[Math.floor(i / 50) % sorts.length]}` : "";
  const pages = (limit: number) => Math.max(1, Math.ceil(published / limit));
  // Each filter value in turn, a page further each round: never the same page twice.
  const filter = (name: string, values: (string | number)[]) => (i: number) =>
    `/api/movie?${name}=${values[i % values.length]}&page=${1 + Math.floor(i / values.length)}`;
  const admin = (query: (i: number) => string) => (i: number) => `/api/admin/movies?${query(i)}&page=${1 + (i % 10)}`;
  return [
    { name: "list, page 1", goal: "public", path: (i) => `/api/movie?limit=${1 + (i % 50)}${sortOf(i)}` },
    {
      name: "list, middle page",
      goal: "public",
      path: (i) => {
        const limit = 20 + (i % 31);
        return `/api/movie?limit=${limit}&page=${Math.ceil(pages(limit) / 2) + Math.floor(i / 31)}`;
      },
    },
    {
      name: "list, last page",
      goal: "public",
      path: (i) => `/api/movie?limit=${1 + (i % 50)}&page=${pages(1 + (i % 50))}${sortOf(i)}`,
    },
    {
      name: "filter: category",
      goal: "public",
      path: filter(
        "category",
        categories.map((c) => c.id),
      ),
    },
    { name: "filter: language", goal: "public", path: filter("language", languages) },
    { name: "filter: rate", goal: "public", path: filter("rate", [1, 2, 3, 4, 5]) },
    { name: "filter: year", goal: "public", path: filter("year", [1960, 1975, 1990, 2005, 2020]) },
    { name: "filter: hours", goal: "public", path: filter("time", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) },
    {
      name: "search, no typo",
      goal: "public",
      path: (i) => `/api/movie?search=${encodeURIComponent(words(movie(i, 0).name))}`,
    },
    {
      name: "search, typos",
      goal: "public",
      path: (i) => `/api/movie?search=${encodeURIComponent(typo(words(movie(i, 1).name)))}`,
    },
    {
      name: "suggest",
      goal: "suggest",
      path: (i) => {
        const name = movie(i, 2).name.toLowerCase();
        return `/api/movie/suggest?q=${encodeURIComponent(name.slice(0, 2 + (i % Math.max(1, name.length - 1))))}`;
      },
    },
    { name: "movie, API", goal: "public", path: (i) => `/api/movie/${movie(i, 0).id}` },
    { name: "movie page (HTML)", goal: "public", path: (i) => `/movie/${movie(i, 1).id}` },
    { name: "similar movies", goal: "public", path: (i) => `/api/movie/${movie(i, 3).id}/similar` },
    { name: "recommendations", goal: "public", as: "member", path: () => `/api/user/recommendations` },
    ...ADMIN_MOVIE_SORTS.flatMap((sort): Endpoint[] => [
      {
        name: `admin list, sort ${sort}`,
        goal: "admin",
        as: "admin",
        path: admin((i) => `sort=${sort}&order=${i % 2 ? "asc" : "desc"}`),
      },
    ]),
    {
      name: "admin list, last page",
      goal: "admin",
      as: "admin",
      path: (i) => `/api/admin/movies?limit=50&page=${Math.ceil(movies / 50) - (i % 10)}`,
    },
    { name: "admin list, drafts", goal: "admin", as: "admin", path: admin(() => "status=draft") },
    {
      name: "admin list, media",
      goal: "admin",
      as: "admin",
      path: admin(
        (i) => `media=${["queued", "transcoding", "failed", "cancelled", "ready", "original", "none"][i % 7]}`,
      ),
    },
    {
      name: "admin list, category",
      goal: "admin",
      as: "admin",
      path: admin((i) => `category=${categories[i % categories.length]!.id}`),
    },
    {
      name: "admin list, search",
      goal: "admin",
      as: "admin",
      path: (i) => `/api/admin/movies?search=${encodeURIComponent(typo(words(movie(i, 3).name)))}`,
    },
    {
      name: "admin users",
      goal: "admin",
      as: "admin",
      path: (i) =>
        `/api/admin/users?sort=${["joined", "name", "email"][i % 3]}&order=${i % 2 ? "asc" : "desc"}&page=${1 + (i % 20)}`,
    },
    {
      name: "admin users, search",
      goal: "admin",
      as: "admin",
      path: (i) => `/api/admin/users?search=member${i % 1000}`,
    },
    { name: "statistics page (HTML)", goal: "admin", as: "admin", path: () => `/admin/statistics` },
  ];
}

// ---------------------------------------------------------------- measuring
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
type Timing = { p50: number; p95: number; p99: number };

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

/**
 * Signs in as the login form does (NextAuth's session cookie: the admin pages take no Bearer token),
 * from its own address, as the sign-in limit counts per address. Answers the request headers to send.
 */
async function signIn(url: string, email: string, password: string, address: string): Promise<Record<string, string>> {
  const csrf = await fetch(`${url}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookiesOf(csrf).join("; "),
      "x-forwarded-for": address,
      origin: url,
    },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: url, json: "true" }),
  });
  const cookie = cookiesOf(response).find((c) => c.includes("next-auth.session-token"));
  if (!cookie) throw new Error(`Signing in as ${email}: ${response.status}, no session`);
  return { cookie };
}

async function measure(
  url: string,
  endpoint: Endpoint,
  sessions: { admin: Record<string, string>; members: Record<string, string>[] },
): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const session =
      endpoint.as === "admin"
        ? sessions.admin
        : endpoint.as === "member"
          ? sessions.members[i % sessions.members.length]
          : undefined;
    const started = performance.now();
    const response = await fetch(`${url}${endpoint.path(i)}`, {
      redirect: "manual",
      headers: {
        "x-forwarded-for": `10.${(i >> 8) & 255}.${i & 255}.9`,
        ...session,
      },
    });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${endpoint.name}: ${endpoint.path(i)} answered ${response.status}`);
    if (i >= WARM_UP) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} on ${os.cpus().length} CPUs`;
const label = (size: number) => (size >= 1e6 ? `${size / 1e6}M` : size >= 1e3 ? `${size / 1e3}k` : String(size));

// ---------------------------------------------------------------- the run
// Sign-ins come from the addresses sent in X-Forwarded-For (one proxy hop trusted), so the sign-in
// limit per address does not stop the members signing in.
process.env.TRUST_PROXY = "1";
const app = await startDemoApp("bench-scale", log, {
  postgresSettings: SHARED_BUFFERS ? { shared_buffers: SHARED_BUFFERS } : undefined,
});
const client = new pg.Client({ connectionString: app.databaseUrl });
await client.connect();
log(
  `PostgreSQL's shared_buffers: ${(await client.query<{ shared_buffers: string }>(`SHOW shared_buffers`)).rows[0]!.shared_buffers}`,
);
try {
  const admin = demoUsers.find((user) => user.key === "admin")!;
  const member = demoUsers.find((user) => user.key === "member")!;
  const figures: { size: number; timings: Map<string, Timing> }[] = [];
  let endpoints: Endpoint[] = [];
  for (const size of SIZES) {
    const started = performance.now();
    await grow(client, size);
    const counted = (
      await client.query<Record<string, number>>(
        `SELECT (SELECT count(*) FROM "Movie")::int AS movies, (SELECT count(*) FROM "Movie" WHERE NOT "draft")::int AS published,
                (SELECT count(*) FROM "User")::int AS members, (SELECT count(*) FROM "Review")::int AS reviews,
                (SELECT count(*) FROM "Favorite")::int AS favourites, (SELECT count(*) FROM "WatchProgress")::int AS watches,
                (SELECT count(*) FROM "MyListEntry")::int AS "myList", (SELECT count(*) FROM "MovieWord")::int AS "movieWords"`,
      )
    ).rows[0]!;
    log(
      `Grown to ${Object.entries(counted)
        .map(([what, n]) => `${n.toLocaleString("en")} ${what}`)
        .join(", ")} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const sessions = {
      admin: await signIn(app.url, admin.email, admin.password, "10.255.0.1"),
      members: await Promise.all(
        Array.from({ length: Math.min(RECOMMENDATION_MEMBERS, Math.floor(size / MOVIES_PER_MEMBER)) }, (_, n) =>
          signIn(app.url, `member${n + 1}@bench.test`, member.password, `10.255.1.${n + 1}`),
        ),
      ),
    };
    endpoints = (await endpointsAt(client, counted.published!, counted.movies!)).filter(
      (endpoint) => !ONLY || ONLY.some((part) => endpoint.name.includes(part)),
    );
    log(`Measuring at ${label(size)} movies (${load()})`);
    const timings = new Map<string, Timing>();
    for (const endpoint of endpoints) {
      timings.set(endpoint.name, await measure(app.url, endpoint, sessions));
      const { p50, p95, p99 } = timings.get(endpoint.name)!;
      log(`  ${endpoint.name}: ${p50.toFixed(1)} / ${p95.toFixed(1)} / ${p99.toFixed(1)} ms`);
    }
    figures.push({ size, timings });
    log(`Measured at ${label(size)} (${load()})`);
  }

  // The table: p50 / p95 / p99 per size, p95 growth per step, and what misses the goals.
  const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  const steps = figures.slice(1).map((f, index) => `${label(figures[index]!.size)}→${label(f.size)}`);
  console.log(
    `\np50 / p95 / p99 in ms over HTTP, ${RUNS} requests each, one at a time. Goals at ${label(SIZES.at(-1)!)}: public p95 <= ${GOAL_MS.public} ms, suggest <= ${GOAL_MS.suggest} ms, admin <= ${GOAL_MS.admin} ms; p95 growth per step <= 2x. ✗ marks a miss.\n`,
  );
  console.log(row(["Endpoint", ...figures.map((f) => label(f.size)), ...steps.map((s) => `p95 ×, ${s}`), "Goals"]));
  console.log(row(["---", ...figures.map(() => "---:"), ...steps.map(() => "---:"), "---"]));
  for (const endpoint of endpoints) {
    const timing = figures.map((f) => f.timings.get(endpoint.name)!);
    const growth = timing.slice(1).map((t, index) => t.p95 / timing[index]!.p95);
    const misses = [
      ...(timing.at(-1)!.p95 > GOAL_MS[endpoint.goal] ? [`p95 > ${GOAL_MS[endpoint.goal]} ms`] : []),
      ...(growth.length && growth.at(-1)! > 2 ? ["growth > 2x"] : []),
    ];
    console.log(
      row([
        endpoint.name,
        ...timing.map((t) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)} / ${t.p99.toFixed(1)}`),
        ...growth.map((g) => g.toFixed(2)),
        misses.length ? `✗ ${misses.join(", ")}` : "ok",
      ]),
    );
  }
  if (KEEP) {
    log(`Kept until Ctrl-C: the app at ${app.url}, its database at ${app.databaseUrl}`);
    await new Promise((resolve) => process.once("SIGINT", resolve));
  }
} finally {
  await client.end();
  await app.stop();
}
