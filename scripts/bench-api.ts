// `npm run bench:api [-- --rounds 5 --seconds 8 --connections 50 --only pages|api]`: how fast the
// catalogue answers, pages and API, next to a bare node:http + pg server sending the same SQL, in one
// run on this machine.
//   1. starts a throwaway embedded PostgreSQL with the demo catalogue, the built app (`npm start`'s
//      build and server, with PUBLIC_URL set as in production) and the bare server (below);
//   2. loads each page with autocannon (50 connections) for a few seconds per round, as a browser and
//      as three clients that are not one (a script, a crawler, a link previewer), the order rotating
//      by round; loads the API the same way, the app and the bare server taking turns;
//   3. prints, per endpoint and client, the median requests/s and p99 latency with their spread
//      (min-max) over the rounds; for each other client its throughput as a share of the browser's
//      (the median of each round's ratio: both sides of a ratio were measured moments apart); for
//      the API the app's median as a share of the bare server's.
// `--only progress` instead loads watch-progress saves against the cached movie detail
// (scripts/lib/bench-progress.ts, `--members 500`).
// It prints figures; it asserts nothing. docs/performance.md records a run and the targets.
import http from "node:http";
import os from "node:os";
import { isDeepStrictEqual } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "./lib/embedded-postgres";
import { startDemoApp } from "./lib/demo-app";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const ROUNDS = Number(args.get("rounds") ?? 5);
const SECONDS = Number(args.get("seconds") ?? 8);
const CONNECTIONS = Number(args.get("connections") ?? 50);
const PAGE_SIZE = 20; // GET /api/movie's default limit (lib/validation/movie-query.ts)
const log = (line: string) => console.log(`[bench] ${line}`);

// The statements the API's list and detail send without a cache (lib/data/movies.ts with Prisma's
// selects in lib/data/movie-shapes.ts), written out by hand: page ids and count, then the cards;
// for the detail the movie with its category, its cast and its newest 100 reviews with their authors.
const LIST_IDS = `SELECT m."id" FROM "Movie" m ORDER BY m."createdAt" DESC, m."id" ASC LIMIT $1 OFFSET $2`;
const LIST_COUNT = `SELECT count(*)::int AS "count" FROM "Movie" m`;
const CARDS = `SELECT m."id", m."name", m."desc", m."titleImage", m."image", m."language", m."year", m."hour", m."video", m."rate", m."durationSeconds",
  m."countReviews", m."createdAt", c."id" AS "categoryId", c."name" AS "categoryName"
  FROM "Movie" m JOIN "Category" c ON c."id" = m."categoryId" WHERE m."id" = ANY($1::uuid[])`;
const MEDIA = `SELECT "durationSeconds", "mediaState", "hlsFolder" FROM "Movie" WHERE "id" = $1`;
const CASTS = `SELECT "id", "name", "image" FROM "CastMember" WHERE "movieId" = $1 ORDER BY "position" ASC`;
const REVIEWS = `SELECT r."id", r."userId", r."rating", r."comment", r."createdAt", u."fullName", u."image"
  FROM "Review" r JOIN "User" u ON u."id" = r."userId" WHERE r."movieId" = $1 ORDER BY r."createdAt" DESC, r."id" DESC LIMIT 100`;
const SUBTITLES = `SELECT "language", "label", "url" FROM "Subtitle" WHERE "movieId" = $1 ORDER BY "position" ASC`;

