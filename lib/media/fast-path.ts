// The media fast path: GET/HEAD /api/upload/{folder}/{file} answered straight from node:http, before
// a request reaches Next's router (server.ts). Next spends about 2-3 ms of routing per request and
// drops Content-Length from route handler responses; here a request costs a stat and a read stream,
// and every answer carries its length. The rules are lib/media/file-answer.ts's, shared with the
// route handler. Loaded outside Next's bundles: no "server-only", nothing from Next.
import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream";
import { corsHeaders } from "@/lib/http/cors";
import { apiSecurityHeaders } from "@/lib/http/security-headers";
import type { StorageDriver } from "@/lib/storage/types";
import { answerFileRequest, storageKeyOfPath, type ServeOptions } from "./file-answer";
import type { HeaderReader } from "./http-ranges";

type FastPathOptions = ServeOptions & {
  /** The storage driver, asked for on the first request (the app's configured one). */
  driver: () => StorageDriver;
};

/**
 * A request listener's first step: returns true when it has taken the request (a stored file's
 * URL with GET or HEAD), false to hand it on to Next. Odd paths (`%2e%2e`, trailing slashes,
 * names the server never issues) go on to Next, which answers them as it always has.
 */
export function createMediaFastPath(options: FastPathOptions) {
  return function serveStoredFileFast(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const key = storageKeyOfPath(req.url ?? "");
    if (!key) return false;
    const driver = options.driver();
    const url = req.url!;
    const queryStart = url.indexOf("?");
    const request = {
      method: req.method,
      query: new URLSearchParams(queryStart === -1 ? "" : url.slice(queryStart + 1)),
      headers: nodeHeaders(req),
    };

    void (async () => {
      const answer = await answerFileRequest(request, key, driver, options);
      const { body } = answer;
      // Opened before the head goes out, so a storage failure can still be a 500.
      const stream = body.kind === "file" ? await driver.read(key, body.range) : null;
      res.writeHead(answer.status, {
        ...apiSecurityHeaders(request.headers.get("x-forwarded-proto")),
        ...answer.headers,
        ...corsHeaders(request.headers.get("origin")),
      });
      if (!stream) {
        res.end(body.kind === "json" ? body.text : undefined);
        return;
      }
      pipeline(stream, res, (error) => {
        // A client that goes away (a seek, leaving the page) is normal: pipeline has closed the
        // file or S3 stream already, and there is nothing to report.
        if (!error || error.code === "ERR_STREAM_PREMATURE_CLOSE" || req.destroyed) return;
        console.error(`Reading ${key} failed part way:`, error);
      });
    })().catch((error: unknown) => {
      console.error(`Serving ${key} failed:`, error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const text = JSON.stringify({ message: "Something went wrong." });
      res.writeHead(500, {
        ...apiSecurityHeaders(request.headers.get("x-forwarded-proto")),
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(text),
        ...corsHeaders(request.headers.get("origin")),
      });
      res.end(text);
    });
    return true;
  };
}

function nodeHeaders(req: IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = req.headers[name];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}
