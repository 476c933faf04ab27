// Fuzz: keys from outside (docs/security.md). fast-check sends every JSON endpoint random bodies
// whose keys are the fields Marquee knows mixed with `__proto__`, `constructor`, `prototype` and
// inherited method names, nested a few levels or thousands deep; every endpoint random query
// parameters of the same kind; and the import random CSV column names and nested JSON movies. No
// answer may be a 5xx, and after every case the server's built-in prototypes must be as a fresh
// realm's (GET /test/prototypes, a test-only route) and the catalogue must still list its movies.
// FUZZ_HTTP_RUNS sets the cases per property (`npm run fuzz` runs hundreds; the suite a few dozen).
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import Papa from "papaparse";
import { beforeAll, expect, test } from "vitest";
import { createTestCategory, createTestMovie } from "../support/catalogue";
import { ENDPOINTS, UNKNOWN_ID, type Who } from "../support/endpoints";
import { api, baseUrl } from "../support/http";
import { adminToken, freshIp, freshUser, type TestUser } from "../support/users";

const RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 40);
const TIMEOUT = Math.max(120_000, RUNS * 3_000);

/**
 * Every endpoint: the hand-kept list (NextAuth's, the pages) and every route.ts under app/api with
 * the methods it exports, ids as the unknown one. Left out: the ones that start work on the
 * machine (a folder scan, the real run of an import, a transcode) and the import file upload,
 * which has a property of its own below.
 */
function allEndpoints(): [method: string, path: string, who: Who][] {
  const found: [string, string, Who][] = [...ENDPOINTS];
  const folder = path.join(process.cwd(), "app/api");
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: "utf8" })) {
    if (path.basename(file) !== "route.ts") continue;
    const route = ["/api", ...path.dirname(file).split(path.sep)]
      .map((segment) => (/^\[.+\]$/.test(segment) ? UNKNOWN_ID : segment))
      .join("/")
      .replace(/\/\.$/, "");
    const source = fs.readFileSync(path.join(folder, file), "utf8");
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"])
      if (new RegExp(`export const ${method}\\b|as ${method}\\b`).test(source))
        found.push([method, route, route.startsWith("/api/admin") ? "admin" : "user"]);
  }
  const skipped = /^\/api\/(admin\/imports(\/|$)|movie\/[^/]+\/transcode$|auth\/)/;
  const kept = found.filter(([, route], index) => index < ENDPOINTS.length || !skipped.test(route));
  return kept.filter(([method, route], index) => kept.findIndex(([m, r]) => m === method && r === route) === index);
}
const endpoints = allEndpoints();
const writes = endpoints.filter(([method]) => method !== "GET");

let movie: { _id: string; name: string };
let category: { _id: string; name: string };
let user: TestUser;
beforeAll(async () => {
  movie = await createTestMovie();
  category = await createTestCategory();
  user = await freshUser("fuzz-keys");
});
const pathOf = (route: string) => route.replace("{movie}", movie._id).replace("{category}", category._id);
async function tokenFor(who: Who, method: string, route: string) {
  if (who === "admin") return adminToken();
  if (who === "anyone") return undefined;
  // Deleting the account, or changing its password or address, would leave the next case signed out.
  if (method !== "GET" && /^\/api\/user(\/password|\/email)?$/.test(route)) return (await freshUser("fuzz-keys")).token;
  return user.token;
}

/** Keys a hostile client tries: the fields Marquee reads, prototypes, inherited methods, array internals. */
const hostileKey = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "valueOf",
    "hasOwnProperty",
    "__defineGetter__",
    "then",
    "length",
    "0",
    "name",
    "email",
    "password",
    "language",
    "category",
    "casts",
    "rating",
    "message",
    "ids",
    "movieId",
    "position",
    "isAdmin",
    "response",
  ),
  fc.string({ maxLength: 10 }),
);
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null)),
    fc.array(tie("value"), { maxLength: 3 }),
    tie("object"),
  ),
  object: fc
    .array(fc.tuple(hostileKey, tie("value")), { maxLength: 5 })
    .map((entries) => Object.fromEntries(entries) as Record<string, unknown>),
}));
/** A JSON body's text: an object of hostile keys, now and then with one value nested thousands deep. */
const hostileBody = fc
  .tuple(hostileValue.object, fc.option(fc.tuple(hostileKey, fc.integer({ min: 30, max: 60_000 }))))
  .map(([body, deep]) => {
    const text = JSON.stringify(body);
    if (!deep) return text;
    const [key, depth] = deep;
    const nested = `${"[".repeat(depth)}${"]".repeat(depth)}`;
    return `{${JSON.stringify(key)}:${nested}${text === "{}" ? "" : `,${text.slice(1, -1)}`}}`;
  });

