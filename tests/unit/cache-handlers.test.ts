// The cache handlers (lib/cache): the pages Next keeps and the 'use cache' entries, in memory within
// a byte budget, judged against tag expirations that instances share through the CacheTag table
// (here a stand-in table that two "instances" share, with the SQL's semantics: one version sequence,
// one row per tag). The real table and Next itself are exercised by tests/deploy/two-instances and
// tests/site/cache-freshness.
import { afterEach, expect, test, vi } from "vitest";
import { createCacheHandler } from "@/lib/cache/handler.mjs";
import { ByteLimitedLru } from "@/lib/cache/lru.mjs";
import { TAGS_HEADER, definePageCacheHandler, type PageEntry } from "@/lib/cache/page-handler.mjs";
import { createSharedTags, type TagStore } from "@/lib/cache/shared-tags.mjs";

afterEach(() => vi.useRealTimers());

/** The CacheTag table as the handlers use it: upserts take a new version; readers ask for rows past one. */
function cacheTagTable() {
  const rows = new Map<string, { version: number; expireMs: number }>();
  let sequence = 0;
  /** The statement's answer (a promise, as pg's): matched by what the handlers' SQL says. */
  const query = (sql: string, params: unknown[] = []) => Promise.resolve(answer(sql, params));
  const answer = (sql: string, params: unknown[]) => {
    if (sql.includes("max(")) return { rows: [{ version: String(sequence) }] };
    if (sql.includes("INSERT")) {
      const [tags, expireSeconds] = params as [string[], number];
      return {
        rows: tags.map((tag) => {
          rows.set(tag, { version: ++sequence, expireMs: expireSeconds * 1000 });
          return { version: String(sequence) };
        }),
      };
    }
    if (sql.includes(`WHERE "version" > $1`)) {
      const after = Number(params[0]);
      const newer = [...rows].filter(([, row]) => row.version > after).sort((a, b) => a[1].version - b[1].version);
      return { rows: newer.map(([tag, row]) => ({ tag, version: String(row.version), expireMs: row.expireMs })) };
    }
    return { rows: [] }; // BEGIN, the advisory lock, COMMIT
  };
  const pool = { query, connect: () => Promise.resolve({ query, release() {} }) };
  return { pool: pool as unknown as TagStore, rows };
}

const quiet = () => {};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An APP_PAGE value as Next hands it to the page handler: its tags in its headers. */
const page = (html: string, tags: string[]) => ({
  kind: "APP_PAGE",
  html,
  rscData: new TextEncoder().encode(`rsc of ${html}`),
  headers: { [TAGS_HEADER]: tags.join(",") },
  status: 200,
});

function pageHandlerOn(tags: ReturnType<typeof createSharedTags>, maxBytes = 1024 * 1024) {
  const store = new ByteLimitedLru<PageEntry>(maxBytes);
  const Handler = definePageCacheHandler(tags, () => store);
  // Next constructs the handler for every request: each instance must reach the same store.
  return { next: () => new Handler({ maxMemoryCacheSize: maxBytes }), store };
}

test("the byte-bounded store evicts the least recently used entries, and keeps nothing heavier than its budget", () => {
  const store = new ByteLimitedLru<string>(100);
  store.set("a", "A", 40);
  store.set("b", "B", 40);
  expect(store.get("a")).toBe("A"); // a is now the most recent
  store.set("c", "C", 40);
  expect([store.get("a"), store.get("b"), store.get("c")]).toEqual(["A", undefined, "C"]);
  expect(store.bytes).toBe(80);
  store.set("a", "A again", 30); // a replaced entry's weight is released
  expect(store.bytes).toBe(70);
  store.set("huge", "H", 101);
  expect(store.get("huge")).toBeUndefined();
  expect(store.size).toBe(2);
});

test("a kept page is served until a tag it carries is expired, then dropped; one made after the expiry is served", async () => {
  const tags = createSharedTags({ pool: null, log: quiet });
  const { next, store } = pageHandlerOn(tags);
  await next().set("/movie/1", page("first", ["movie:1", "movies", "_N_T_/layout"]), {
    cacheControl: { revalidate: false },
  });
  const kept = await next().get("/movie/1", { kind: "APP_PAGE" });
  expect(kept?.value?.html).toBe("first");
  expect(kept?.cacheControl).toEqual({ revalidate: false });

  await sleep(2);
  await next().revalidateTag("movie:2", { expire: 0 }); // another movie: no effect
  expect((await next().get("/movie/1", { kind: "APP_PAGE" }))?.value?.html).toBe("first");
  await next().revalidateTag(["movie:1"], { expire: 0 });
  expect(await next().get("/movie/1", { kind: "APP_PAGE" })).toBeNull();
  expect(store.size).toBe(0);

  await sleep(2);
  await next().set("/movie/1", page("second", ["movie:1"]), {});
  expect((await next().get("/movie/1", { kind: "APP_PAGE" }))?.value?.html).toBe("second");
});

