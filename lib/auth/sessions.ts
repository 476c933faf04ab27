import "server-only";
// Web sessions that end on the server (docs/security.md "Sessions"). The NextAuth cookie is a JWT;
// it also carries `sid`, the id of a Session row. Every request checks that row, so signing out
// (which deletes it) ends the session even for a copy of the cookie made before.
import { isUuid } from "@/lib/validation/ids";
import { db } from "@/lib/database/db";
import { sessionUserSelect, type SessionUser } from "./session-user";
import { TOKEN_LIFETIME_SECONDS } from "./token";

const expiry = () => new Date(Date.now() + TOKEN_LIFETIME_SECONDS * 1000);

/** Opens a session for a user who just signed in; returns its id for the cookie. */
export async function openSession(userId: string): Promise<string> {
  const session = await db.session.create({ data: { userId, expiresAt: expiry() }, select: { id: true } });
  return session.id;
}

/**
 * The user of a live session: the row exists, has not expired, belongs to `userId`, and the user's
 * credentials version is still `version` (a password change ends every session). One query.
 */
export async function sessionUser(sessionId: unknown, userId: string, version: number): Promise<SessionUser | null> {
  if (!isUuid(sessionId) || !isUuid(userId)) return null;
  const session = await db.session.findUnique({
    where: { id: sessionId },
    select: {
      userId: true,
      expiresAt: true,
      user: { select: sessionUserSelect },
    },
  });
  if (!session || session.userId !== userId || session.expiresAt <= new Date()) return null;
  return session.user.credentialsVersion === version ? session.user : null;
}

/**
 * Moves a live session's expiry forward, as NextAuth does with its cookie whenever the browser
 * reads /api/auth/session. False when the session has ended.
 */
export async function extendSession(sessionId: string, userId: string): Promise<boolean> {
  const { count } = await db.session.updateMany({
    where: { id: sessionId, userId, expiresAt: { gt: new Date() } },
    data: { expiresAt: expiry() },
  });
  return count === 1;
}

/** Sign-out: the session ends for every copy of its cookie. */
export async function endSession(sessionId: unknown): Promise<void> {
  if (!isUuid(sessionId)) return;
  await db.session.deleteMany({ where: { id: sessionId } });
}
