import "server-only";
// The one answer to "what is this site's address?", for every absolute URL the server writes:
// media URLs in API answers, sign-in redirects, Open Graph and JSON-LD images, the sitemap and
// robots.txt. A configured address wins (PUBLIC_URL, else NEXTAUTH_URL: lib/env.ts); without one,
// the address the request was made to, so the embedded default works at localhost, 127.0.0.1 or a
// LAN name alike. The database never stores it (docs/api.md, "Using another client").
import { headers } from "next/headers";
import { configuredPublicUrl } from "@/lib/env";

/** A Host header value: a DNS name, IPv4 or bracketed IPv6 address, and an optional port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a request was addressed to. The host is the request's own `Host` header (what the
 * browser connected to; a reverse proxy should pass it on, as nginx's `proxy_set_header Host $host`
 * does, or the deployer sets PUBLIC_URL). `X-Forwarded-Host` is not trusted: anyone can send it.
 * The scheme is the one Next.js gives the request: it sets `X-Forwarded-Proto` from the connection
 * unless a proxy in front already did. `fallback` (the request URL Next built) covers a missing or
 * malformed Host.
 */
export function requestOrigin(requestHeaders: Headers, fallback?: string): string {
  const host = requestHeaders.get("host")?.trim() ?? "";
  const forwardedProto = requestHeaders.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  const scheme = forwardedProto === "https" ? "https" : "http";
  if (HOST.test(host)) return `${scheme}://${host.toLowerCase()}`;
  try {
    return new URL(fallback ?? "").origin;
  } catch {
    return `${scheme}://localhost`;
  }
}

/** The origin absolute URLs in an answer to `request` start with. */
export function publicOrigin(request: Pick<Request, "headers" | "url">): string {
  return configuredPublicUrl()?.origin ?? requestOrigin(request.headers, request.url);
}

/** Every address this site is known by for a request: the configured one and the one the request came to. */
export function siteOrigins(request: Pick<Request, "headers" | "url">): string[] {
  return [...new Set([publicOrigin(request), requestOrigin(request.headers, request.url)])];
}

/**
 * The same for pages, metadata routes (sitemap, robots) and `generateMetadata`. Only without a
 * configured address does it read the request's headers, which makes the caller dynamic: cached
 * ('use cache') code cannot call it and takes the origin as an argument instead.
 */
export async function pagePublicOrigin(): Promise<string> {
  return configuredPublicUrl()?.origin ?? requestOrigin(await headers());
}

/**
 * NextAuth v4 builds its redirects (sign-in, sign-out, the session-expired return to /login) from
 * NEXTAUTH_URL, which it reads from process.env on every request; without it, and without
 * AUTH_TRUST_HOST, it falls back to http://localhost:3000. So: a PUBLIC_URL is handed to it as
 * NEXTAUTH_URL, and with no address configured AUTH_TRUST_HOST lets it take the request's host
 * (its `X-Forwarded-Host`, which Next.js sets to the `Host` header when no proxy did) and
 * `X-Forwarded-Proto`, as requestOrigin() does. Called once, where the NextAuth options are built.
 */
export function alignNextAuthOrigin(): void {
  const configured = configuredPublicUrl();
  if (configured?.from === "PUBLIC_URL" && !process.env.NEXTAUTH_URL) process.env.NEXTAUTH_URL = configured.origin;
  else if (!configured && !process.env.AUTH_TRUST_HOST) process.env.AUTH_TRUST_HOST = "true";
}
