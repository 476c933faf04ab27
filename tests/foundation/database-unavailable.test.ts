// A database that goes away or stops answering (issue 24 item 7): an instance of the built app whose
// database is behind a proxy this test controls. While the database is down (as during the embedded
// PostgreSQL's restart) and while it hangs, the API answers 503 with Retry-After and the contract's
// JSON, and pages answer the 503 page within seconds instead of a 500 or a skeleton that never
// fills; once the database is back, everything answers as before.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startDatabaseProxy, type DatabaseProxy } from "../support/db-proxy";
import { BROWSER_USER_AGENT } from "../support/http";
import { startInstance, type Instance } from "../support/instances";
import { memberToken } from "../support/users";

let proxy: DatabaseProxy;
let app: Instance;

beforeAll(async () => {
  proxy = await startDatabaseProxy(process.env.DATABASE_URL!);
  // No jobs in this instance: they would only add their own reconnection noise.
  app = await startInstance({ DATABASE_URL: proxy.url, JOBS_IN_APP: "false" });
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await proxy?.close();
});

/** An answer and how long it took; the body read whole. */
async function timed(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${app.baseUrl}${path}`, { ...init, redirect: "manual" });
  const text = await response.text();
  return { response, text, ms: performance.now() - started };
}

const favourites = async () =>
  timed("/api/user/favorite", { headers: { authorization: `Bearer ${await memberToken()}` } });
// A search nobody made before: a listing page seen once is kept, and a kept page is (rightly) still
// served while the database is away; this one must be read from the database.
let searches = 0;
const moviesPage = () =>
  timed(`/movies/unseen${Date.now().toString(36)}${++searches}`, { headers: { "user-agent": BROWSER_USER_AGENT } });

/**
 * The database's new state, and then the second for which proxy.ts may still trust the last good
 * answer (lib/database/answers.ts keeps one per process for a second, so that pages do not each
 * ask): a visitor in that second gets the page streamed, a visitor after it the 503 page.
 */
async function setDatabase(mode: "up" | "down" | "hung") {
  await proxy.set(mode);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
}

function expectApi503(answer: Awaited<ReturnType<typeof timed>>) {
  expect([answer.response.status, answer.response.headers.get("retry-after"), JSON.parse(answer.text)]).toEqual([
    503,
    "5",
    { message: "The service is briefly unavailable, please try again in a few seconds." },
  ]);
}

function expectPage503(answer: Awaited<ReturnType<typeof timed>>) {
  expect(answer.response.status).toBe(503);
  expect(answer.response.headers.get("retry-after")).toBe("5");
  expect(answer.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(answer.text).toContain("<h1>Something went wrong</h1>");
  expect(answer.text).toContain("Marquee cannot reach its database just now. Please try again in a few seconds.");
}

describe("the database goes away", () => {
  test("with it up, the instance answers as usual", async () => {
    expect((await favourites()).response.status).toBe(200);
    expect((await moviesPage()).response.status).toBe(200);
  });

  test("down (refusing connections): the API is 503 with Retry-After at once", async () => {
    await setDatabase("down");
    const api = await favourites();
    expectApi503(api);
    expect(api.ms).toBeLessThan(5_000);
  });

  test("down (refusing connections): pages are the 503 page at once", async () => {
    await setDatabase("down");
    const page = await moviesPage();
    expectPage503(page);
    expect(page.ms).toBeLessThan(5_000);
  });

  test(
    "hung (connections open, nothing answered): pages time out into the 503 page, the API into a 503",
    {
      timeout: 60_000,
    },
    async () => {
      await setDatabase("hung");
      const page = await moviesPage();
      expectPage503(page);
      // The page's wait for the database is 3 s.
      expect(page.ms).toBeLessThan(8_000);
      const api = await favourites();
      expectApi503(api);
      // A query waits at most 15 s for its answer.
      expect(api.ms).toBeLessThan(25_000);
    },
  );

  test("back up: everything answers again", { timeout: 60_000 }, async () => {
    await setDatabase("up");
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await favourites()).response.status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(200);
    expect((await moviesPage()).response.status).toBe(200);
  });
});
