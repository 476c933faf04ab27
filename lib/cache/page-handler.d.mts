// Types for page-handler.mjs, for the TypeScript that imports it (tests/unit/page-cache.test.ts).
import type FileSystemCacheClass from "next/dist/server/lib/incremental-cache/file-system-cache.js";

export default class PageCacheHandler extends FileSystemCacheClass {}
