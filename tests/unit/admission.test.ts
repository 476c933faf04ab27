// server.ts's admission (lib/http/admission.ts) on a plain node:http server whose handler answers
// only when the test says: each kind has its own budget and line, the line is first come first
// served, and past it the honest busy answer (issue 38 item 6).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { createAdmission, requestKind, type AdmissionLimits } from "@/lib/http/admission";

describe("requestKind", () => {
  test.each([
    ["/", "page"],
    ["/movies/the%20lighthouse?page=2", "page"],
    ["/movie/2b1c6f0e-8d43-4a55-9d0e-4b5b8c1f7a10", "page"],
    ["/admin/movies", "page"],
    ["/api/movie?search=x", "api"],
    ["/api/user/favorite", "api"],
    ["/api/auth/session", "api"],
    ["/auth/google", "api"],
    ["/_next/image?url=%2Fapi%2Fupload%2Fimages%2Fa.webp&w=640&q=75", "picture"],
  ])("%s is a %s request", (url, kind) => {
    expect(requestKind(url)).toBe(kind);
  });

  test.each([
    "/_next/static/chunks/app.js",
    "/favicon.ico",
    "/robots.txt",
    "/sitemap.xml",
    "/icon.svg",
    "/api/upload/images/a.webp",
    "/api/upload/hls/1/master.m3u8",
    "/api/upload",
    "/api/health",
    "/api/metrics",
  ])("%s is let through as it comes", (url) => {
    expect(requestKind(url)).toBeNull();
  });
});

type Held = { res: http.ServerResponse; path: string };