type CastRow = { id: string; name: string; image: string };
type ReviewRow = {
  id: string;
  userId: string;
  rating: number;
  comment: string;
  createdAt: Date;
  fullName: string;
  image: string;
};
type SubtitleRow = { language: string; label: string; url: string };
type Card = Record<string, unknown> & {
  id: string;
  image: string;
  titleImage: string;
  video: string;
  categoryId: string;
  categoryName: string;
  createdAt: Date;
};
// Stored media paths become absolute URLs on the site's public origin, as the API's edge does (docs/api.md "Shapes").
const absolute = (url: string, origin: string) => (url.startsWith("/") ? `${origin}${url}` : url);
const toCard = ({ id, categoryId, categoryName, createdAt, ...rest }: Card, origin: string) => ({
  _id: id,
  ...rest,
  image: absolute(rest.image, origin),
  titleImage: absolute(rest.titleImage, origin),
  video: absolute(rest.video, origin),
  category: { _id: categoryId, name: categoryName },
  createdAt: createdAt.toISOString(),
});

/** The baseline: no framework, no ORM, no cache. The same JSON shapes as /api/movie and /api/movie/{id}. */
function startBareServer(databaseUrl: string, port: number, origin: string): Promise<http.Server> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const handle = async () => {
      const url = new URL(request.url ?? "/", "http://bare.invalid");
      if (url.pathname === "/api/movie") {
        const page = Number(url.searchParams.get("page") ?? 1);
        const [ids, counted] = await Promise.all([
          pool.query<{ id: string }>(LIST_IDS, [PAGE_SIZE, (page - 1) * PAGE_SIZE]),
          pool.query<{ count: number }>(LIST_COUNT),
        ]);
        const cards = await pool.query<Card>(CARDS, [ids.rows.map((row) => row.id)]);
        const byId = new Map(cards.rows.map((row) => [row.id, row]));
        const moviesCount = counted.rows[0]!.count;
        return send(200, {
          movies: ids.rows.flatMap((row) => (byId.has(row.id) ? [toCard(byId.get(row.id)!, origin)] : [])),
          moviesCount,
          totalPage: Math.ceil(moviesCount / PAGE_SIZE),
          currentPage: page,
        });
      }
      const id = /^\/api\/movie\/([0-9a-f-]{36})$/.exec(url.pathname)?.[1];
      if (id) {
        const [cards, media, casts, reviews, subtitles] = await Promise.all([
          pool.query<Card>(CARDS, [[id]]),
          pool.query<{ durationSeconds: number | null; mediaState: string | null; hlsFolder: string | null }>(MEDIA, [
            id,
          ]),
          pool.query<CastRow>(CASTS, [id]),
          pool.query<ReviewRow>(REVIEWS, [id]),
          pool.query<SubtitleRow>(SUBTITLES, [id]),
        ]);
        if (!cards.rows[0]) return send(404, { message: "Movie not found" });
        const card = toCard(cards.rows[0], origin);
        const { durationSeconds, mediaState, hlsFolder } = media.rows[0]!;
        const hls = (file: string) =>
          mediaState === "ready" && hlsFolder ? `${origin}/api/upload/${hlsFolder}/${file}` : null;
        return send(200, {
          ...card,
          category: card.category._id,
          categoryName: card.category.name,
          casts: casts.rows.map((cast) => ({
            _id: cast.id,
            name: cast.name,
            img: absolute(cast.image, origin),
            image: absolute(cast.image, origin),
          })),
          reviews: reviews.rows.toReversed().map((review) => ({
            _id: review.id,
            userId: review.userId,
            userName: review.fullName,
            userImage: absolute(review.image, origin),
            rating: review.rating,
            comment: review.comment,
            createdAt: review.createdAt.toISOString(),
          })),
          subtitles: subtitles.rows.map((subtitle) => ({ ...subtitle, url: absolute(subtitle.url, origin) })),
          hls: hls("master.m3u8"),
          posterFrame: hls("poster.jpg"),
          thumbnails: hls("thumbnails.vtt"),
          durationSeconds,
        });
      }
      send(404, { message: "Not found" });
    };
    handle().catch((error: unknown) => send(500, { message: String(error) }));
  });
  server.on("close", () => void pool.end());
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

type Round = { requestsPerSecond: number; p99: number; errors: number };

