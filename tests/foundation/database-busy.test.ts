// A busy site, its database up (issue 38 item 6): under 200 clients, 3% of pages answered "Marquee
// cannot reach its database" while PostgreSQL was serving, because the pages' database check waited
// in line for a connection behind the requests and gave up after 3 s. Two instances of the built
// app on the test database, whose reads this test holds up with a table lock (a slow query that
// ends when the test says so, no timing involved):
// - one with room for 2 pages and 2 API requests at once and 2 of each in line
//   (REQUEST_CONCURRENCY, REQUEST_QUEUE_LENGTH): a flood of pages gets the honest busy page past
//   the line, the API answers meanwhile, and the other way round; the requests in line are served
//   once the reads go on.
// - one whose pool has 2 connections (DATABASE_POOL_SIZE): with both held, a page is still shown
//   (not the "cannot reach" page), and an API request that waited for a connection in vain is
//   told the service is busy, not that the database is unavailable.
// tests/foundation/database-unavailable.test.ts keeps the real outage's answers.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BROWSER_USER_AGENT } from "../support/http";
import { startInstance, type Instance } from "../support/instances";
import { memberToken } from "../support/users";

let budgets: Instance;
let smallPool: Instance;
let database: pg.Client;
let token: string;

beforeAll(async () => {
  // No jobs in these instances: the suite's own app runs them on this database. One after the
  // other: two starting at once on a loaded machine took more than the 120 s each may take.
  budgets = await startInstance({
    JOBS_IN_APP: "false",
    REQUEST_CONCURRENCY: "2",
    REQUEST_QUEUE_LENGTH: "2",
    REQUEST_QUEUE_SECONDS: "120",
  });
  smallPool = await startInstance({ JOBS_IN_APP: "false", DATABASE_POOL_SIZE: "2" });
  database = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await database.connect();
  token = await memberToken();
}, 300_000);

afterAll(async () => {
  await Promise.all([budgets?.stop(), smallPool?.stop()]);
  await database?.end();
});

type Answer = { status: number; retryAfter: string | null; contentType: string | null; text: string };