test("a page kept by one instance is dropped at its next lookup after another instance expires one of its tags", async () => {
  const { pool } = cacheTagTable();
  const one = createSharedTags({ pool, log: quiet });
  const two = createSharedTags({ pool, log: quiet });
  const onOne = pageHandlerOn(one);
  await onOne.next().get("/", { kind: "APP_PAGE" }); // the first lookup starts at the table's newest version
  await onOne.next().set("/", page("home", ["movies"]), {});
  await two.refresh();
  await sleep(2);

  await two.publish(["movies"]); // an admin's edit through the other instance
  expect(await onOne.next().get("/", { kind: "APP_PAGE" })).toBeNull();
  // The instance that published does not learn its own write a second time.
  const onTwo = pageHandlerOn(two);
  await onTwo.next().set("/", page("home again", ["movies"]), {});
  expect((await onTwo.next().get("/", { kind: "APP_PAGE" }))?.value?.html).toBe("home again");
});

test("pages are kept within the byte budget, least recently used out first", async () => {
  const tags = createSharedTags({ pool: null, log: quiet });
  const html = "x".repeat(400); // with its RSC payload, each page weighs a little over 800 bytes
  const { next, store } = pageHandlerOn(tags, 3000);
  for (const key of ["/a", "/b", "/c"]) await next().set(key, page(html, []), {});
  await next().get("/a", { kind: "APP_PAGE" });
  await next().set("/d", page(html, []), {});
  expect(await next().get("/b", { kind: "APP_PAGE" })).toBeNull();
  expect((await next().get("/a", { kind: "APP_PAGE" }))?.value?.html).toBe(html);
  expect(store.size).toBe(3);
  expect(store.bytes).toBeLessThanOrEqual(3000);
});

test("'use cache' entries: served as a fresh stream each time, dropped once a tag they carry expires anywhere", async () => {
  const { pool, rows } = cacheTagTable();
  const one = createSharedTags({ pool, log: quiet });
  const two = createSharedTags({ pool, log: quiet });
  const handler = createCacheHandler({ tags: one });
  const twoHandler = createCacheHandler({ tags: two });
  await handler.refreshTags();
  await twoHandler.refreshTags();
  const entry = (text: string) => ({
    value: new Response(text).body!,
    tags: ["movie:7"],
    stale: 300,
    timestamp: performance.timeOrigin + performance.now(),
    expire: 86_400,
    revalidate: 3600,
  });
  await handler.set("detail:7", Promise.resolve(entry("the movie")));
  for (let read = 0; read < 2; read++) {
    const hit = await handler.get("detail:7", []);
    expect(await new Response(hit!.value).text()).toBe("the movie");
  }
  await sleep(2);
  await twoHandler.updateTags(["movie:7"], { expire: 0 });
  expect(rows.get("movie:7")).toBeDefined();
  await handler.refreshTags();
  expect(await handler.get("detail:7", [])).toBeUndefined();
  expect(await handler.getExpiration(["movie:7"])).toBeGreaterThan(0);
  expect(await handler.getExpiration(["movie:8"])).toBe(0);
});

test("only so many tag states are remembered: forgetting one expires every entry made before it, none made after", async () => {
  const tags = createSharedTags({ pool: null, maxTags: 3, log: quiet });
  const before = performance.timeOrigin + performance.now();
  await sleep(2);
  tags.markExpired(["movie:1", "movie:2", "movie:3"], undefined);
  expect(tags.isExpired(["movie:9"], before)).toBe(false);
  tags.markExpired(["movie:4"], undefined); // movie:1 is forgotten
  expect(tags.isExpired(["movie:9"], before)).toBe(true);
  await sleep(2);
  const after = performance.timeOrigin + performance.now();
  expect(tags.isExpired(["movie:1", "movie:9"], after)).toBe(false);
  expect(tags.latestExpiry(["_N_T_/layout"])).toBeGreaterThan(before);
});

test("a failed read of the table is logged and the request served from what the instance knows", async () => {
  const log = vi.fn();
  const failing = {
    query: () => Promise.reject(new Error("connection refused")),
    connect: () => Promise.reject(new Error("connection refused")),
  };
  const tags = createSharedTags({ pool: failing, log });
  await expect(tags.refresh()).resolves.toBeUndefined();
  await expect(tags.publish(["movies"])).resolves.toBeUndefined();
  expect(log).toHaveBeenCalledTimes(2);
  expect(tags.isExpired(["movies"], 0)).toBe(true);
});
