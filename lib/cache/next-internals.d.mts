// Types for next-internals.mjs, for the TypeScript that imports it (tests/unit/next-internals.test.ts).
import type FileSystemCacheClass from "next/dist/server/lib/incremental-cache/file-system-cache.js";

export declare const nextTagsManifest: Map<string, { stale?: number; expired?: number }>;
export declare const FileSystemCache: typeof FileSystemCacheClass;
export declare const EVERY_PAGE_TAG: string;
