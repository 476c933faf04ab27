// @ts-check
// Where Marquee reaches into Next.js's picture optimizer (the module behind /_next/image), so that
// pictures are resized in a process of their own (lib/media/picture-resizer.ts). The second and last
// place besides lib/cache/next-internals.mjs: kept apart from it because that module is bundled into
// Next's server (the cache handlers), and these requires must never be. Next documents no way to
// move the resize, so everything that depends on how Next does it is here, and
// tests/unit/next-internals.test.ts fails when a Next release changes any of it.
import { createRequire } from "node:module";

const nodeRequire = createRequire(import.meta.url);

/**
 * Next's picture optimizer, the module behind /_next/image: `imageOptimizer(upstream, params,
 * nextConfig, opts)` resizes and re-encodes one picture with sharp, `ImageError` carries the status
 * Next answers a bad picture with. The picture resizer's process calls it
 * (lib/media/picture-resizer-process.mjs).
 * @returns {typeof import("next/dist/server/image-optimizer.js")}
 */
export const nextImageOptimizer = () => nodeRequire("next/dist/server/image-optimizer.js");

/**
 * @typedef {import("next/dist/server/image-optimizer/transform.js").ImageUpstream} ImageUpstream
 * @typedef {import("next/dist/server/image-optimizer.js").ImageParamsResult} ImageParams
 * @typedef {Parameters<typeof import("next/dist/server/image-optimizer.js").imageOptimizer>} OptimizerArguments
 * @typedef {Awaited<ReturnType<typeof import("next/dist/server/image-optimizer.js").imageOptimizer>>} ResizedPicture
 * @typedef {(upstream: ImageUpstream, params: OptimizerArguments[1], nextConfig: OptimizerArguments[2], previousCacheEntry: OptimizerArguments[3]["previousCacheEntry"]) => Promise<ResizedPicture>} Resize
 */

/**
 * Hands the resizing of each /_next/image that Next has not kept to `resize`, in place of Next's
 * own call of its optimizer in this process. Everything else stays Next's: it checks the
 * parameters, keeps the result in its image cache and answers. The method replaced is
 * NextNodeServer's `imageOptimizer`, whose first half (reading the original through Next's own
 * router) is repeated here as Next writes it (next/dist/server/next-server.js).
 * @param {Resize} resize
 */
export function resizePicturesWith(resize) {
  const { prototype } = nodeRequire("next/dist/server/next-server.js").default;
  const { fetchExternalImage, fetchInternalImage } = nextImageOptimizer();
  /** @this {any} */
  prototype.imageOptimizer = async function (
    /** @type {any} */ req,
    /** @type {any} */ res,
    /** @type {ImageParams} */ params,
    /** @type {OptimizerArguments[3]["previousCacheEntry"]} */ previousCacheEntry,
  ) {
    const images = this.nextConfig.images;
    const upstream = params.isAbsolute
      ? await fetchExternalImage(
          params.href,
          images.dangerouslyAllowLocalIP,
          images.maximumResponseBody,
          images.maximumRedirects,
        )
      : await fetchInternalImage(
          params.href,
          req.originalRequest,
          res.originalResponse,
          images.maximumResponseBody,
          async (/** @type {any} */ newReq, /** @type {any} */ newRes) => {
            if (newReq.url === req.url) throw new Error("Invariant attempted to optimize _next/image itself");
            await this.routerServerHandler(newReq, newRes);
          },
        );
    return resize(upstream, params, this.nextConfig, previousCacheEntry);
  };
}
