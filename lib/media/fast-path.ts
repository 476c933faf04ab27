// The media fast path: GET/HEAD /api/upload/{folder}/{file} answered straight from node:http, before
// a request reaches Next's router (server.ts). Next spends about 2-3 ms of routing per request and
// drops Content-Length from route handler responses; here a request costs a lookup of the file's
// open descriptor (lib/storage/open-files.ts) and a read, and every answer carries its length. The
// rules are lib/media/file-answer.ts's, shared with the route handler. Loaded outside Next's
// bundles: no "server-only", nothing from Next.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { corsHeaders } from "@/lib/http/cors";
import { apiSecurityHeaders } from "@/lib/http/security-headers";
import type { StorageDriver, StorageKey } from "@/lib/storage/types";
import {
  answerFileRequest,
  storageKeyOfPath,
  type FileAnswer,
  type FileRequest,
  type ServeOptions,
} from "./file-answer";
import type { HeaderReader } from "./http-ranges";
import { sendDescriptor } from "./send-descriptor";

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
    const url = req.url!;
    const queryStart = url.indexOf("?");
    const request = {
      method: req.method,
      query: new URLSearchParams(queryStart === -1 ? "" : url.slice(queryStart + 1)),
      headers: nodeHeaders(req),
    };
    void respond(req, res, key, request, options);
    return true;
  };
}

async function respond(
  req: IncomingMessage,
  res: ServerResponse,
  key: StorageKey,
  request: FileRequest,
  options: FastPathOptions,
) {
  try {
    const answer = await answerFileRequest(request, key, options.driver(), options);
    const { body } = answer;
    const descriptor = body.kind === "file" ? body.file.descriptor : undefined;
    if (body.kind === "file" && descriptor !== undefined) {
      // A file on this disk: its bytes through reused buffers, not a read stream's new ones.
      writeHead(req, res, answer);
      sendDescriptor(descriptor, body.range ?? { start: 0, end: body.file.size - 1 }, res, (error) => {
        body.file.close();
        if (error && !req.destroyed) console.error(`Reading ${key} failed part way:`, error);
      });
      return;
    }
    // The stream exists before the head goes out, so a storage failure can still be a 500.
    const stream = body.kind === "file" ? await body.file.stream(body.range) : null;
    writeHead(req, res, answer);
    if (stream) pipe(req, res, key, stream);
    else res.end(body.kind === "json" ? body.text : undefined);
  } catch (error) {
    fail(req, res, key, error);
  }
}

function writeHead(req: IncomingMessage, res: ServerResponse, answer: FileAnswer) {
  res.writeHead(answer.status, { ...commonHeaders(req), ...answer.headers, ...corsHeaders(header(req, "origin")) });
}

function pipe(req: IncomingMessage, res: ServerResponse, key: StorageKey, stream: Readable) {
  // pipe, with send's (Express's) clean-up, rather than pipeline: measurably less work per request
  // (docs/performance.md). A client that goes away (a seek, leaving the page) is normal: the file
  // stream is destroyed, which lets go of the file, and there is nothing to report.
  res.once("close", () => stream.destroy());
  stream.once("error", (error) => {
    if (!req.destroyed) console.error(`Reading ${key} failed part way:`, error);
    res.destroy();
  });
  stream.pipe(res);
}

function fail(req: IncomingMessage, res: ServerResponse, key: StorageKey, error: unknown) {
  console.error(`Serving ${key} failed:`, error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify({ message: "Something went wrong." });
  res.writeHead(500, {
    ...commonHeaders(req),
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    ...corsHeaders(header(req, "origin")),
  });
  res.end(text);
}

const commonHeaders = (req: IncomingMessage) => apiSecurityHeaders(header(req, "x-forwarded-proto"));

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

function nodeHeaders(req: IncomingMessage): HeaderReader {
  return { get: (name) => header(req, name) };
}
