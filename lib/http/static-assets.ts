// GET/HEAD /_next/static/{file} from a browser that accepts brotli: the build's brotli copy of the
// file (lib/precompress-assets.ts), answered straight from node:http before the request reaches
// Next's router (server.ts), with the headers Next gives the file itself: cached for a year and
// immutable (the names change with the content), its type, and the security headers. `send` (the
// file server under Express's static middleware and Next's own) answers ranges, HEAD and the
// conditional requests. Every other request for the build's files (a browser without brotli, a
// file with no copy, a name the build never wrote) goes on to Next, which answers it as before,
// gzipped. Loaded outside Next's bundles: nothing from Next, no "server-only".
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import Negotiator from "negotiator";
import send from "send";
import { BROTLI_SUFFIX } from "../precompress-assets";
import { staticFileSecurityHeaders } from "./security-headers";

const URL_PREFIX = "/_next/static/";

/** Next's own types for these files (lib/precompress-assets.ts PRECOMPRESSED_FILE). */
const CONTENT_TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
};

/**
 * A request listener's step: true when it has taken the request, false to hand it on. `distDir` is
 * the build's folder (`.next`); without a production build there (the dev server) it takes nothing.
 */
export function createStaticAssetFastPath(distDir: string) {
  const root = path.join(distDir, "static");
  // The names are read once, as the server starts: a request is answered only with a file the build
  // wrote, so no path from a request ever reaches the disk.
  const compressed = new Set(
    fs.existsSync(root)
      ? fs
          .readdirSync(root, { recursive: true, encoding: "utf8" })
          .filter((name) => name.endsWith(BROTLI_SUFFIX))
          .map((name) => name.slice(0, -BROTLI_SUFFIX.length).split(path.sep).join("/"))
      : [],
  );

  return function serveStaticAssetFast(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? "";
    if (!url.startsWith(URL_PREFIX)) return false;
    const queryStart = url.indexOf("?");
    const name = url.slice(URL_PREFIX.length, queryStart === -1 ? undefined : queryStart);
    const contentType = CONTENT_TYPES[path.extname(name)];
    if (!contentType || !compressed.has(name)) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      // Next's static handler answers any other method on a file of the build with a 500.
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Length": "0" }).end();
      return true;
    }
    // A browser that refuses brotli (or says nothing) gets Next's answer: q=0 is a refusal.
    if (!new Negotiator(req).encodings(["br"]).includes("br")) return false;

    const proto = req.headers["x-forwarded-proto"];
    for (const [key, value] of Object.entries(staticFileSecurityHeaders(Array.isArray(proto) ? proto[0] : proto)))
      res.setHeader(key, value);
    // Before `send` writes its own: it keeps a Content-Type already set (it would say brotli's).
    res.setHeader("Content-Type", contentType);
    res.setHeader("Content-Encoding", "br");
    res.setHeader("Vary", "Accept-Encoding");
    send(req, name + BROTLI_SUFFIX, { root, index: false, dotfiles: "deny", maxAge: "1y", immutable: true })
      .on("error", (error: { status?: number }) => {
        // The file went away under a running server (a build replaced it): an empty answer, not brotli.
        res.removeHeader("Content-Encoding");
        res.statusCode = error.status ?? 500;
        res.end();
      })
      .pipe(res);
    return true;
  };
}
