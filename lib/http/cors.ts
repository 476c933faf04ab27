// CORS for /api: origins in CORS_ORIGINS may call with credentials (the original single-page client
// runs on another origin). Any other origin gets no CORS headers at all.
import { env } from "@/lib/env";

const ALLOWED_HEADERS = "Authorization, Content-Type, Range, If-Range, If-None-Match, If-Modified-Since";
const EXPOSED_HEADERS =
  "Content-Range, Content-Length, Accept-Ranges, ETag, Last-Modified, Retry-After, Content-Disposition, Location";
const METHODS = "GET, HEAD, POST, PUT, DELETE, OPTIONS";

function allowedOrigin(origin: string | null): string | null {
  return origin && env.CORS_ORIGINS.includes(origin) ? origin : null;
}

/**
 * The CORS headers of an answer to a request from `origin` (its Origin header): `Vary: Origin`
 * always, the rest only for an allowed origin. Also used by the media fast path, which answers
 * before the route handlers (server.ts).
 */
export function corsHeaders(origin: string | null): Record<string, string> {
  const allowed = allowedOrigin(origin);
  if (!allowed) return { Vary: "Origin" };
  return {
    Vary: "Origin",
    "Access-Control-Allow-Origin": allowed,
    "Access-Control-Allow-Credentials": "true",
    "Access-Control-Expose-Headers": EXPOSED_HEADERS,
  };
}

/** Adds CORS headers to a response for an allowed origin; always varies on Origin. */
export function withCors(request: Request, response: Response): Response {
  try {
    for (const [name, value] of Object.entries(corsHeaders(request.headers.get("origin")))) {
      if (name === "Vary") response.headers.append(name, value);
      else response.headers.set(name, value);
    }
    return response;
  } catch {
    // Headers of a redirect or fetched response are immutable: copy them.
    const copy = new Response(response.body, response);
    return withCors(request, copy);
  }
}

/** The answer to a preflight OPTIONS request. Route files export it as OPTIONS. */
export function preflight(request: Request): Response {
  const response = new Response(null, { status: 204 });
  if (allowedOrigin(request.headers.get("origin"))) {
    response.headers.set("Access-Control-Allow-Methods", METHODS);
    response.headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    response.headers.set("Access-Control-Max-Age", "600");
  }
  return withCors(request, response);
}
