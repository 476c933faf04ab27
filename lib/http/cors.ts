// CORS for /api: origins in CORS_ORIGINS may call with credentials (the original single-page client
// runs on another origin). Any other origin gets no CORS headers at all.
import { env } from "@/lib/env";

const ALLOWED_HEADERS = "Authorization, Content-Type, Range, If-Range, If-None-Match, If-Modified-Since";
const EXPOSED_HEADERS = "Content-Range, Content-Length, Accept-Ranges, ETag, Last-Modified, Retry-After, Content-Disposition, Location";
const METHODS = "GET, HEAD, POST, PUT, DELETE, OPTIONS";

function allowedOrigin(request: Request): string | null {
  const origin = request.headers.get("origin");
  return origin && env.CORS_ORIGINS.includes(origin) ? origin : null;
}

/** Adds CORS headers to a response for an allowed origin; always varies on Origin. */
export function withCors(request: Request, response: Response): Response {
  const origin = allowedOrigin(request);
  try {
    response.headers.append("Vary", "Origin");
    if (origin) {
      response.headers.set("Access-Control-Allow-Origin", origin);
      response.headers.set("Access-Control-Allow-Credentials", "true");
      response.headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
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
  if (allowedOrigin(request)) {
    response.headers.set("Access-Control-Allow-Methods", METHODS);
    response.headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    response.headers.set("Access-Control-Max-Age", "600");
  }
  return withCors(request, response);
}
