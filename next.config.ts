import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";
// Validates every environment variable as the server starts: a bad value stops it here,
// with a message naming the variable.
import "./lib/env";
import { staticSecurityHeaders } from "./lib/http/security-headers";

const config: NextConfig = {
  // The test build goes to its own folder so it never replaces the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Test-only pages (`page.e2e.tsx`) exist only in builds made by `npm test`.
  pageExtensions: process.env.MARQUEE_TEST_PAGES === "1" ? ["tsx", "ts", "e2e.tsx"] : ["tsx", "ts"],
  serverExternalPackages: ["@node-rs/argon2", "sharp", "busboy", "pg-boss", "rate-limiter-flexible"],
  poweredByHeader: false,
  // Catalogue reads are cached with 'use cache' + cacheTag and expired by the writes that change them
  // (docs/architecture.md, "Caching"); pages prerender their shell and stream the rest.
  cacheComponents: true,
  // Production builds keep 'use cache' entries in memory but share tag expirations through PostgreSQL,
  // so every instance sees an admin's change at its next request (lib/cache/handler.mjs). The dev
  // server, one process, keeps Next's own handler and its reload-friendly retention.
  cacheHandlers: process.env.NODE_ENV === "production" ? { default: fileURLToPath(new URL("./lib/cache/handler.mjs", import.meta.url)) } : undefined,
  // Partial prefetching pays off with generateStaticParams-prerendered params, which need a database
  // at build; Marquee builds without one, so it stays off until that changes.
  partialPrefetching: false,
  images: {
    // Stored pictures (posters, banners, portraits, avatars) are resized and re-encoded per
    // device width; nothing else is (components/ui/stored-image.tsx).
    localPatterns: [{ pathname: "/api/upload/image/**", search: "" }],
    // WebP only: sharp encodes AVIF some 10-30x slower, and past Next's 7 s limit per image the
    // optimizer falls back to sending the full-size original (docs/media.md has the figures).
    formats: ["image/webp"],
  },
  typedRoutes: false,
  // Security headers on every response, pages and API alike (the page CSP comes from proxy.ts).
  headers: () => Promise.resolve(staticSecurityHeaders()),
};

export default config;
