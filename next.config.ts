import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";
// Validates every environment variable as the server starts: a bad value stops it here,
// with a message naming the variable.
import "./lib/env";
import { addCompileHints } from "./lib/compile-hints";
import { precompressStaticAssets } from "./lib/precompress-assets";
import { MARKED_FOR_BLOCKING_METADATA } from "./lib/http/html-only-clients";
import { staticSecurityHeaders } from "./lib/http/security-headers";
import { LISTING_QUERY_KEYS, MOVIES_CATALOGUE_PATH } from "./lib/page-routes";

const config: NextConfig = {
  // The test build goes to its own folder so it never replaces the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Test-only pages (`page.e2e.tsx`) exist only in builds made by `npm test`.
  pageExtensions: process.env.MARQUEE_TEST_PAGES === "1" ? ["tsx", "ts", "e2e.tsx"] : ["tsx", "ts"],
  // prom-client: one copy in the process, shared with server.ts, which counts the requests (lib/metrics).
  serverExternalPackages: ["@node-rs/argon2", "sharp", "busboy", "pg-boss", "rate-limiter-flexible", "prom-client"],
  poweredByHeader: false,
  // `npm run typecheck` (TypeScript 7's native compiler, the first step of `npm run lint`) checks the
  // same tsconfig.json in 16 s of CPU; `next build` would check it again with TypeScript 6's compiler
  // in JavaScript, 37 s of CPU on every build, the test suite's and a first `npm start`'s included.
  typescript: { ignoreBuildErrors: true },
  // The browser's scripts compile as they download, off the page's main thread (lib/compile-hints.ts);
  // then each script and style sheet is also written brotli-compressed (lib/precompress-assets.ts).
  compiler: {
    runAfterProductionCompile: async (build) => {
      await addCompileHints(build);
      await precompressStaticAssets(build);
    },
  },
  // Catalogue reads are cached with 'use cache' + cacheTag and expired by the writes that change them
  // (docs/architecture.md, "Caching"); pages prerender their shell and stream the rest.
  cacheComponents: true,
  // Production builds keep 'use cache' entries in memory but share tag expirations through PostgreSQL,
  // so every instance sees an admin's change at its next request (lib/cache/handler.mjs). The dev
  // server, one process, keeps Next's own handler and its reload-friendly retention.
  cacheHandlers:
    process.env.NODE_ENV === "production"
      ? { default: fileURLToPath(new URL("./lib/cache/handler.mjs", import.meta.url)) }
      : undefined,
  // Whole pages Next keeps (the movie pages after their first visit, the home page) are judged against
  // the same shared expirations before each lookup (lib/cache/page-handler.mjs).
  cacheHandler:
    process.env.NODE_ENV === "production"
      ? fileURLToPath(new URL("./lib/cache/page-handler.mjs", import.meta.url))
      : undefined,
  // Partial prefetching pays off with generateStaticParams-prerendered params, which need a database
  // at build; Marquee builds without one, so it stays off until that changes.
  partialPrefetching: false,
  images: {
    // Stored pictures (posters, banners, portraits, avatars) are resized and re-encoded per
    // device width; nothing else is (components/ui/stored-image.tsx).
    localPatterns: [{ pathname: "/api/upload/image/**", search: "" }],
    // AVIF first (a quarter to a third smaller than WebP), WebP for browsers without it. AVIF costs
    // sharp 5 to 10 times WebP's time, but once per (picture, width, format): the result is cached
    // on disk and every later request is a file read (docs/performance.md has the figures).
    formats: ["image/avif", "image/webp"],
    // The default (75) for every picture; 45 for the movie page's backdrop, which is shown at 40%
    // opacity under a gradient, where the lost detail cannot be seen (HERO_BACKDROP_QUALITY).
    qualities: [45, 75],
    // Next's widths without its largest, 3840: Next never enlarges a picture, so only an upload wider
    // than 2048 px would get it, at a cost a 1 GB server should not pay for a 4K screen: 3.8 s and
    // 275 MB more memory for one 3840 px AVIF, against 1 s and 100 MB at 2048; every picture's srcset
    // is an entry shorter for it.
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048],
  },
  experimental: {
    // Next gives sharp 7 s per picture, then sends (and caches) the full-size original instead: on a
    // busy 2-core host an AVIF encode can take longer, and a phone would get the 400 kB upload.
    // Waiting longer once is better than a wrong answer kept for hours.
    imgOptTimeoutInSeconds: 60,
  },
  typedRoutes: false,
  // Metadata in the <head> of the first bytes, rendering the page whole, only for the requests proxy.ts
  // marks: clients that read nothing else, on the pages rendered per request. Every client gets the
  // pages Next keeps, whose metadata is in the head already (lib/http/html-only-clients.ts).
  htmlLimitedBots: MARKED_FOR_BLOCKING_METADATA,
  // /movies with no filter or page is the kept unfiltered list (lib/page-routes.ts). Here rather than in
  // proxy.ts: it applies to prefetches too, and a proxy's rewrite halved the page's throughput.
  rewrites: () =>
    Promise.resolve({
      beforeFiles: [
        {
          source: "/movies",
          destination: MOVIES_CATALOGUE_PATH,
          missing: LISTING_QUERY_KEYS.map((key) => ({ type: "query" as const, key })),
        },
      ],
      afterFiles: [],
      fallback: [],
    }),
  // Security headers on every response, pages and API alike (the page CSP comes from proxy.ts).
  headers: () => Promise.resolve(staticSecurityHeaders()),
};

export default config;
