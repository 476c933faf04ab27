// GET /api/metrics (docs/deploy.md "Metrics"): off without METRICS_TOKEN, refused without the token,
// and with it, Prometheus's text format counting the requests this instance really answered, by
// route pattern and status, with the page cache, the pools, the job queues, upload bytes and password work.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UNDO_LINK_INVALID } from "@/lib/auth/email-change-undo";
import { RESET_LINK_INVALID } from "@/lib/auth/password-reset";
import { api, BROWSER_USER_AGENT } from "../support/http";
import { startInstance, type Instance } from "../support/instances";
import { imageOf } from "../support/media";
import { ADMIN } from "../support/users";

const TOKEN = "metrics-token-for-the-test-suite";
let instance: Instance;

beforeAll(async () => {
  // A public address, as in production: Next keeps whole movie pages and says so in x-nextjs-cache.
  instance = await startInstance({ METRICS_TOKEN: TOKEN, PUBLIC_URL: "http://marquee.example", JOBS_IN_APP: "false" });
}, 180_000);

afterAll(async () => {
  await instance?.stop();
});

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus's text format, one sample a line (comments skipped). */
function parse(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of match[2]?.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g) ?? []) labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;

async function scrape(): Promise<Sample[]> {
  const response = await fetch(`${instance.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parse(await response.text());
}

describe("access", () => {
  test("without METRICS_TOKEN the endpoint is off: 404", async () => {
    // The suite's own app runs without the setting.
    expect(await api("GET", "/api/metrics")).toMatchObject({ status: 404, body: { message: "Not found" } });
  });

  test("with it, no token or a wrong one is 401 with a Bearer challenge", async () => {
    for (const authorization of [undefined, "Bearer not-the-token", `Basic ${TOKEN}`, TOKEN]) {
      const response = await fetch(`${instance.baseUrl}/api/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await response.json()).toEqual({
        message: "Not authorized: send the metrics token (METRICS_TOKEN) as a Bearer token",
      });
    }
  });
});

