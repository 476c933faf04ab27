// Next.js 16's request proxy (formerly middleware), for pages only. Five jobs:
// 1. Redirects before a page renders: signed out on an account or admin page goes to /login (and
//    back afterwards), signed in on /login or /register goes to /profile, a member gets the 404 page
//    for /admin. The session is confirmed against its database row (one indexed read), because with
//    Cache Components the pages' own checks run after streaming has begun, too late for a status.
//    The pages keep those checks all the same (Next.js's guidance: the proxy is not the authority).
// 2. A page whose path names nothing (an unknown /movie/{id} or /watch/{id}, a /movies/{term} the
//    API would refuse) is a 404 before Next renders (and would keep) a page for it.
// 3. The page Content-Security-Policy, with a fresh nonce for the per-request pages.
// 4. A database that is down or does not answer within 3 s: the 503 page at once (with Retry-After),
//    instead of a 500 or a skeleton that never fills (lib/database/answers.ts).
// 5. Clients that read only the HTML get the metadata in the <head> on the pages rendered per request
//    (their User-Agent is marked for next.config.ts htmlLimitedBots); on the pages Next keeps, every
//    client gets the kept copy (lib/http/html-only-clients.ts).
// /api is left out on purpose (but for malformed paths): Next buffers the body of every request a
// proxy sees (up to 10 MB), which uploads cannot afford; route handlers do their own checks
// (lib/http) and next.config.ts gives API responses their headers.
import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { cookieNameFor, SESSION_COOKIE } from "@/lib/auth/cookie-names";
import { sessionUser } from "@/lib/auth/sessions";
import { databaseAnswers } from "@/lib/database/answers";
import { movieExists } from "@/lib/data/movie-exists";
import { authSecret, configuredPublicUrl } from "@/lib/env";
import { BLOCKING_METADATA_MARK, isHtmlOnlyClient } from "@/lib/http/html-only-clients";
import { pageContentSecurityPolicy } from "@/lib/http/security-headers";
import { movieListQuerySchema } from "@/lib/validation/movie-query";
import { unavailablePage } from "@/lib/http/unavailable-page";
import {
  ADMIN_PAGES,
  PER_REQUEST_PAGES,
  isKeptPage,
  SIGNED_IN_HOME,
  SIGNED_IN_PAGES,
  SIGNED_OUT_PAGES,
  isUnder,
} from "@/lib/page-routes";

export const MALFORMED_PATH = "Malformed URL path";

/** No route lives here, so a rewrite to it renders the 404 page with status 404. */
const NOT_FOUND_PATH = "/_marquee/not-found";

type SessionClaims = { signedIn: boolean; isAdmin: boolean | undefined };

/**
 * Who the session cookie belongs to (lib/auth/options.ts writes it, under the name of the request's
 * scheme: lib/auth/cookie-names.ts; signature and expiry are checked), confirmed against its session row as the pages do: a signed-out or stale cookie counts
 * as signed out, and the role is the user's current one. The account, admin and auth pages need it
 * here, because their own check runs after the page has started streaming with a 200.
 */
async function sessionClaims(request: NextRequest): Promise<SessionClaims> {
  const token = await getToken({
    req: { cookies: request.cookies, headers: {} } as never,
    secret: authSecret(),
    cookieName: cookieNameFor(SESSION_COOKIE, request.headers),
  });
  const signedIn = Boolean(token?.sub) && typeof token?.ver === "number";
  if (!signedIn) return { signedIn, isAdmin: undefined };
  const user = await sessionUser(token.sid, token.sub!, token.ver as number);
  return { signedIn: user !== null, isAdmin: user?.isAdmin };
}

async function accessDecision(request: NextRequest): Promise<NextResponse | null> {
  const { pathname, search } = request.nextUrl;
  const guarded = isUnder(pathname, SIGNED_IN_PAGES);
  if (!guarded && !isUnder(pathname, SIGNED_OUT_PAGES)) return null;
  // Confirmed on both sides: a stale cookie must not bounce between /login and /profile.
  const session = await sessionClaims(request);
  if (guarded && !session.signedIn) {
    const login = new URL("/login", request.url);
    login.searchParams.set("callbackUrl", `${pathname}${search}`);
    return NextResponse.redirect(login);
  }
  if (!guarded && session.signedIn) return NextResponse.redirect(new URL(SIGNED_IN_HOME, request.url));
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

/**
 * Pages whose path names nothing: an unknown or deleted movie's /movie/{id} and /watch/{id} (Next
 * keeps the movie pages it renders, and one per made-up id would fill its cache and disk), and a
 * /movies/{term} search whose term the listing refuses (control characters such as NUL: the page
 * reads it as app/(site)/movies does) or that has more than one segment. They are 404s before Next renders
 * anything: once a page streams, its status is 200 whatever it then shows.
 */
async function isMissingPage(pathname: string): Promise<boolean> {
  const movie = /^\/(?:movie|watch)\/([^/]+)\/?$/.exec(pathname);
  if (movie) return !(await movieExists(decodeURIComponent(movie[1]!)));
  const search = /^\/movies\/(.+?)\/?$/.exec(pathname);
  if (search) {
    if (search[1]!.includes("/")) return true;
    const term = decodeURIComponent(search[1]!).trim().slice(0, 200);
    return !movieListQuerySchema.shape.search.safeParse(term).success;
  }
  return false;
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  // A path whose percent-encoding is not UTF-8 (`/api/movie/%ED%A0%80`) makes Next.js answer a bare
  // 500 while decoding route parameters: answer it here, as the client error it is.
  if (!isDecodable(request.nextUrl.pathname)) {
    if (request.nextUrl.pathname.startsWith("/api/"))
      return NextResponse.json({ message: MALFORMED_PATH }, { status: 400 });
    return withPolicy(NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url)), pageContentSecurityPolicy());
  }
  if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.next();
  if (!(await databaseAnswers())) return withPolicy(unavailablePage(), pageContentSecurityPolicy());
  if (await isMissingPage(request.nextUrl.pathname))
    return withPolicy(NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url)), pageContentSecurityPolicy());
  const decided = await accessDecision(request);
  if (decided) return decided;
  const marked = markedForBlockingMetadata(request);
  if (!isUnder(request.nextUrl.pathname, PER_REQUEST_PAGES))
    return withPolicy(
      NextResponse.next(marked ? { request: { headers: marked } } : undefined),
      pageContentSecurityPolicy(),
    );
  // Next.js reads the nonce from the request's policy header and puts it on every script it renders.
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = pageContentSecurityPolicy({ nonce });
  const headers = marked ?? new Headers(request.headers);
  headers.set("Content-Security-Policy", policy);
  return withPolicy(NextResponse.next({ request: { headers } }), policy);
}

/**
 * The request's headers with its User-Agent marked for a render with the metadata in the <head>
 * (next.config.ts htmlLimitedBots), when the client reads only the HTML and the page is rendered per
 * request anyway; null otherwise. A page Next keeps (with a configured address: without one, every
 * page reads the request's) already has its metadata in the head, and a marked request would be
 * rendered anew instead of served the kept copy.
 */
function markedForBlockingMetadata(request: NextRequest): Headers | null {
  const userAgent = request.headers.get("user-agent");
  if (!isHtmlOnlyClient(userAgent)) return null;
  if (configuredPublicUrl() && isKeptPage(request.nextUrl.pathname, request.nextUrl.searchParams)) return null;
  const headers = new Headers(request.headers);
  headers.set("user-agent", `${userAgent ?? ""} ${BLOCKING_METADATA_MARK}`.trim());
  return headers;
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
