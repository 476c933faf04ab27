// Admission (server.ts): how many page requests, and separately how many API requests, the server
// works on at once, so that a flood of one kind cannot take every database connection from the
// other, and so that a server with more requests than it can serve says so honestly. Resized
// pictures (next/image) have a lane of their own, as wide as the machine has cores: each resize
// holds tens of MiB of libvips and encoder memory, and more at once than there are cores only adds
// memory, not speed (docs/performance.md, "Memory"). Each kind has
// its own budget (REQUEST_CONCURRENCY running) and its own line (REQUEST_QUEUE_LENGTH waiting, each
// for at most REQUEST_QUEUE_SECONDS, first come first served). Past that, the request gets a 503
// "busy" answer with Retry-After at once: the busy page, or for the API `{ message }` JSON. It is
// never the "cannot reach its database" answer: the database is up, there is only too much to do.
// docs/security.md "When the database does not serve". Loaded outside Next's bundles: nothing from Next.
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import { env } from "@/lib/env";
import { corsHeaders } from "./cors";
import { apiSecurityHeaders, pageSecurityHeaders } from "./security-headers";
import { statusPageHtml } from "./status-page";

export const BUSY_MESSAGE = "The service is busy, please try again in a few seconds.";
/** Seconds a client is told to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

const BUSY_PAGE = statusPageHtml({
  title: "Marquee is busy",
  heading: "Marquee is busy",
  text: "This page could not be shown: Marquee has more visitors than it can serve just now. Please try again in a few seconds.",
});

export type RequestKind = "page" | "api" | "picture";

export type AdmissionLimits = {
  /** Requests of one kind running at once. */
  concurrency: number;
  /** Requests of one kind waiting for a turn; more are refused at once. */
  queueLength: number;
  /** How long a request waits for its turn before it is refused. */
  queueMs: number;
};

const configuredAdmissionLimits = (): AdmissionLimits => ({
  concurrency: env.REQUEST_CONCURRENCY,
  queueLength: env.REQUEST_QUEUE_LENGTH,
  queueMs: env.REQUEST_QUEUE_SECONDS * 1000,
});

/** A picture waits longer than a page: a browser keeps waiting for an image the page already shows. */
const PICTURE_QUEUE_MS = 60_000;

const configuredPictureLimits = (): AdmissionLimits => ({
  concurrency: env.PICTURE_CONCURRENCY ?? os.availableParallelism(),
  queueLength: env.REQUEST_QUEUE_LENGTH,
  queueMs: PICTURE_QUEUE_MS,
});

/**
 * Which budget a request counts against, or null for one that is let through as it comes: Next's
 * static files (no database), the site's public files, and under /api the
 * media files and uploads (long transfers with limits of their own, lib/media), the health check
 * and the metrics (a monitor must see a busy server as it is).
 */
export function requestKind(url: string | undefined): RequestKind | null {
  const pathname = (url ?? "/").split("?", 1)[0]!;
  if (pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/auth/")) {
    if (/^\/api\/(?:upload|health|metrics)(?:\/|$)/.test(pathname)) return null;
    return "api";
  }
  if (pathname === "/_next/image") return "picture";
  if (pathname.startsWith("/_next/")) return null;
  // A file name (robots.txt, icon.svg, a public/ file) rather than a page.
  if (/\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf("/")))) return null;
  return "page";
}

type Waiting = { start: () => void; refuse: () => void; timer: NodeJS.Timeout };
type Lane = { running: number; waiting: Waiting[] };

/** The busy answer for a request of `kind`, written on `res`. */
function answerBusy(kind: RequestKind, req: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent || res.destroyed) return;
  const proto = req.headers["x-forwarded-proto"];
  const forwardedProto = Array.isArray(proto) ? proto[0] : proto;
  const common = {
    "Retry-After": String(BUSY_RETRY_AFTER_SECONDS),
    "Cache-Control": "no-store",
    // The connection may be one of many a client opened: let it go, so the load drops.
    Connection: "close",
  };
  if (kind === "picture") {
    // An <img> shows no text: the status and Retry-After are the answer.
    res.writeHead(503, { ...apiSecurityHeaders(forwardedProto), ...common, "Content-Length": "0" });
    res.end();
    return;
  }
  if (kind === "api") {
    const origin = req.headers.origin;
    res.writeHead(503, {
      ...apiSecurityHeaders(forwardedProto),
      ...corsHeaders(typeof origin === "string" ? origin : null),
      ...common,
      "Content-Type": "application/json",
    });
    res.end(req.method === "HEAD" ? undefined : JSON.stringify({ message: BUSY_MESSAGE }));
    return;
  }
  res.writeHead(503, { ...pageSecurityHeaders(forwardedProto), ...common, "Content-Type": "text/html; charset=utf-8" });
  res.end(req.method === "HEAD" ? undefined : BUSY_PAGE);
}

/**
 * Returns server.ts's admission step: it calls `handle` for the request now, later (when a request of
 * the same kind ends and the request is first in line), or never (the busy answer instead).
 */
export function createAdmission(
  limits: AdmissionLimits = configuredAdmissionLimits(),
  pictureLimits: AdmissionLimits = configuredPictureLimits(),
) {
  const lanes: Record<RequestKind, Lane> = {
    page: { running: 0, waiting: [] },
    api: { running: 0, waiting: [] },
    picture: { running: 0, waiting: [] },
  };
  const limitsOf = (kind: RequestKind) => (kind === "picture" ? pictureLimits : limits);

  function run(kind: RequestKind, res: ServerResponse, handle: () => void) {
    const lane = lanes[kind];
    lane.running++;
    // "close": the answer is out, or the client went away; either way the turn is over.
    res.once("close", () => {
      lane.running--;
      startNext(kind);
    });
    handle();
  }

  function startNext(kind: RequestKind) {
    const lane = lanes[kind];
    while (lane.running < limitsOf(kind).concurrency && lane.waiting.length) {
      const next = lane.waiting.shift()!;
      clearTimeout(next.timer);
      next.start();
    }
  }

  function admit(req: IncomingMessage, res: ServerResponse, handle: () => void): void {
    const kind = requestKind(req.url);
    if (!kind) return handle();
    const lane = lanes[kind];
    const { concurrency, queueLength, queueMs } = limitsOf(kind);
    if (lane.running < concurrency) return run(kind, res, handle);
    if (lane.waiting.length >= queueLength) return answerBusy(kind, req, res);
    const waiting: Waiting = {
      start: () => (res.destroyed ? startNext(kind) : run(kind, res, handle)),
      refuse: () => answerBusy(kind, req, res),
      timer: setTimeout(() => {
        leave();
        waiting.refuse();
      }, queueMs),
    };
    const leave = () => {
      const index = lane.waiting.indexOf(waiting);
      if (index !== -1) lane.waiting.splice(index, 1);
      clearTimeout(waiting.timer);
    };
    // A client that gives up while in line leaves it.
    res.once("close", leave);
    lane.waiting.push(waiting);
  }

  /** Requests running and waiting, per kind (for the metrics and the tests). */
  const state = () => ({
    page: { running: lanes.page.running, waiting: lanes.page.waiting.length },
    api: { running: lanes.api.running, waiting: lanes.api.waiting.length },
    picture: { running: lanes.picture.running, waiting: lanes.picture.waiting.length },
  });

  return Object.assign(admit, { state });
}
