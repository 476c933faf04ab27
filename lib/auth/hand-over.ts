import "server-only";
// The `/login?data=` hand-over after Google sign-in (docs/api.md "Google sign-in"), guarded against login
// CSRF: Marquee's own /login opens a session only with a one-time code that completes a Google
// sign-in started in the same browser. GET /auth/google sets a random state cookie; the callback
// issues a code bound to that state (stored hashed, valid 60 s, used once) and adds it to the
// hand-over URL. A link made by someone else carries a code bound to *their* browser's state, so it
// opens nothing. Cross-origin clients parse `data` themselves and ignore the code.
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/database/db";
import { cookieName, cookieNameFor, GOOGLE_STATE_COOKIE, readCookie } from "./cookie-names";
import { sessionUserSelect, type SessionUser } from "./session-user";

/** Long enough for a Google consent screen; the code itself lives one minute. */
const STATE_LIFETIME_SECONDS = 10 * 60;
const HAND_OVER_CODE_LIFETIME_SECONDS = 60;

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

export function newGoogleState(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Set-Cookie value for GET /auth/google. Lax: it must come back on Google's top-level redirect.
 * `__Host-` prefixed and Secure when the site is served over https (lib/auth/cookie-names.ts).
 */
export function googleStateCookie(state: string, secure: boolean): string {
  const name = cookieName(GOOGLE_STATE_COOKIE, secure);
  return `${name}=${state}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${STATE_LIFETIME_SECONDS}${secure ? "; Secure" : ""}`;
}

export function readGoogleState(headers: Pick<Headers, "get">): string | null {
  return readCookie(headers, cookieNameFor(GOOGLE_STATE_COOKIE, headers)) || null;
}

/** At the Google callback: a one-time code for the browser holding `state`. */
export async function issueHandOverCode(userId: string, state: string): Promise<string> {
  const code = randomBytes(32).toString("base64url");
  await db.handOverCode.create({
    data: {
      codeHash: sha256(code),
      stateHash: sha256(state),
      userId,
      expiresAt: new Date(Date.now() + HAND_OVER_CODE_LIFETIME_SECONDS * 1000),
    },
  });
  return code;
}

/**
 * At /login: the user a code was issued for, when this browser holds the state it was bound to and
 * it is under a minute old. The code is spent by the first attempt, whatever its outcome.
 */
export async function redeemHandOverCode(code: string, state: string | null): Promise<SessionUser | null> {
  if (!code || code.length > 100) return null;
  const [spent] = await db.$queryRaw<{ stateHash: string; userId: string; expiresAt: Date }[]>`
    DELETE FROM "HandOverCode" WHERE "codeHash" = ${sha256(code)} RETURNING "stateHash", "userId", "expiresAt"`;
  if (!spent || !state || spent.stateHash !== sha256(state) || spent.expiresAt <= new Date()) return null;
  return db.user.findUnique({
    where: { id: spent.userId },
    select: sessionUserSelect,
  });
}
