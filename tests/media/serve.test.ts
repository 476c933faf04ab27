// GET/HEAD /api/upload/{folder}/{file} over HTTP: ranges, validators, caching, downloads, and
// that nothing but a name the server issued is ever served. Every test runs against both serving
// paths: the custom server's fast path (what `npm start` serves) and the route handler (what
// `next dev` and hosts without the custom server serve), which the test build's server.ts reaches
// when a request carries `x-marquee-serve-path: route-handler`.
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { beforeAll, describe, expect, test } from "vitest";
import { createLocalStorage } from "@/lib/storage/local";
import type { StorageKey } from "@/lib/storage";
import { baseUrl } from "../support/http";

const SIZE = 10_000;
const content = randomBytes(SIZE);
// Not a UUID name, so upload tests that watch the folder for new uploads ignore it.
const key: StorageKey = `movie/servetest-${randomUUID().slice(0, 8)}.mp4`;
const path = `/api/upload/${key}`;
// Random bytes over many of the fast path's 256 KiB reads (lib/media/send-descriptor.ts), ending
// part way into one: a buffer reused too early, or a chunk out of place, changes the bytes.
const MANY_CHUNKS_SIZE = 3 * 1024 * 1024 + 17;
const manyChunks = randomBytes(MANY_CHUNKS_SIZE);
const manyChunksKey: StorageKey = `movie/servetest-chunks-${randomUUID().slice(0, 8)}.mp4`;
// Big enough that an answer is still streaming when the client walks away.
const bigKey: StorageKey = `movie/servetest-big-${randomUUID().slice(0, 8)}.mp4`;
const BIG_SIZE = 32 * 1024 * 1024;

beforeAll(async () => {
  // The same folder the running app serves from (npm test runs it with STORAGE_DRIVER=local).
  const store = createLocalStorage(process.env.STORAGE_LOCAL_DIR!);
  await store.put(key, content, { contentType: "video/mp4" });
  await store.put(bigKey, Buffer.alloc(BIG_SIZE, 7), { contentType: "video/mp4" });
  await store.put(manyChunksKey, manyChunks, { contentType: "video/mp4" });
});

const servingPaths = [
  // Next.js drops Content-Length from every route handler response (docs/media.md): only the
  // fast path can send it. The route handler's tests assert it is absent, so a Next.js that
  // starts passing it on shows up here.
  { name: "fast path", headers: {} as Record<string, string>, sendsContentLength: true },
  {
    name: "route handler",
    headers: { "x-marquee-serve-path": "route-handler" } as Record<string, string>,
    sendsContentLength: false,
  },
];

