// Next's page cache as the unit tests drive it (tests/unit/next-internals.test.ts, page-cache.test.ts):
// in memory only, with pages kept and looked up as Next keeps and looks them up.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NEXT_CACHE_TAGS_HEADER } from "next/dist/lib/constants";
import { type FileSystemCache, nextTagsManifest } from "@/lib/cache/next-internals.mjs";

type PageCache = InstanceType<typeof FileSystemCache>;

/** The folders the caches were given (they write nothing to them: flushToDisk is off). */
const distDirs: string[] = [];

/** A page cache of this class (Next's own, or Marquee's handler that extends it), in memory only. */
export function pageCache<C extends PageCache>(
  Cache: new (options: ConstructorParameters<typeof FileSystemCache>[0]) => C,
): C {
  const serverDistDir = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-page-cache-"));
  distDirs.push(serverDistDir);
  return new Cache({
    fs: undefined as never,
    flushToDisk: false,
    serverDistDir,
    revalidatedTags: [],
    maxMemoryCacheSize: 10 * 1024 * 1024,
    _requestHeaders: {},
  });
}

/** For afterEach: forgets every expiry and removes the caches' folders. */
export function clearPageCaches(): void {
  nextTagsManifest.clear();
  for (const dir of distDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

const APP_PAGE = "APP_PAGE" as never;

/** A kept page as Next stores it: its HTML and the tags it was rendered with, in its headers. */
export async function keep(cache: PageCache, key: string, tags: string[], html = "<html></html>"): Promise<void> {
  await cache.set(
    key,
    {
      kind: APP_PAGE,
      html,
      rscData: undefined,
      headers: { [NEXT_CACHE_TAGS_HEADER]: tags.join(",") },
      postponed: undefined,
      status: 200,
      segmentData: undefined,
    },
    { cacheControl: { revalidate: false, expire: undefined } } as never,
  );
}

export const lookUp = (cache: PageCache, key: string) =>
  cache.get(key, { kind: APP_PAGE, isRoutePPREnabled: false, isFallback: false });
