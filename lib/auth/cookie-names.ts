import "server-only";
// The names of every cookie the app sets: NextAuth's (session, csrf token, callback URL, and the
// OAuth state, PKCE verifier and nonce of a Google sign-in), the device cookie and the Google
// hand-over state. Over https each carries the `__Host-` prefix: the browser then accepts it only
// from a secure page of this very host, with Path=/ and no Domain, so no sibling subdomain and no
// plain-http page of the host can plant one of ours or overwrite it (login CSRF by a planted csrf or
// session cookie). The prefix requires Secure, so over http (a local install) the plain names stay,
// and a request is read with the names of the scheme it came in on: a plain-named cookie is not
// ours over https. (Ports are not told apart by cookies at all: lib/http/csrf.ts covers those.)
import type { CookiesOptions } from "next-auth";
import { configuredPublicUrl } from "@/lib/env";
import { requestOrigin } from "@/lib/http/public-url";

export const SESSION_COOKIE = "next-auth.session-token";
export const DEVICE_COOKIE = "marquee-device";
export const GOOGLE_STATE_COOKIE = "marquee-google-state";

/**
 * Whether the site is served over https for this request: the configured public URL's scheme
 * (PUBLIC_URL or NEXTAUTH_URL), else the request's own (X-Forwarded-Proto, which Next.js sets from
 * the connection unless a proxy in front already did: lib/http/public-url.ts).
 */
export function servedOverHttps(headers: Pick<Headers, "get">): boolean {
  return (configuredPublicUrl()?.origin ?? requestOrigin(headers as Headers)).startsWith("https:");
}

/** A cookie's name as set and read over https (`__Host-` prefixed) or http (plain). */
export function cookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

/** The name of a request's cookie `name`: prefixed when the request came over https. */
export function cookieNameFor(name: string, headers: Pick<Headers, "get">): string {
  return cookieName(name, servedOverHttps(headers));
}

/** The value of the cookie `name` (already resolved to this scheme's name) in a Cookie header. */
export function readCookie(headers: Pick<Headers, "get">, name: string): string | null {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/**
 * NextAuth's cookies with the names above: its defaults, but `__Host-` instead of `__Secure-`
 * (which a subdomain may still set) for all of them, not only the csrf token. `__Host-` needs
 * Secure, Path=/ and no Domain, which NextAuth's defaults already have.
 */
export function nextAuthCookies(secure: boolean): CookiesOptions {
  const options = { httpOnly: true, sameSite: "lax", path: "/", secure } as const;
  const OAUTH_CHECK_SECONDS = 15 * 60; // NextAuth's own lifetime for these
  return {
    sessionToken: { name: cookieName(SESSION_COOKIE, secure), options },
    callbackUrl: { name: cookieName("next-auth.callback-url", secure), options },
    csrfToken: { name: cookieName("next-auth.csrf-token", secure), options },
    pkceCodeVerifier: {
      name: cookieName("next-auth.pkce.code_verifier", secure),
      options: { ...options, maxAge: OAUTH_CHECK_SECONDS },
    },
    state: { name: cookieName("next-auth.state", secure), options: { ...options, maxAge: OAUTH_CHECK_SECONDS } },
    nonce: { name: cookieName("next-auth.nonce", secure), options },
  };
}
