// What lib/cache/next-internals.mjs relies on in Next.js's private modules. Each test fails when a
// Next release changes that part: then cross-instance freshness of the kept pages needs another way
// (docs/architecture.md, "Caching"). The whole path runs in tests/deploy/two-instances.test.ts.
import { getImplicitTags } from "next/dist/server/lib/implicit-tags";
import { afterEach, expect, test } from "vitest";
import sharp from "sharp";
import { EVERY_PAGE_TAG, FileSystemCache, nextTagsManifest } from "@/lib/cache/next-internals.mjs";
import { nextImageOptimizer } from "@/lib/media/next-image-internals.mjs";
import { clearPageCaches, keep, lookUp, pageCache } from "../support/page-cache";

// Next dates a kept page with Date.now() but judges expirations against performance.timeOrigin +
// performance.now(), as lib/cache/handler.mjs writes them; the two clocks drift apart by a few
// milliseconds or more (a CI machine had the second ahead).
const now = () => performance.timeOrigin + performance.now();

/** Expires `tag` at a moment both clocks put after the page was kept (waits out any drift). */
async function expireAfter(tag: string, keptAt: number) {
  while (now() <= keptAt) await new Promise((resolve) => setTimeout(resolve, 5));
  nextTagsManifest.set(tag, { expired: now() });
}

afterEach(clearPageCaches);

test("every kept page carries the root layout's implicit tag, which Marquee expires when a server starts", async () => {
  for (const [page, pathname] of [
    ["/(site)/movie/[id]/page", "/movie/0b7c1f52-6a4c-4c55-a1f5-2f1c9a8b1e01"],
    ["/(site)/page", "/"],
    ["/(site)/about-us/page", "/about-us"],
  ]) {
    const { tags } = await getImplicitTags(page!, pathname!, null);
    expect(tags, page).toContain(EVERY_PAGE_TAG);
  }
});

test("Next's page cache judges a kept page by the tags manifest Marquee writes: expired means a new render", async () => {
  const cache = pageCache(FileSystemCache);
  await keep(cache, "/movie/a", ["movie:a", EVERY_PAGE_TAG]);
  await keep(cache, "/movie/b", ["movie:b", EVERY_PAGE_TAG]);
  const kept = await lookUp(cache, "/movie/a");
  expect(kept).toMatchObject({ value: { html: "<html></html>" } });

  // What lib/cache/handler.mjs writes when it learns that another instance expired a tag.
  await expireAfter("movie:a", kept!.lastModified);
  expect(await lookUp(cache, "/movie/a")).toBeNull();
  expect(await lookUp(cache, "/movie/b")).not.toBeNull();

  // And at a server's start: every page kept before it counts as expired.
  await expireAfter(EVERY_PAGE_TAG, kept!.lastModified);
  expect(await lookUp(cache, "/movie/b")).toBeNull();
});

test("a page kept after the expiry is served", async () => {
  const cache = pageCache(FileSystemCache);
  // A minute back: well past any drift between the two clocks.
  nextTagsManifest.set("movie:c", { expired: now() - 60_000 });
  await keep(cache, "/movie/c", ["movie:c"]);
  expect(await lookUp(cache, "/movie/c")).not.toBeNull();
});

test("Next's server resizes a picture in one method, which lib/media/next-image-internals.mjs repeats the first half of", async () => {
  const { default: NextNodeServer } = await import("next/dist/server/next-server.js");
  // Protected in Next's types: read as the replacement writes it, by name.
  const method = String((NextNodeServer.prototype as unknown as Record<string, unknown>).imageOptimizer);
  // What resizePicturesWith writes again: the original read through Next's router, then the optimizer.
  expect(method).toContain(
    "fetchInternalImage(href, req.originalRequest, res.originalResponse, this.nextConfig.images.maximumResponseBody, handleInternalReq)",
  );
  expect(method).toContain("await this.routerServerHandler(newReq, newRes)");
  expect(method).toContain("return imageOptimizer(imageUpstream, paramsResult, this.nextConfig, {");
});

test("Next's optimizer resizes with only the settings the resizer process is sent", async () => {
  const { imageOptimizer } = nextImageOptimizer();
  const original = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#c81e5a" } })
    .png()
    .toBuffer();
  const picture = await imageOptimizer(
    { buffer: original, contentType: "image/png", cacheControl: "public, max-age=31536000, immutable", etag: '"a"' },
    { href: "/api/upload/image/a.png", width: 384, quality: 75, mimeType: "image/webp" },
    {
      images: { dangerouslyAllowSVG: false, minimumCacheTTL: 14_400 },
      experimental: {
        imgOptConcurrency: null,
        imgOptOperationCache: undefined,
        imgOptMaxInputPixels: 268_402_689,
        imgOptSequentialRead: null,
        imgOptTimeoutInSeconds: 60,
        imgOptMozjpeg: true,
      },
    },
    {},
  );
  expect(picture.error).toBeUndefined();
  expect(picture.contentType).toBe("image/webp");
  expect(picture.maxAge).toBe(31_536_000);
  expect((await sharp(picture.buffer).metadata()).width).toBe(384);
});