describe.each(servingPaths)("$name", ({ headers: pathHeaders, sendsContentLength }) => {
  async function get(url: string, headers: Record<string, string> = {}, method = "GET") {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...pathHeaders, ...headers },
      redirect: "manual",
    });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  function expectContentLength(response: { headers: Headers }, length: number) {
    expect(response.headers.get("content-length")).toBe(sendsContentLength ? String(length) : null);
  }

  describe("whole file", () => {
    test("200 with validators, long-lived caching and Accept-Ranges", async () => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.bytes.equals(content)).toBe(true);
      expect(response.headers.get("content-type")).toBe("video/mp4");
      expect(response.headers.get("accept-ranges")).toBe("bytes");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("etag")).toMatch(/^"[^"]+"$/);
      expect(new Date(response.headers.get("last-modified")!).getTime()).toBeGreaterThan(Date.now() - 120_000);
      expect(response.headers.get("content-disposition")).toBeNull();
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expectContentLength(response, SIZE);
    });

    test("a file of many chunks, whole and in ranges across chunk edges, ten reads at once: exactly its bytes", async () => {
      const chunk = 256 * 1024;
      const ranges = [
        null,
        [0, chunk - 1],
        [chunk - 1, chunk],
        [chunk - 100, 3 * chunk + 100],
        [5, MANY_CHUNKS_SIZE - 6],
        [MANY_CHUNKS_SIZE - chunk - 17, MANY_CHUNKS_SIZE - 1],
        null,
        [chunk, 2 * chunk - 1],
        [1, 1],
        [7 * chunk + 3, 11 * chunk + 5],
      ] as const;
      const responses = await Promise.all(
        ranges.map((range) =>
          get(`/api/upload/${manyChunksKey}`, range ? { range: `bytes=${range[0]}-${range[1]}` } : {}),
        ),
      );
      responses.forEach((response, index) => {
        const range = ranges[index];
        const [start, end] = range ?? [0, MANY_CHUNKS_SIZE - 1];
        expect(response.status).toBe(range ? 206 : 200);
        expectContentLength(response, end - start + 1);
        expect(response.bytes.length).toBe(end - start + 1);
        expect(response.bytes.equals(manyChunks.subarray(start, end + 1))).toBe(true);
      });
    });

    test("HEAD: the same headers, no body, and the file's length", async () => {
      const response = await get(path, {}, "HEAD");
      const whole = await get(path);
      expect(response.status).toBe(200);
      expect(response.bytes.length).toBe(0);
      expectContentLength(response, SIZE);
      for (const name of [
        "accept-ranges",
        "cache-control",
        "etag",
        "last-modified",
        "content-type",
        "x-content-type-options",
      ]) {
        expect(response.headers.get(name)).toBe(whole.headers.get(name));
      }
    });

    test("If-None-Match with the ETag: 304 without a body", async () => {
      const { headers } = await get(path);
      const response = await get(path, { "if-none-match": headers.get("etag")! });
      expect(response.status).toBe(304);
      expect(response.bytes.length).toBe(0);
      expect(response.headers.get("etag")).toBe(headers.get("etag"));
      expect((await get(path, { "if-none-match": '"something-else"' })).status).toBe(200);
    });

    test("If-Modified-Since at or after Last-Modified: 304", async () => {
      const { headers } = await get(path);
      expect((await get(path, { "if-modified-since": headers.get("last-modified")! })).status).toBe(304);
      expect(
        (await get(path, { "if-modified-since": new Date(Date.now() - 86_400_000 * 365).toUTCString() })).status,
      ).toBe(200);
    });
  });

  describe("ranges", () => {
    const ranged = async (range: string, extra: Record<string, string> = {}) => get(path, { range, ...extra });

    test.each([
      ["the first bytes", "bytes=0-99", 0, 99],
      ["the middle", "bytes=5000-5099", 5000, 5099],
      ["a suffix", "bytes=-500", SIZE - 500, SIZE - 1],
      ["an open end", "bytes=9000-", 9000, SIZE - 1],
      ["an end past the file", "bytes=9990-20000", 9990, SIZE - 1],
      ["a suffix longer than the file", "bytes=-20000", 0, SIZE - 1],
      ["one byte", "bytes=42-42", 42, 42],
    ])("%s (%s): 206 with Content-Range", async (_label, range, start, end) => {
      const response = await ranged(range);
      expect(response.status).toBe(206);
      expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/${SIZE}`);
      expectContentLength(response, end - start + 1);
      expect(response.bytes.equals(content.subarray(start, end + 1))).toBe(true);
    });

    test.each(["bytes=10000-", "bytes=20000-20010", "bytes=-0"])(
      "unsatisfiable %s: 416 with the size",
      async (range) => {
        const response = await ranged(range);
        expect(response.status).toBe(416);
        expect(response.headers.get("content-range")).toBe(`bytes */${SIZE}`);
        expect(JSON.parse(response.bytes.toString())).toEqual({ message: "Range not satisfiable" });
      },
    );

    test.each(["bytes=5-1", "items=0-10", "bytes=abc", "bytes=0-1,5-6"])(
      "unusable or multiple ranges %s: the whole file",
      async (range) => {
        const response = await ranged(range);
        expect(response.status).toBe(200);
        expect(response.bytes.length).toBe(SIZE);
      },
    );

    test("If-Range with the current ETag or date: the range; with anything else: the whole file", async () => {
      const { headers } = await get(path);
      expect((await ranged("bytes=0-9", { "if-range": headers.get("etag")! })).status).toBe(206);
      expect((await ranged("bytes=0-9", { "if-range": headers.get("last-modified")! })).status).toBe(206);
      const stale = await ranged("bytes=0-9", { "if-range": '"an-older-version"' });
      expect(stale.status).toBe(200);
      expect(stale.bytes.equals(content)).toBe(true);
      expect((await ranged("bytes=0-9", { "if-range": "Mon, 01 Jan 2001 00:00:00 GMT" })).status).toBe(200);
      expect((await ranged("bytes=0-9", { "if-range": `W/${headers.get("etag")}` })).status).toBe(200);
    });

    test("HEAD ignores Range (ranges are defined for GET only)", async () => {
      const response = await get(path, { range: "bytes=0-9" }, "HEAD");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-range")).toBeNull();
      expectContentLength(response, SIZE);
    });
  });

  describe("downloads", () => {
    test("?download=1: attachment under the stored name", async () => {
      const response = await get(`${path}?download=1`);
      expect(response.status).toBe(200);
      const name = key.split("/")[1];
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${name}`,
      );
    });

    test("with a name: that name (cleaned) and the file's real extension, ASCII and UTF-8", async () => {
      const response = await get(`${path}?download=1&name=${encodeURIComponent('Amélie: Part 2/3 "Director\'s Cut"')}`);
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="Amelie Part 2 3 Director's Cut.mp4"; filename*=UTF-8''Am%C3%A9lie%20Part%202%203%20Director%27s%20Cut.mp4`,
      );
    });

    test("a name that already ends in the extension is not doubled; a hostile one is defused", async () => {
      expect((await get(`${path}?download=1&name=Movie.mp4`)).headers.get("content-disposition")).toContain(
        `filename="Movie.mp4"`,
      );
      const hostile = await get(`${path}?download=1&name=${encodeURIComponent("../../.bashrc\r\nSet-Cookie: x=1")}`);
      expect(hostile.status).toBe(200);
      expect(hostile.headers.get("set-cookie")).toBeNull();
      expect(hostile.headers.get("content-disposition")).toBe(
        `attachment; filename="bashrcSet-Cookie x=1.mp4"; filename*=UTF-8''bashrcSet-Cookie%20x%3D1.mp4`,
      );
    });

    test("a download can be ranged too (resumable)", async () => {
      const response = await get(`${path}?download=1`, { range: "bytes=100-199" });
      expect(response.status).toBe(206);
      expect(response.headers.get("content-disposition")).toMatch(/^attachment;/);
    });
  });

  describe("only names the server issued", () => {
    test.each([
      "/api/upload/..%2F..%2Fetc/passwd",
      "/api/upload/image/..%2F..%2Fpackage.json",
      "/api/upload/..%2Fpackage.json/x.png",
      "/api/upload/other/file.png",
      "/api/upload/movie/file.txt",
      "/api/upload/movie/.hidden.mp4",
    ])("%s: 404", async (url) => {
      expect((await get(url)).status).toBe(404);
    });

    test("/api/upload/movie/%2e%2e never serves a file (Next.js normalises it to a redirect)", async () => {
      const response = await get("/api/upload/movie/%2e%2e");
      expect([308, 404]).toContain(response.status);
      expect(response.headers.get("location") ?? "").not.toMatch(/\.\w+$/);
    });

    test("a well-formed name that does not exist: 404 with a message", async () => {
      const response = await get(`/api/upload/image/${randomUUID()}.png`);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.bytes.toString())).toEqual({ message: "File not found" });
    });
  });

  test("an allowed origin may read the range headers (CORS)", async () => {
    const response = await get(path, { origin: "http://spa.example.test", range: "bytes=0-1" });
    expect(response.headers.get("access-control-allow-origin")).toBe("http://spa.example.test");
    expect(response.headers.get("access-control-expose-headers")).toContain("Content-Range");
    expect(response.headers.get("access-control-allow-credentials")).toBe("true");
    expect(response.headers.get("vary")).toContain("Origin");
    const other = await get(path, { origin: "http://elsewhere.example.test" });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("a file replaced or deleted since the last request: the new file, then 404 (open descriptors are not stale)", async () => {
    const store = createLocalStorage(process.env.STORAGE_LOCAL_DIR!);
    const doomed: StorageKey = `movie/servetest-doomed-${randomUUID().slice(0, 8)}.mp4`;
    await store.put(doomed, Buffer.from("first version"), { contentType: "video/mp4" });
    const first = await get(`/api/upload/${doomed}`);
    expect(first.bytes.toString()).toBe("first version");

    await store.put(doomed, Buffer.from("second, longer version"), { contentType: "video/mp4" });
    const second = await get(`/api/upload/${doomed}`);
    expect(second.bytes.toString()).toBe("second, longer version");
    expect(second.headers.get("etag")).not.toBe(first.headers.get("etag"));

    await store.delete(doomed);
    const gone = await get(`/api/upload/${doomed}`);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.bytes.toString())).toEqual({ message: "File not found" });
  });

  test("a client that walks away mid-download: no exception, nothing logged", async () => {
    const serverLog = process.env.TEST_SERVER_STDERR!;
    const logBefore = fs.statSync(serverLog).size;
    for (let i = 0; i < 3; i++) {
      // Ask for everything from the middle on, take the first chunk, then drop the connection.
      await new Promise<void>((resolve, reject) => {
        const request = http.get(
          `${baseUrl}/api/upload/${bigKey}`,
          { headers: { ...pathHeaders, range: `bytes=${BIG_SIZE / 2}-` } },
          (response) => {
            expect(response.statusCode).toBe(206);
            response.once("data", () => {
              request.destroy();
              resolve();
            });
          },
        );
        request.on("error", (error) =>
          (error as NodeJS.ErrnoException).code === "ECONNRESET" ? resolve() : reject(error),
        );
      });
    }
    // The server noticed (the abort reached its stream) before its log is read: wait for it to
    // answer a fresh request, then give the abandoned streams' callbacks a moment to run.
    expect((await get(path, { range: "bytes=0-0" })).status).toBe(206);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const written = fs.readFileSync(serverLog, "utf8").slice(logBefore);
    expect(written).not.toMatch(/uncaughtException|Controller is already closed|ERR_INVALID_STATE/);
    expect(written).not.toContain(bigKey);
  });
});