let server: http.Server | undefined;
afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** A server behind the admission whose answers wait in `held` until the test ends them. */
async function heldServer(limits: AdmissionLimits, pictureLimits: AdmissionLimits = limits) {
  const held: Held[] = [];
  const admit = createAdmission(limits, pictureLimits);
  server = http.createServer((req, res) => admit(req, res, () => held.push({ res, path: req.url! })));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ask = async (path: string, init?: RequestInit) => {
    const response = await fetch(base + path, init);
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const finish = (path: string) => {
    const index = held.findIndex((request) => request.path === path);
    held.splice(index, 1)[0]!.res.end(`done ${path}`);
  };
  return { admit, held, ask, until, finish };
}

const LONG_WAIT = 60_000;

describe("createAdmission", () => {
  test("one kind's budget full: the next waits its turn, the one after is told the site is busy", async () => {
    const { admit, held, ask, until, finish } = await heldServer({
      concurrency: 1,
      queueLength: 1,
      queueMs: LONG_WAIT,
    });
    const first = ask("/movies/one");
    await until(() => held.length === 1);
    const second = ask("/movies/two");
    await until(() => admit.state().page.waiting === 1);
    const third = await ask("/movies/three", { headers: { "x-forwarded-proto": "https" } });
    expect([third.status, third.headers.get("retry-after"), third.headers.get("content-type")]).toEqual([
      503,
      "5",
      "text/html; charset=utf-8",
    ]);
    expect(third.text).toContain("<h1>Marquee is busy</h1>");
    expect(third.text).toContain(
      "This page could not be shown: Marquee has more visitors than it can serve just now. Please try again in a few seconds.",
    );
    expect(third.text).not.toContain("database");
    expect(third.headers.get("cache-control")).toBe("no-store");
    expect(third.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(third.headers.get("x-content-type-options")).toBe("nosniff");
    expect(third.headers.get("strict-transport-security")).toBe("max-age=31536000");
    // The API has a budget of its own: it is served while the pages' is full.
    const api = ask("/api/movie");
    await until(() => held.some((request) => request.path === "/api/movie"));
    finish("/api/movie");
    expect((await api).text).toBe("done /api/movie");
    // The page in line starts when the running one ends.
    expect(held.map((request) => request.path)).toEqual(["/movies/one"]);
    finish("/movies/one");
    expect((await first).text).toBe("done /movies/one");
    await until(() => held.length === 1);
    finish("/movies/two");
    expect((await second).text).toBe("done /movies/two");
    expect(admit.state()).toEqual({
      page: { running: 0, waiting: 0 },
      api: { running: 0, waiting: 0 },
      picture: { running: 0, waiting: 0 },
    });
  });

  test("pictures have a lane of their own: as many at once as allowed, the next in line, past it 503 with no body", async () => {
    const picture = (width: number) => `/_next/image?url=%2Fapi%2Fupload%2Fimages%2Fa.webp&w=${width}&q=75`;
    const { admit, held, ask, until, finish } = await heldServer(
      { concurrency: 5, queueLength: 5, queueMs: LONG_WAIT },
      { concurrency: 2, queueLength: 1, queueMs: LONG_WAIT },
    );
    const first = ask(picture(640));
    const second = ask(picture(750));
    await until(() => held.length === 2);
    const third = ask(picture(828));
    await until(() => admit.state().picture.waiting === 1);
    const refused = await ask(picture(1080));
    expect([
      refused.status,
      refused.headers.get("retry-after"),
      refused.headers.get("content-length"),
      refused.text,
    ]).toEqual([503, "5", "0", ""]);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    // Pages are not held up by pictures in line.
    const page = ask("/movies");
    await until(() => held.some((request) => request.path === "/movies"));
    finish("/movies");
    expect((await page).text).toBe("done /movies");
    finish(picture(640));
    expect((await first).status).toBe(200);
    await until(() => held.some((request) => request.path === picture(828)));
    finish(picture(750));
    finish(picture(828));
    expect([(await second).status, (await third).status]).toEqual([200, 200]);
    expect(admit.state().picture).toEqual({ running: 0, waiting: 0 });
  });

  test("the API's busy answer is the contract's JSON, with Retry-After and the allowed origin's CORS", async () => {
    const { held, ask, until } = await heldServer({ concurrency: 1, queueLength: 0, queueMs: LONG_WAIT });
    // Held until the server closes after the test.
    void ask("/api/movie").catch(() => null);
    await until(() => held.length === 1);
    const busy = await ask("/api/movie/toprate", { headers: { origin: "https://elsewhere.example" } });
    expect([
      busy.status,
      busy.headers.get("retry-after"),
      busy.headers.get("content-type"),
      JSON.parse(busy.text),
    ]).toEqual([503, "5", "application/json", { message: "The service is busy, please try again in a few seconds." }]);
    expect(busy.headers.get("access-control-allow-origin")).toBeNull();
    expect(busy.headers.get("vary")).toBe("Origin");
    expect(busy.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test("a request that waits longer than the line allows is told the site is busy; it is not started later", async () => {
    const { admit, held, ask, until, finish } = await heldServer({ concurrency: 1, queueLength: 5, queueMs: 50 });
    const first = ask("/api/movie");
    await until(() => held.length === 1);
    const waited = await ask("/api/movie/random");
    expect([waited.status, JSON.parse(waited.text)]).toEqual([
      503,
      { message: "The service is busy, please try again in a few seconds." },
    ]);
    expect(admit.state().api).toEqual({ running: 1, waiting: 0 });
    finish("/api/movie");
    await first;
    expect(held).toEqual([]);
    expect(admit.state().api).toEqual({ running: 0, waiting: 0 });
  });

  test("a client that gives up while in line leaves it", async () => {
    const { admit, held, ask, until, finish } = await heldServer({
      concurrency: 1,
      queueLength: 1,
      queueMs: LONG_WAIT,
    });
    const first = ask("/movies/one");
    await until(() => held.length === 1);
    const leaving = new AbortController();
    const gaveUp = ask("/movies/two", { signal: leaving.signal }).catch((error: Error) => error.name);
    await until(() => admit.state().page.waiting === 1);
    leaving.abort();
    expect(await gaveUp).toBe("AbortError");
    await until(() => admit.state().page.waiting === 0);
    // Its place is free again: the next one waits instead of being turned away.
    const third = ask("/movies/three");
    await until(() => admit.state().page.waiting === 1);
    finish("/movies/one");
    await first;
    await until(() => held.length === 1);
    expect(held[0]!.path).toBe("/movies/three");
    finish("/movies/three");
    expect((await third).status).toBe(200);
  });
});
