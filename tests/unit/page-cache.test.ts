// A kept page must never be older than a write on its instance that it was rendered before
// (lib/cache/page-handler.mjs, docs/architecture.md "Caching"). Next dates a kept page when it stores it, after its render, so a
// render that read the catalogue before a write, and ended after it, would otherwise be kept as newer
// than the write and served without it until the next one. Two ways a render reads before a write:
// its lookup came first (any visitor's request or link prefetch), or it joined a read that another
// request began first (Next shares one `'use cache'` fill between concurrent requests).
import { afterEach, expect, test } from "vitest";
import sharedTags from "@/lib/cache/handler.mjs";
import PageCacheHandler from "@/lib/cache/page-handler.mjs";
import { clearPageCaches, keep as keepPage, lookUp, pageCache } from "../support/page-cache";

// Expirations are on performance.timeOrigin + performance.now(), a kept page's date on Date.now():
// the two drift apart, so each test waits until both agree on the order it needs.
const now = () => performance.timeOrigin + performance.now();
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
};

/** A write on this instance expiring the tag, as lib/cache/expire-tags.ts does after its commit. */
async function expireNow(tag: string) {
  const before = now();
  await until(() => now() > before); // strictly after anything that came before
  await sharedTags.publish([tag]);
  const at = now();
  // A page kept from here on is dated after the expiry on both clocks.
  await until(() => Date.now() > at);
}

afterEach(clearPageCaches);
const cacheOfPages = () => pageCache(PageCacheHandler);
/** Next storing the page it rendered, with the tags of the reads it made. */
const keep = (cache: PageCacheHandler, key: string, tags: string[]) =>
  keepPage(cache, key, tags, `<html>${key}</html>`);

test("a page whose lookup came before its tag expired is served to its visitor but not kept", async () => {
  const cache = cacheOfPages();
  expect(await lookUp(cache, "/movie/before")).toBeNull();
  await expireNow("movie:before");
  await keep(cache, "/movie/before", ["movie:before", "movies"]);
  // Not kept: this visit renders it anew, and that render, looked up after the write, is kept.
  expect(await lookUp(cache, "/movie/before")).toBeNull();
  await keep(cache, "/movie/before", ["movie:before", "movies"]);
  expect(await lookUp(cache, "/movie/before")).toMatchObject({ value: { html: "<html>/movie/before</html>" } });
});

test("a write to another movie does not stop a page being kept", async () => {
  const cache = cacheOfPages();
  await lookUp(cache, "/movie/untouched");
  await expireNow("movie:elsewhere");
  await keep(cache, "/movie/untouched", ["movie:untouched", "movies"]);
  expect(await lookUp(cache, "/movie/untouched")).not.toBeNull();
});

/** Another request's `'use cache'` fill, begun now; `end` settles it, as Next does once it is read. */
function fill(key: string, tags: string[]) {
  const startedAt = now();
  let end = () => {};
  const entry = new Promise((resolve) => {
    end = () =>
      resolve({
        value: new ReadableStream({ start: (controller) => controller.close() }),
        tags,
        stale: 300,
        timestamp: startedAt,
        expire: 3600,
        revalidate: 900,
      });
  });
  const stored = sharedTags.set(key, entry as never);
  return async () => {
    end();
    await stored;
  };
}

test("a page that joined a read begun before the write is not kept", async () => {
  const cache = cacheOfPages();
  const end = fill("movie-detail:joined", ["movie:joined"]);
  await expireNow("movie:joined");
  // Looked up after the write, but rendered from the read that began before it.
  expect(await lookUp(cache, "/movie/joined")).toBeNull();
  await end();
  await keep(cache, "/movie/joined", ["movie:joined", "movies"]);
  expect(await lookUp(cache, "/movie/joined")).toBeNull();
});

test("a page that joined a read begun after the write, or one of another movie, is kept", async () => {
  const cache = cacheOfPages();
  const other = fill("movie-detail:other", ["movie:other"]);
  await expireNow("movie:other");
  await expireNow("movie:fresh");
  const fresh = fill("movie-detail:fresh", ["movie:fresh"]);
  expect(await lookUp(cache, "/movie/fresh")).toBeNull();
  await other();
  await fresh();
  await keep(cache, "/movie/fresh", ["movie:fresh", "movies"]);
  expect(await lookUp(cache, "/movie/fresh")).not.toBeNull();
});