/** The server's prototypes are as a fresh realm's, and the catalogue lists the fuzz's movie. */
async function expectServerUnchanged(context: string) {
  expect((await api("GET", "/test/prototypes")).body, context).toEqual({ changed: [] });
  const listed = await api("GET", `/api/movie?search=${encodeURIComponent(movie.name)}`);
  expect(listed.status, context).toBe(200);
  expect(
    listed.body.movies.map((item: { _id: string }) => item._id),
    context,
  ).toEqual([movie._id]);
}

/** Puts back what a case that happened to be valid created or renamed, as hostile.test.ts does. */
async function undo(method: string, route: string, status: number, body: { _id?: string } | null) {
  const admin = await adminToken();
  if (method === "POST" && route === "/api/category" && status === 201)
    await api("DELETE", `/api/category/${body?._id}`, { token: admin });
  if (method === "PUT" && route === "/api/category/{category}" && status === 200)
    await api("PUT", `/api/category/${category._id}`, { token: admin, body: { name: category.name } });
  if (method === "POST" && route === "/api/movie" && status === 201)
    await api("DELETE", `/api/movie/${body?._id}`, { token: admin });
}

test(
  "random JSON bodies with hostile keys, at every endpoint that takes a body: no 5xx, nothing global changes",
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), hostileBody, async ([method, route, who], raw) => {
        const response = await api(method, pathOf(route), {
          token: await tokenFor(who, method, route),
          raw,
          headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
        });
        const context = `${method} ${route} ${raw.slice(0, 300)} -> ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;
        expect(response.status, context).toBeLessThan(500);
        await undo(method, route, response.status, response.body);
        await expectServerUnchanged(context);
      }),
      { numRuns: RUNS },
    );
  },
  TIMEOUT,
);

test(
  "random query parameters with hostile names, at every endpoint: no 5xx, nothing global changes",
  async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.array(fc.tuple(hostileKey, fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 6 }),
        async ([method, route, who], parameters) => {
          const query = new URLSearchParams(parameters).toString();
          // Bracketed names too: some parsers (qs) build nested objects from `a[b]=c`.
          const bracketed = parameters.map(
            ([key, value]) => `${encodeURIComponent(`__proto__[${key}]`)}=${encodeURIComponent(value)}`,
          );
          const response = await api(method, `${pathOf(route)}?${query}&${bracketed.join("&")}`, {
            token: await tokenFor(who, method, route),
            headers: { "x-forwarded-for": freshIp() },
            ...(method === "GET"
              ? {}
              : { raw: "{}", headers: { "content-type": "application/json", "x-forwarded-for": freshIp() } }),
          });
          const context = `${method} ${route}?${query} -> ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;
          expect(response.status, context).toBeLessThan(500);
          await undo(method, route, response.status, response.body);
          await expectServerUnchanged(context);
        },
      ),
      { numRuns: RUNS },
    );
  },
  TIMEOUT,
);

/** POST /api/admin/imports, a dry run, as the Import page sends it. */
async function sendDryRun(content: string, fileName: string) {
  const form = new FormData();
  form.set("file", new Blob([content]), fileName);
  form.set("dryRun", "true");
  const response = await fetch(`${baseUrl}/api/admin/imports`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  return { status: response.status, text: await response.text() };
}

const columnName = fc
  .array(fc.oneof(hostileKey, fc.nat({ max: 1200 }).map(String), fc.constantFrom("4294967294", "-1", "")), {
    minLength: 1,
    maxLength: 9,
  })
  .map((segments) => segments.join("."));

test(
  "random CSV column names and nested JSON movies, imported as dry runs: no 5xx, nothing global changes",
  async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(columnName, { minLength: 1, maxLength: 8 }),
        fc.array(fc.string({ maxLength: 8 }), { maxLength: 10 }),
        fc.array(hostileValue.object, { minLength: 1, maxLength: 3 }),
        fc.option(fc.integer({ min: 5, max: 60_000 })),
        async (columns, cells, movies, depth) => {
          const csv = Papa.unparse([
            ["id", "name", "year", "draft", ...columns],
            ["f1", "Fuzz", "2000", "true", ...cells],
          ]);
          const asCsv = await sendDryRun(csv, "fuzz.csv");
          expect(asCsv.status, `${csv.slice(0, 300)} -> ${asCsv.text.slice(0, 200)}`).toBeLessThan(500);
          const items = movies.map((extra) =>
            JSON.stringify({ id: "f1", name: "Fuzz", year: 2000, draft: true, ...extra }),
          );
          if (depth) items.push(`{"id":"f2","name":"Deep","casts":${"[".repeat(depth)}${"]".repeat(depth)}}`);
          const json = `[${items.join(",")}]`;
          const asJson = await sendDryRun(json, "fuzz.json");
          expect(asJson.status, `${json.slice(0, 300)} -> ${asJson.text.slice(0, 200)}`).toBeLessThan(500);
          await expectServerUnchanged(`${csv.slice(0, 200)} / ${json.slice(0, 200)}`);
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  },
  TIMEOUT,
);
