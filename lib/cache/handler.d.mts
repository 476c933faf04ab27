// Types for handler.mjs, for the TypeScript that imports it (tests/unit/page-cache.test.ts).
import type { CacheHandler } from "next/cache";

declare const handler: CacheHandler & {
  publish(tags: string[]): Promise<void>;
  pageLookedUp(key: string): void;
  mayKeepPage(key: string, pageTags: string[]): boolean;
};
export default handler;
