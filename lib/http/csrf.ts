// Same-site request forgery: a page on another port of the same host, or any site the browser
// visits, can make the browser send the session cookie along with a request it forges. SameSite=Lax
// does not help against the same host (another port is the same *site*), and a text/plain or form
// body needs no CORS preflight. So a state-changing request that the session cookie authenticates
// must come from the app itself (or an origin in CORS_ORIGINS) and carry JSON or multipart.
// getRequestUser() calls this for exactly those requests: Bearer requests are exempt (no browser
// attaches a token by itself), and so are anonymous ones to the API (login and register open no
// session). NextAuth's routes, which do open one, check the origin of every POST (login CSRF:
// lib/auth/nextauth-route.ts).
import { configuredPublicUrl, env } from "@/lib/env";
import { forbidden } from "@/lib/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ACCEPTED_BODY_TYPES = ["application/json", "multipart/form-data"];
const CROSS_SITE_REFUSED = "Cross-site request refused";

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  return (length !== null && length !== "0") || request.headers.has("transfer-encoding");
}

/** The media type of the request, lower-cased, without parameters. */
function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The app's own origin: the configured public URL (PUBLIC_URL or NEXTAUTH_URL), or the host the
 * browser addressed (Host, or the reverse proxy's X-Forwarded-Host). A forged request carries the
 * forging page's Origin, which differs from the Host the browser sends to us in host or port.
 */
function isOwnOrigin(origin: string, request: Request): boolean {
  if (origin === configuredPublicUrl()?.origin || origin === originOf(env.NEXTAUTH_URL)) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const addressed = [request.headers.get("host"), request.headers.get("x-forwarded-host")?.split(",")[0]?.trim()];
  return addressed.some((value) => value && value.toLowerCase() === host);
}

function comesFromTrustedOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return isOwnOrigin(origin, request) || env.CORS_ORIGINS.includes(origin);
  // Browsers send Origin with every POST, PUT and DELETE; Sec-Fetch-Site is the fallback.
  return !origin && request.headers.get("sec-fetch-site") === "same-origin";
}

/** 403 for a state-changing request whose Origin (or Sec-Fetch-Site) does not show it comes from the app. */
export function assertSentByOwnPages(request: Request): void {
  if (!SAFE_METHODS.has(request.method) && !comesFromTrustedOrigin(request)) throw forbidden(CROSS_SITE_REFUSED);
}

/** 403 for a state-changing request, authenticated by the session cookie, not provably from the app. */
export function assertNotCrossSite(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const type = mediaType(request);
  const bodyTypeOk = ACCEPTED_BODY_TYPES.includes(type) || (type === "" && !hasBody(request));
  if (!bodyTypeOk) throw forbidden(CROSS_SITE_REFUSED);
  assertSentByOwnPages(request);
}