/**
 * Who asks for the pages. Next used to render every page afresh for clients that do not claim to be a
 * browser and for self-declared bots (docs/architecture.md, "Caching"): each of these stands for one
 * kind. Every client must be served the kept pages, within 0.8x of a browser's throughput (issue 27).
 */
const CLIENTS = {
  browser: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "curl (a script)": "curl/8.5.0",
  Googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "facebookexternalhit (a link previewer)": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
} as const;
type Client = keyof typeof CLIENTS;
const CLIENT_NAMES = Object.keys(CLIENTS) as Client[];

async function load(url: string, client: Client = "browser"): Promise<Round> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { "user-agent": CLIENTS[client] },
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) log(`${url} (${client}): ${errors} errors, timeouts or non-2xx answers`);
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors };
}

/** Where two JSON values first differ, e.g. `movies[0].media: app {...}, bare undefined`. */
function firstDifference(app: unknown, bare: unknown, at = "the top"): string {
  if (isDeepStrictEqual(app, bare)) return "nowhere";
  if (app && bare && typeof app === "object" && typeof bare === "object") {
    const keys = new Set([...Object.keys(app), ...Object.keys(bare)]);
    for (const key of keys) {
      const [a, b] = [(app as Record<string, unknown>)[key], (bare as Record<string, unknown>)[key]];
      if (!isDeepStrictEqual(a, b)) return firstDifference(a, b, Array.isArray(app) ? `${at}[${key}]` : `${at}.${key}`);
    }
  }
  return `${at}: app ${JSON.stringify(app)?.slice(0, 200)}, bare ${JSON.stringify(bare)?.slice(0, 200)}`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[], digits = 0) =>
  `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
/** The list turned left by `by` places: who goes first changes from round to round. */
const rotate = <T>(items: readonly T[], by: number) => items.map((_, i) => items[(i + by) % items.length]!);

async function main() {
  const only = args.get("only");
  if (only !== undefined && only !== "pages" && only !== "api" && only !== "progress")
    throw new Error("--only takes pages, api or progress");
  const demo = await startDemoApp("bench-api", log);
  if (only === "progress") {
    try {
      const list = (await (await fetch(`${demo.url}/api/movie?limit=50`)).json()) as { movies: { _id: string }[] };
      const { benchProgress } = await import("./lib/bench-progress");
      const options = {
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: ROUNDS,
        members: Number(args.get("members") ?? 500),
      };
      console.log(
        `\n${await benchProgress(
          demo.url,
          demo.pid,
          demo.databaseUrl,
          list.movies.map((m) => m._id),
          options,
          log,
        )}`,
      );
      console.log(
        `Load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" / ")}.`,
      );
    } finally {
      await demo.stop();
    }
    return;
  }
  let bare: http.Server | undefined;
  try {
    const appUrl = demo.url;
    const barePort = await freePort();
    const bareUrl = `http://127.0.0.1:${barePort}`;
    bare = await startBareServer(demo.databaseUrl, barePort, appUrl); // the app's public URL (its PUBLIC_URL)

    const list = (await (await fetch(`${appUrl}/api/movie`)).json()) as {
      movies: { _id: string }[];
      moviesCount: number;
    };
    const movieId = list.movies[0]!._id;
    // Both sides must answer the same thing, or the comparison means nothing.
    for (const apiPath of ["/api/movie", `/api/movie/${movieId}`]) {
      const [fromApp, fromBare] = await Promise.all([
        fetch(`${appUrl}${apiPath}`).then((r) => r.json() as Promise<unknown>),
        fetch(`${bareUrl}${apiPath}`).then((r) => r.json() as Promise<unknown>),
      ]);
      if (!isDeepStrictEqual(fromApp, fromBare))
        throw new Error(
          `${apiPath}: the bare server's answer differs from the app's at ${firstDifference(fromApp, fromBare)}`,
        );
    }
    log(
      `${list.moviesCount} movies; ${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections per endpoint and side`,
    );

    const pages = only === "api" ? [] : ["/", "/movies", `/movie/${movieId}`];
    const apis = only === "pages" ? [] : ["/api/movie", `/api/movie/${movieId}`];
    const results = new Map<string, Round[]>();
    const record = (key: string, round: Round) => results.set(key, [...(results.get(key) ?? []), round]);
    // Warm-up: first requests compile routes and fill caches on both sides.
    for (const page of pages) {
      for (const client of CLIENT_NAMES)
        await autocannon({
          url: appUrl + page,
          connections: 10,
          duration: 1,
          headers: { "user-agent": CLIENTS[client] },
        });
    }
    for (const target of apis.flatMap((p) => [appUrl + p, bareUrl + p])) {
      await autocannon({ url: target, connections: 10, duration: 2 });
    }
    for (let round = 0; round < ROUNDS; round++) {
      log(`Round ${round + 1} of ${ROUNDS}`);
      for (const page of pages) {
        for (const client of rotate(CLIENT_NAMES, round))
          record(`${client} ${page}`, await load(appUrl + page, client));
      }
      for (const apiPath of apis) {
        const sides = round % 2 === 0 ? (["app", "bare"] as const) : (["bare", "app"] as const);
        for (const side of sides)
          record(`${side} ${apiPath}`, await load((side === "app" ? appUrl : bareUrl) + apiPath));
      }
    }

    const figures = (key: string) => {
      const rounds = results.get(key)!;
      const rps = rounds.map((r) => r.requestsPerSecond);
      const p99 = rounds.map((r) => r.p99);
      return { rps: median(rps), rpsSpread: spread(rps), p99: median(p99), p99Spread: spread(p99) };
    };
    /** Round by round, this client's requests/s over the browser's in the same round. */
    const pairedRatios = (client: Client, page: string) => {
      const browser = results.get(`browser ${page}`)!;
      return results.get(`${client} ${page}`)!.map((r, i) => r.requestsPerSecond / browser[i]!.requestsPerSecond);
    };
    const label = (p: string) => p.replace(movieId, "{id}");
    const pageRows = pages.flatMap((page) =>
      CLIENT_NAMES.map((client) => {
        const f = figures(`${client} ${page}`);
        const ratios = client === "browser" ? null : pairedRatios(client, page);
        const ratio = ratios ? `${median(ratios).toFixed(2)}x (${spread(ratios, 2)})` : "-";
        return `| \`${label(page)}\` | ${client} | ${f.rps.toFixed(0)} (${f.rpsSpread}) | ${f.p99.toFixed(0)} ms (${f.p99Spread}) | ${ratio} |`;
      }),
    );
    const apiRows = apis.map((apiPath) => {
      const app = figures(`app ${apiPath}`);
      const baseline = figures(`bare ${apiPath}`);
      return `| \`GET ${label(apiPath)}\` | ${app.rps.toFixed(0)} (${app.rpsSpread}) | ${app.p99.toFixed(0)} ms | ${baseline.rps.toFixed(0)} (${baseline.rpsSpread}) | ${baseline.p99.toFixed(0)} ms | ${(app.rps / baseline.rps).toFixed(2)}x |`;
    });
    console.log(`
${list.moviesCount} movies; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per endpoint, client and side; medians (spread min-max over the rounds).
Client and servers on this machine (${os.cpus().length} cores, ${os.cpus()[0]?.model}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")} at the end.
${
  pages.length === 0
    ? ""
    : `
| Page | Client (User-Agent) | Requests/s | p99 latency | Share of the browser's requests/s (median of rounds, min-max) |
|---|---|---|---|---|
${pageRows.join("\n")}
`
}${
      apis.length === 0
        ? ""
        : `
| API | App requests/s | App p99 | Bare node:http + pg requests/s | Bare p99 | App ÷ bare |
|---|---|---|---|---|---|
${apiRows.join("\n")}
`
    }`);
  } finally {
    bare?.close();
    bare?.closeAllConnections();
    await demo.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