async function ask(app: Instance, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${app.baseUrl}${path}`, {
    headers: { "user-agent": BROWSER_USER_AGENT, ...headers },
    redirect: "manual",
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    contentType: response.headers.get("content-type"),
    text: await response.text(),
  };
}

// A search nobody made before: its listing is read from the database, not from a cache.
let searches = 0;
const searchPage = (app: Instance) => ask(app, `/movies/busy${Date.now().toString(36)}x${++searches}`);
const favourites = (app: Instance) => ask(app, "/api/user/favorite", { authorization: `Bearer ${token}` });
const viewer = (app: Instance) => ask(app, "/api/viewer", { authorization: `Bearer ${token}` });

/** The tables a search page reads, and the one the favourites read. */
const SEARCH_TABLES = ['"Movie"', '"MovieWord"', '"SearchWord"', '"SearchWordVariant"', '"CatalogueCount"'];
const FAVORITE_TABLES = ['"Favorite"'];

/**
 * Runs `work` while every read of `tables` waits (a lock no query can pass), then lets them go on.
 * A lock rather than a slow query: the held requests end when the test says, not after some time.
 */
async function holding<T>(tables: string[], work: () => Promise<T>): Promise<T> {
  const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await locker.connect();
  await locker.query("BEGIN");
  await locker.query(`LOCK TABLE ${tables.join(", ")} IN ACCESS EXCLUSIVE MODE`);
  try {
    return await work();
  } finally {
    await locker.query("ROLLBACK");
    await locker.end();
  }
}

/** Queries of this database waiting for a lock: the app's requests held up by `holding`. */
async function queriesWaiting(): Promise<number> {
  const { rows } = await database.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
  );
  return rows[0]!.count;
}

/**
 * Resolves once `count` of the requests have answered (with those answers), or after 30 s with
 * the ones that did (so that a run where they do not answer fails on its assertions, not on a hang).
 */
async function answeredOf<T>(requests: Promise<T>[], count: number): Promise<T[]> {
  const answered: T[] = [];
  for (const request of requests) void request.then((answer) => answered.push(answer)).catch(() => {});
  const deadline = Date.now() + 30_000;
  while (answered.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return [...answered];
}

async function until(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 30_000;
  while (!(await condition()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

const BUSY_PAGE_TEXT =
  "This page could not be shown: Marquee has more visitors than it can serve just now. Please try again in a few seconds.";
const BUSY_API = { message: "The service is busy, please try again in a few seconds." };
const UNREACHABLE = /cannot reach its database|briefly unavailable/;

function expectBusyPage(answer: Answer) {
  expect([answer.status, answer.retryAfter, answer.contentType]).toEqual([503, "5", "text/html; charset=utf-8"]);
  expect(answer.text).toContain("<h1>Marquee is busy</h1>");
  expect(answer.text).toContain(BUSY_PAGE_TEXT);
}

function expectBusyApi(answer: Answer) {
  expect([answer.status, answer.retryAfter, answer.contentType, JSON.parse(answer.text)]).toEqual([
    503,
    "5",
    "application/json",
    BUSY_API,
  ]);
}

describe("more requests than the server takes at once, the database up", () => {
  test(
    "a flood of pages: past the line the busy page, never the database one; the API answers meanwhile",
    {
      timeout: 90_000,
    },
    async () => {
      expect((await searchPage(budgets)).status).toBe(200);
      const { flood, overflow, api } = await holding(SEARCH_TABLES, async () => {
        // 2 run (their reads held), 2 wait in line, 8 are turned away at once.
        const flood = Array.from({ length: 12 }, () => searchPage(budgets));
        const overflow = await answeredOf(flood, 8);
        return { flood, overflow, api: await viewer(budgets) };
      });
      expect(overflow).toHaveLength(8);
      for (const answer of overflow) expectBusyPage(answer);
      expect([api.status, JSON.parse(api.text)]).toEqual([
        200,
        { viewer: expect.objectContaining({ isAdmin: false }) },
      ]);
      // The 4 that ran or waited are served once the reads go on.
      const all = await Promise.all(flood);
      expect(all.map((answer) => answer.status).sort()).toEqual([...Array(4).fill(200), ...Array(8).fill(503)]);
      for (const answer of all) expect(answer.text).not.toMatch(UNREACHABLE);
    },
  );

  test(
    "a flood of API requests: past the line the busy JSON with Retry-After; pages are shown meanwhile",
    {
      timeout: 90_000,
    },
    async () => {
      expect((await favourites(budgets)).status).toBe(200);
      const { flood, overflow, page } = await holding(FAVORITE_TABLES, async () => {
        const flood = Array.from({ length: 12 }, () => favourites(budgets));
        const overflow = await answeredOf(flood, 8);
        return { flood, overflow, page: await searchPage(budgets) };
      });
      expect(overflow).toHaveLength(8);
      for (const answer of overflow) expectBusyApi(answer);
      expect(page.status).toBe(200);
      expect(page.text).not.toMatch(UNREACHABLE);
      const all = await Promise.all(flood);
      expect(all.map((answer) => answer.status).sort()).toEqual([...Array(4).fill(200), ...Array(8).fill(503)]);
      for (const answer of all) expect(answer.text).not.toMatch(UNREACHABLE);
    },
  );
});

describe("every database connection in use, the database up", () => {
  test(
    "a page is shown, not the 'cannot reach its database' page; an API request that waited for a connection is told the service is busy",
    { timeout: 90_000 },
    async () => {
      // The home page read once: its catalogue is cached, so it needs no connection of the pool.
      expect((await ask(smallPool, "/")).status).toBe(200);
      expect((await favourites(smallPool)).status).toBe(200);
      const { held, page, api } = await holding(FAVORITE_TABLES, async () => {
        // Both connections of the pool taken by reads that wait for the lock, and 8 more requests
        // waiting for a connection. (10: as many as node-postgres' default pool, which this
        // instance would have without DATABASE_POOL_SIZE.)
        const held = Array.from({ length: 10 }, () => favourites(smallPool));
        await until(async () => (await queriesWaiting()) >= 2);
        // Past the second for which the pages' database check reuses its last good answer.
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        // The page needs no connection of the pool; the API request waits for one (5 s at most)
        // and gets none. Side by side, so the held reads end well within their 15 s.
        const [page, api] = await Promise.all([ask(smallPool, "/"), favourites(smallPool)]);
        return { held, page, api };
      });
      expect([page.status, UNREACHABLE.test(page.text)]).toEqual([200, false]);
      expectBusyApi(api);
      // The 2 with a connection are served once the reads go on; the 8 that waited for one in vain
      // (5 s, before the request above, which waited as long after them) were told the same.
      const answers = await Promise.all(held);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
      const busy = answers.filter((answer) => answer.status !== 200);
      expect(busy).toHaveLength(8);
      for (const answer of busy) expectBusyApi(answer);
    },
  );
});
