// Every request server.ts answers, counted by route pattern (`/movie/[id]`, never the raw path, so
// the number of series stays bounded whatever clients ask for), method and status, with its time,
// and the page cache's answer when Next says it used it (x-nextjs-cache).
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { metrics } from "./index";

type Manifest = { staticRoutes?: { page: string }[]; dynamicRoutes?: { page: string; regex: string }[] };

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const CACHE_RESULTS = new Set(["hit", "stale", "miss", "revalidated"]);

/** Route patterns and their matchers, from the build's routes manifest (none in development). */
export function createRouteMatcher(root: string, distDir: string): (pathname: string) => string {
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, distDir, "routes-manifest.json"), "utf8")) as Manifest;
  } catch {
    // `next dev` writes routes as it compiles them: every path is "(no route)" there.
  }
  const fixed = new Set((manifest.staticRoutes ?? []).map((route) => route.page));
  const dynamic = (manifest.dynamicRoutes ?? []).map((route) => ({ page: route.page, regex: new RegExp(route.regex) }));
  // Files of public/ (icons, robots-free assets) are served as they are: one label for them all.
  const publicFiles = new Set(
    fs
      .readdirSync(path.join(root, "public"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(path.join(root, "public"), path.join(entry.parentPath, entry.name))}`),
  );
  return (pathname) => {
    if (pathname.startsWith("/_next/")) return `/_next/${pathname.split("/")[2] ?? ""}`;
    // A client navigation asks for the same route's RSC payload under a suffix.
    const route = pathname.replace(/\.(?:segments\/.*|prefetch\.rsc|rsc)$/, "").replace(/(.)\/$/, "$1");
    if (fixed.has(route)) return route;
    for (const { page, regex } of dynamic) if (regex.test(route)) return page;
    if (publicFiles.has(route)) return "(public file)";
    return "(no route)";
  };
}

/**
 * Returns the observer server.ts calls with each request: it records the request when its answer
 * has gone out (or the connection closed first).
 */
export function createRequestObserver(matchRoute: (pathname: string) => string) {
  const { requests, pageCache } = metrics();
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = process.hrtime.bigint();
    res.once("close", () => {
      const pathname = (req.url ?? "/").split("?", 1)[0]!;
      let route: string;
      try {
        route = matchRoute(decodeURI(pathname));
      } catch {
        route = "(no route)"; // a malformed escape
      }
      const method = METHODS.has(req.method ?? "") ? req.method! : "other";
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // A connection closed before an answer went out is counted as status 0.
      requests.observe({ method, route, status: res.headersSent ? String(res.statusCode) : "0" }, seconds);
      const cache = res.getHeader("x-nextjs-cache");
      if (typeof cache === "string") {
        const result = cache.toLowerCase();
        pageCache.inc({ route, result: CACHE_RESULTS.has(result) ? result : "other" });
      }
    });
  };
}