describe("what it counts", () => {
  test("requests by route pattern, method and status, with their time", async () => {
    const before = await scrape();
    const count = (samples: Sample[], labels: Record<string, string>) =>
      valueOf(samples, "marquee_http_request_duration_seconds_count", labels) ?? 0;

    const movies = await (await fetch(`${instance.baseUrl}/api/movie?limit=2`)).json();
    for (let i = 0; i < 2; i++) await (await fetch(`${instance.baseUrl}/api/movie?limit=2`)).arrayBuffer();
    const movieId = (movies as { movies: { _id: string }[] }).movies[0]!._id;
    const missing = "00000000-0000-4000-8000-000000000000";
    // Each answer read to its end: a request is counted once its answer has gone out.
    const statusOf = async (path: string) => {
      const response = await fetch(`${instance.baseUrl}${path}`);
      await response.arrayBuffer();
      return response.status;
    };
    expect(await statusOf(`/api/movie/${missing}`)).toBe(404);
    expect(await statusOf(`/api/movie/${movieId}`)).toBe(200);
    expect(await statusOf("/no/such/page")).toBe(404);

    const after = await scrape();
    expect(count(after, { method: "GET", route: "/api/movie", status: "200" })).toBe(
      count(before, { method: "GET", route: "/api/movie", status: "200" }) + 3,
    );
    expect(count(after, { method: "GET", route: "/api/movie/[id]", status: "404" })).toBe(
      count(before, { method: "GET", route: "/api/movie/[id]", status: "404" }) + 1,
    );
    expect(count(after, { method: "GET", route: "/api/movie/[id]", status: "200" })).toBe(
      count(before, { method: "GET", route: "/api/movie/[id]", status: "200" }) + 1,
    );
    expect(count(after, { method: "GET", route: "(no route)", status: "404" })).toBeGreaterThanOrEqual(1);
    // Route patterns, never raw paths: the ids asked for appear in no label.
    const routes = new Set(after.map((sample) => sample.labels.route).filter(Boolean));
    expect([...routes].filter((route) => route!.includes(movieId) || route!.includes(missing))).toEqual([]);
    // The latency histogram: cumulative buckets ending in +Inf, which equals the count.
    const labels = { method: "GET", route: "/api/movie", status: "200" };
    expect(valueOf(after, "marquee_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(
      count(after, labels),
    );
    expect(valueOf(after, "marquee_http_request_duration_seconds_sum", labels)).toBeGreaterThan(0);
  });

  test("the page cache's answers to a kept movie page", async () => {
    const { movies } = (await (await fetch(`${instance.baseUrl}/api/movie?limit=1`)).json()) as {
      movies: { _id: string }[];
    };
    const page = `${instance.baseUrl}/movie/${movies[0]!._id}`;
    const seen: string[] = [];
    for (let visit = 0; visit < 3; visit++) {
      const response = await fetch(page, { headers: { "user-agent": BROWSER_USER_AGENT } });
      await response.arrayBuffer();
      seen.push(response.headers.get("x-nextjs-cache") ?? "none");
    }
    expect(seen).toContain("HIT");
    const samples = await scrape();
    expect(
      valueOf(samples, "marquee_page_cache_total", { route: "/movie/[id]", result: "hit" }),
    ).toBeGreaterThanOrEqual(seen.filter((result) => result === "HIT").length);
  });

  test("upload bytes by kind", async () => {
    const before = valueOf(await scrape(), "marquee_upload_bytes_total", { kind: "image" }) ?? 0;
    const login = await fetch(`${instance.baseUrl}/api/user`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.77" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const image = await imageOf("png");
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "poster.png");
    const upload = await fetch(`${instance.baseUrl}/api/upload`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(upload.status).toBe(200);
    expect(valueOf(await scrape(), "marquee_upload_bytes_total", { kind: "image" })).toBe(before + image.length);
  });

  test("password hashing by work; a made-up reset or undo link costs none", async () => {
    const count = (samples: Sample[], work: string) =>
      valueOf(samples, "marquee_password_hash_duration_seconds_count", { work }) ?? 0;
    const post = (path: string, body: unknown) =>
      fetch(`${instance.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.78" },
        body: JSON.stringify(body),
      });
    const before = await scrape();
    // Token-shaped, so only the database can say it is no link: it must, before any hashing.
    const madeUp = () => randomBytes(32).toString("base64url");
    const reset = await post("/api/user/password-reset/confirm", { token: madeUp(), password: "n3w-pass" });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toMatchObject({ message: RESET_LINK_INVALID });
    const undo = await post("/api/user/email/undo", { token: madeUp(), password: "n3w-pass" });
    expect(undo.status).toBe(400);
    expect(await undo.json()).toMatchObject({ message: UNDO_LINK_INVALID });
    const between = await scrape();
    expect(count(between, "hash")).toBe(count(before, "hash"));
    expect(count(between, "verify")).toBe(count(before, "verify"));
    // What is counted: a sign-in checks a password.
    expect((await post("/api/user", ADMIN)).status).toBe(200);
    expect(count(await scrape(), "verify")).toBe(count(before, "verify") + 1);
  });

  test("database pools and job queues", async () => {
    const samples = await scrape();
    const prisma = ["in_use", "idle"].map(
      (state) => valueOf(samples, "marquee_db_pool_connections", { pool: "prisma", state }) ?? -1,
    );
    // The requests above opened the pool; between requests its connections are idle.
    expect(prisma[0]).toBeGreaterThanOrEqual(0);
    expect(prisma[0]! + prisma[1]!).toBeGreaterThan(0);
    expect(valueOf(samples, "marquee_db_pool_connections", { pool: "prisma", state: "waiting" })).toBe(0);
    for (const state of ["queued", "active", "failed"])
      expect(valueOf(samples, "marquee_job_queue_jobs", { queue: "transcode", state }), state).toBeGreaterThanOrEqual(
        0,
      );
    // Node's own: memory and the event loop.
    expect(valueOf(samples, "process_resident_memory_bytes", {})).toBeGreaterThan(0);
  });
});
