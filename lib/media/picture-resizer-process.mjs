// @ts-check
// The picture resizer's process (lib/media/picture-resizer.ts starts it): Next's own optimizer, run
// here instead of in the web process, so sharp, libvips and the AVIF encoder take their memory with
// them when this process ends. Plain Node: no tsx, no TypeScript compiler, nothing of Marquee's but
// the one module that reaches into Next.
import { nextImageOptimizer } from "./next-image-internals.mjs";

process.title = "marquee-pictures";
const { imageOptimizer, ImageError } = nextImageOptimizer();

/**
 * @typedef {import("./next-image-internals.mjs").OptimizerArguments} OptimizerArguments
 * @typedef {{ id: number; upstream: OptimizerArguments[0]; params: OptimizerArguments[1]; config: OptimizerArguments[2]; previousCacheEntry: OptimizerArguments[3]["previousCacheEntry"] }} Request
 */

process.on("message", (/** @type {Request} */ { id, upstream, params, config, previousCacheEntry }) => {
  // Buffers cross the channel as bytes; Next's optimizer wants Buffers back.
  upstream.buffer = Buffer.from(upstream.buffer);
  imageOptimizer(upstream, params, config, { previousCacheEntry }).then(
    (picture) => process.send?.({ id, picture: { ...picture, error: picture.error && String(picture.error) } }),
    (error) =>
      process.send?.({
        id,
        failure: {
          message: error instanceof Error ? error.message : String(error),
          // Next answers an ImageError with its status (a file that is not a picture: 400).
          statusCode: error instanceof ImageError ? error.statusCode : undefined,
        },
      }),
  );
});
// The web process is gone (or let this one go): nothing is left to resize.
process.on("disconnect", () => process.exit(0));
