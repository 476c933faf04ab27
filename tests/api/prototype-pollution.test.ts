// Keys from outside never reach a prototype (docs/security.md): an import's CSV column
// `__proto__.language` once set Object.prototype.language in the web process, so every
// listing filtered on a language no movie has (an empty catalogue for everyone), the catalogue page
// answered 500, until a restart. GET /test/prototypes (a test-only route) lists what the server's
// built-in prototypes hold that a fresh realm's do not: it must stay empty.
import { expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { api, baseUrl } from "../support/http";
import { createTestMovie } from "../support/catalogue";
import { adminToken } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);

/** POST /api/admin/imports as the Import page sends a dry run. */
async function sendDryRun(content: string, fileName: string) {
  const form = new FormData();
  form.set("file", new Blob([content]), fileName);
  form.set("dryRun", "true");
  const response = await fetch(`${baseUrl}/api/admin/imports`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const pollution = async () => (await api<{ changed: string[] }>("GET", "/test/prototypes")).body.changed;

/** The catalogue still answers everyone: the movie is listed by the API and the catalogue page renders. */
async function expectCatalogueIntact(movie: { _id: string; name: string }) {
  const listed = await api("GET", `/api/movie?search=${encodeURIComponent(movie.name)}`);
  expect(listed.status).toBe(200);
  expect(listed.body.movies.map((item: { _id: string }) => item._id)).toEqual([movie._id]);
  expect((await api("GET", "/api/movie?limit=1")).body.moviesCount).toBeGreaterThan(0);
  expect((await fetch(`${baseUrl}/movies-catalogue`)).status).toBe(200);
}

test("the probe sees a clean server to begin with", async () => {
  expect(await pollution()).toEqual([]);
});

test.each([
  ["__proto__.language", "Object.prototype.language"],
  ["constructor.prototype.language", "Object.prototype.language"],
  ["casts.0.__proto__.language", "Object.prototype.language"],
])("a dry-run import with a CSV column %s is 400 naming the column; nothing global changes", async (column) => {
  const movie = await createTestMovie();
  const imports = await db.importJob.count();
  const message = `The column "${column}" cannot be read: __proto__, constructor and prototype cannot name a field.`;
  expect(await sendDryRun(`id,name,year,draft,${column}\np1,Proto,2000,true,Klingon\n`, "poison.csv")).toEqual({
    status: 400,
    body: { message, errors: { file: [message] } },
  });
  expect(await pollution()).toEqual([]);
  await expectCatalogueIntact(movie);
  expect(await db.importJob.count()).toBe(imports);
});

test("a JSON import with a __proto__ key is 400 naming the movie and the field; nothing global changes", async () => {
  const movie = await createTestMovie();
  const file = `[{"id":"p1","name":"Fine","year":2000,"draft":true},{"id":"p2","name":"P","casts":[{"__proto__":{"language":"Klingon"}}]}]`;
  const message = 'Movie 2 has a field "casts.0.__proto__": __proto__, constructor and prototype cannot name a field.';
  expect(await sendDryRun(file, "poison.json")).toEqual({
    status: 400,
    body: { message, errors: { file: [message] } },
  });
  expect(await pollution()).toEqual([]);
  await expectCatalogueIntact(movie);
});

test("a JSON import nested 100,000 deep is 400 naming the movie, not a 500; nothing is recorded", async () => {
  const imports = await db.importJob.count();
  const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
  const file = `[{"id":"p1","name":"Fine","year":2000,"draft":true},{"id":"p2","name":"Deep","casts":${deep}}]`;
  const message =
    'Movie 2 is nested too deeply at "casts.0.0.0.0.0.0.0.0.0": a movie nests at most 10 levels of objects and lists.';
  expect(await sendDryRun(file, "deep.json")).toEqual({ status: 400, body: { message, errors: { file: [message] } } });
  expect(await db.importJob.count()).toBe(imports);
});

test.each([
  ['{"name":"x","__proto__":{"language":"Klingon"}}', "__proto__"],
  ['{"name":"x","constructor":{"prototype":{"language":"Klingon"}}}', "constructor"],
  ['{"name":"x","casts":[{"prototype":1}]}', "casts.0.prototype"],
])("a JSON body %s is 400 naming the field %s", async (raw, field) => {
  const message = `The field "${field}" is not allowed: __proto__, constructor and prototype cannot name a field`;
  const response = await api("POST", "/api/category", {
    token: await adminToken(),
    raw,
    headers: { "content-type": "application/json" },
  });
  expect(response).toMatchObject({ status: 400, body: { message, errors: { [field]: [message] } } });
  expect(await pollution()).toEqual([]);
});

test("a JSON body nested deeper than 32 levels is 400 naming where", async () => {
  const raw = `{"name":${"[".repeat(50_000)}${"]".repeat(50_000)}}`;
  const response = await api("POST", "/api/category", {
    token: await adminToken(),
    raw,
    headers: { "content-type": "application/json" },
  });
  const message = "The JSON body nests more than 32 levels of objects and lists";
  expect(response).toMatchObject({ status: 400, body: { message } });
  expect(Object.keys(response.body.errors)).toEqual([`name${".0".repeat(31)}`]);
});

test("query parameters named after prototypes are parameters like any other", async () => {
  const movie = await createTestMovie();
  for (const query of ["__proto__=x", "constructor=x&toString=y", "__proto__[language]=Klingon", "hasOwnProperty=1"]) {
    const response = await api("GET", `/api/movie?${query}&search=${encodeURIComponent(movie.name)}`);
    expect(response.status, query).toBe(200);
    expect(response.body.movies.map((item: { _id: string }) => item._id)).toEqual([movie._id]);
  }
  expect(await pollution()).toEqual([]);
});
