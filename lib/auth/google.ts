import "server-only";
// Google sign-in compatibility (docs/api.md "Google sign-in"). NextAuth runs the OAuth flow itself
// (/api/auth/signin/google, callback /api/auth/callback/google); these helpers serve the original
// client's entry points, /auth/google and /auth/google/callback.
import { env } from "@/lib/env";
import type { UserInfo } from "@/lib/data/users";

export const isGoogleConfigured = () => Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);

/** Where /login sends a browser when Google sign-in cannot start; the page explains it in a toast. */
export const GOOGLE_UNAVAILABLE_PATH = "/login?error=google-unavailable";
/** Where a Google account whose email Google has not verified is sent (it opens no account here). */
export const GOOGLE_UNVERIFIED_PATH = "/login?error=google-unverified";
/** Where a refused or cancelled Google consent screen comes back to. */
export const GOOGLE_DENIED_PATH = "/login?error=google-denied";

/** The origin of the identity provider's pages (Google's, or GOOGLE_ISSUER's), which the browser is sent to. */
export const googleIssuerOrigin = () => new URL(env.GOOGLE_ISSUER).origin;

export const REDIRECT_NOT_ALLOWED = "redirect must be one of the allowed origins";

/**
 * The origin a `redirect` parameter names, if it is one of CORS_ORIGINS (the original client's
 * hosts). Anything else would let a link hand a user's token to a stranger's site.
 */
export function allowedRedirectOrigin(redirect: string | null): string | null {
  if (!redirect) return null;
  try {
    const origin = new URL(redirect).origin;
    return env.CORS_ORIGINS.includes(origin) ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The original client's hand-over: `<origin>/login?data=<UserInfo JSON with token>`, plus `&code=`
 * when the browser started the flow at /auth/google (Marquee's own /login needs it; lib/auth/hand-over.ts).
 */
export function handOverUrl(origin: string, user: UserInfo, code: string | null): string {
  const url = `${origin}/login?data=${encodeURIComponent(JSON.stringify(user))}`;
  return code ? `${url}&code=${encodeURIComponent(code)}` : url;
}
