import "server-only";
import { getToken } from "next-auth/jwt";
import { authSecret } from "@/lib/env";
import { assertNotCrossSite } from "@/lib/http/csrf";
import { forbidden, notSignedIn } from "@/lib/errors";
import { cookieNameFor, SESSION_COOKIE } from "./cookie-names";
import { loadSessionUser, type SessionUser } from "./session-user";
import { sessionUser } from "./sessions";
import { verifyToken } from "./token";

function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) cookies[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * Who is calling: the user of a valid `Authorization: Bearer` token (API clients), else of the
 * web session cookie (our pages). Null when neither is present. A bearer token that is present but
 * invalid is a 401, so a client with a dead token learns it must log in again.
 */
export async function getRequestUser(request: Request): Promise<SessionUser | null> {
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const [scheme, token] = authorization.split(" ");
    if (scheme?.toLowerCase() !== "bearer" || !token) throw notSignedIn("Not authorized, token failed");
    const claims = await verifyToken(token);
    const user = claims && (await loadSessionUser(claims.userId, claims.version));
    if (!user) throw notSignedIn("Not authorized, token failed");
    return user;
  }
  const cookies = parseCookies(request.headers.get("cookie"));
  // `__Host-` prefixed over https, plain over http (lib/auth/cookie-names.ts); NextAuth splits a
  // large one into `.0`, `.1`... chunks.
  const cookieName = cookieNameFor(SESSION_COOKIE, request.headers);
  if (!Object.keys(cookies).some((name) => name.startsWith(cookieName))) return null;
  const session = await getToken({ req: { cookies, headers: {} } as never, secret: authSecret(), cookieName });
  if (!session?.sub || typeof session.ver !== "number") return null;
  // The cookie alone is not enough: its session must still be live (not signed out).
  const user = await sessionUser(session.sid, session.sub, session.ver);
  // Authenticated by the cookie, which any page the browser visits can make it send: see lib/http/csrf.ts.
  if (user) assertNotCrossSite(request);
  return user;
}

/** The calling user, or 401. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getRequestUser(request);
  if (!user) throw notSignedIn("Not authorized, no token");
  return user;
}

/** The calling admin: 401 when not signed in, 403 when signed in without the admin role. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw forbidden("Not authorized as an admin");
  return user;
}
