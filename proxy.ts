// Next.js 16's request proxy (formerly middleware), for pages only. Two jobs, both without the
// database:
// 1. Optimistic redirects from the session cookie alone: signed out on an account or admin page
//    goes to /login (and back afterwards), signed in on /login or /register goes to /profile, a
//    token without the admin role gets the 404 page for /admin. The pages keep their own checks,
//    which read the database: this only spares a round of rendering for the common cases.
// 2. The page Content-Security-Policy, with a fresh nonce for the per-request pages.
// /api is left out on purpose (but for malformed paths): Next buffers the body of every request a
// proxy sees (up to 10 MB), which uploads cannot afford; route handlers do their own checks
// (lib/http) and next.config.ts gives API responses their headers.
import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { movieExists } from "@/lib/data/movie-exists";
import { authSecret } from "@/lib/env";
import { pageContentSecurityPolicy } from "@/lib/http/security-headers";
import { ADMIN_PAGES, PER_REQUEST_PAGES, SIGNED_IN_HOME, SIGNED_IN_PAGES, SIGNED_OUT_PAGES, isUnder } from "@/lib/page-routes";

export const MALFORMED_PATH = "Malformed URL path";

/** No route lives here, so a rewrite to it renders the 404 page with status 404. */
const NOT_FOUND_PATH = "/_marquee/not-found";

type SessionClaims = { signedIn: boolean; isAdmin: boolean | undefined };

/** What the session cookie says (lib/auth/options.ts writes it); signature and expiry are checked. */
async function sessionClaims(request: NextRequest): Promise<SessionClaims> {
  const token = await getToken({ req: { cookies: request.cookies, headers: {} } as never, secret: authSecret() });
  const signedIn = Boolean(token?.sub) && typeof token?.ver === "number";
  return { signedIn, isAdmin: typeof token?.adm === "boolean" ? token.adm : undefined };
}

async function accessDecision(request: NextRequest): Promise<NextResponse | null> {
  const { pathname, search } = request.nextUrl;
  const guarded = isUnder(pathname, SIGNED_IN_PAGES);
  if (!guarded && !isUnder(pathname, SIGNED_OUT_PAGES)) return null;
  const session = await sessionClaims(request);
  if (guarded && !session.signedIn) {
    const login = new URL("/login", request.url);
    login.searchParams.set("callbackUrl", `${pathname}${search}`);
    return NextResponse.redirect(login);
  }
  if (!guarded && session.signedIn) return NextResponse.redirect(new URL(SIGNED_IN_HOME, request.url));
  // A session from before the claim existed says nothing about the role: the page decides.
  if (isUnder(pathname, ADMIN_PAGES) && session.isAdmin === false) {
    return withPolicy(NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url)), pageContentSecurityPolicy());
  }
  return null;
}

function withPolicy(response: NextResponse, policy: string): NextResponse {
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  // A path whose percent-encoding is not UTF-8 (`/api/movie/%ED%A0%80`) makes Next.js answer a bare
  // 500 while decoding route parameters: answer it here, as the client error it is.
  if (!isDecodable(request.nextUrl.pathname)) {
    if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.json({ message: MALFORMED_PATH }, { status: 400 });
    return withPolicy(NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url)), pageContentSecurityPolicy());
  }
  if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.next();
  // An unknown movie is a 404, status included: the page itself could only say so after its
  // prerendered shell has gone out with a 200 (Cache Components).
  const moviePage = /^\/movie\/([^/]+)\/?$/.exec(request.nextUrl.pathname);
  if (moviePage && !(await movieExists(decodeURIComponent(moviePage[1]!)))) {
    return withPolicy(NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url)), pageContentSecurityPolicy());
  }
  const decided = await accessDecision(request);
  if (decided) return decided;
  if (!isUnder(request.nextUrl.pathname, PER_REQUEST_PAGES)) return withPolicy(NextResponse.next(), pageContentSecurityPolicy());
  // Next.js reads the nonce from the request's policy header and puts it on every script it renders.
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = pageContentSecurityPolicy({ nonce });
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", policy);
  return withPolicy(NextResponse.next({ request: { headers } }), policy);
}

export const config = {
  matcher: [
    {
      // Pages only: not /api, not /auth (route handlers; next.config.ts sets their headers), not
      // Next's static files, nor the robots, sitemap and icon routes.
      source: "/((?!api(?:/|$)|auth/|_next/static/|_next/image|favicon\\.ico$|robots\\.txt$|sitemap\\.xml$).*)",
      // Link prefetches carry no document: they need no policy (Next.js's own recommendation).
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    // /api only for a path with a percent-encoded non-ASCII byte, to check that it decodes; no
    // real endpoint has one, so uploads never pass through here.
    { source: "/api/:rest(.*%[89a-fA-F][0-9a-fA-F].*)" },
  ],
};
