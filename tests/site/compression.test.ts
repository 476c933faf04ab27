// What the server sends compressed, read as raw bytes over node:http the way a browser receives them
// (docs/performance.md, "Brotli: the scripts compressed once at build"): the build's scripts and
// styles as the brotli copies `next build` wrote (lib/http/static-assets.ts), pages and JSON gzipped
// as Next sends them (brotli per answer cost 60% of the pages' throughput under load).
import http from "node:http";
import zlib from "node:zlib";
import { beforeAll, describe, expect, test } from "vitest";
import { api, BROWSER_USER_AGENT, baseUrl, browserFetch } from "../support/http";

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** The response as it came over the wire: not decompressed, unlike fetch's; the path sent as written. */
function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

const CHROME_ENCODINGS = "gzip, deflate, br, zstd";

let moviePath: string;
let script: string;
let styleSheet: string;

beforeAll(async () => {
  const newest = (await api("GET", "/api/movie?limit=1")).body.movies[0] as { _id: string };
  moviePath = `/movie/${newest._id}`;
  const html = await (await browserFetch(`${baseUrl}${moviePath}`)).text();
  script = /<script\b[^>]*\bsrc="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1]!;
  styleSheet = /<link\b[^>]*\bhref="(\/_next\/static\/[^"]+\.css)"/.exec(html)![1]!;
});

describe("the build's scripts and style sheets", () => {
  test("reach a browser that accepts brotli as the build's brotli copy, with the file's own headers", async () => {
    const plain = await raw(script);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const response = await raw(script, { "accept-encoding": CHROME_ENCODINGS });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-length"]).toBe(String(response.body.length));
    expect(zlib.brotliDecompressSync(response.body).equals(plain.body)).toBe(true);
    // Brotli's highest quality, not a per-request one: well under the gzip a server would send.
    expect(response.body.length).toBeLessThan(zlib.gzipSync(plain.body).length * 0.95);

    const css = await raw(styleSheet, { "accept-encoding": CHROME_ENCODINGS });
    expect(css.headers["content-encoding"]).toBe("br");
    expect(css.headers["content-type"]).toBe("text/css; charset=UTF-8");
    expect(zlib.brotliDecompressSync(css.body).toString()).toBe((await raw(styleSheet)).body.toString());
  });

  test("answer a repeated request by its ETag with 304, and HEAD with the headers alone", async () => {
    const first = await raw(script, { "accept-encoding": "br" });
    const again = await raw(script, { "accept-encoding": "br", "if-none-match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const head = await raw(script, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
  });

  test("reach a browser that refuses brotli gzipped; names the build never wrote are not found, other methods 405", async () => {
    const gzipped = await raw(script, { "accept-encoding": "br;q=0, gzip" });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).equals((await raw(script)).body)).toBe(true);

    expect((await raw("/_next/static/chunks/not-a-chunk.js", { "accept-encoding": "br" })).status).toBe(404);
    const posted = await raw(script, { "accept-encoding": "br" }, "POST");
    expect(posted.status).toBe(405);
    expect(posted.headers.allow).toBe("GET, HEAD");
    const outside = await raw("/_next/static/../../package.json", { "accept-encoding": "br" });
    expect(outside.status).toBe(404);
    expect(outside.body.toString()).not.toContain('"dependencies"');
  });
});

describe("pages", () => {
  test("reach a browser gzipped, whether or not it accepts brotli, and the API's JSON too", async () => {
    for (const accepted of [CHROME_ENCODINGS, "gzip, deflate"]) {
      const response = await raw(moviePath, { "accept-encoding": accepted, "user-agent": BROWSER_USER_AGENT });
      expect(response.status, accepted).toBe(200);
      expect(response.headers["content-encoding"], accepted).toBe("gzip");
      expect(response.headers.vary, accepted).toContain("Accept-Encoding");
      const html = zlib.gunzipSync(response.body).toString();
      expect(html).toContain("<h1");
      expect(html.trimEnd()).toMatch(/<\/html>$/);
    }
    const json = await raw("/api/movie", { "accept-encoding": CHROME_ENCODINGS });
    expect(json.status).toBe(200);
    expect(json.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(json.body).toString())).toMatchObject({ currentPage: 1 });
  });
});
