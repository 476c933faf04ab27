// Types for next-image-internals.mjs, for the TypeScript that imports it (lib/media/picture-resizer.ts,
// tests/unit/next-internals.test.ts).
import type * as NextImageOptimizerModule from "next/dist/server/image-optimizer.js";

type NextImageOptimizer = typeof NextImageOptimizerModule;
export type OptimizerArguments = Parameters<NextImageOptimizer["imageOptimizer"]>;
export type ResizedPicture = Awaited<ReturnType<NextImageOptimizer["imageOptimizer"]>>;
export type Resize = (
  upstream: OptimizerArguments[0],
  params: OptimizerArguments[1],
  nextConfig: OptimizerArguments[2],
  previousCacheEntry: OptimizerArguments[3]["previousCacheEntry"],
) => Promise<ResizedPicture>;
export declare const nextImageOptimizer: () => NextImageOptimizer;
export declare function resizePicturesWith(resize: Resize): void;
