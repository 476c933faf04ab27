import "server-only";
import { isUuid } from "@/lib/validation/ids";
import { db } from "@/lib/database/db";

/** The signed-in user as route handlers and pages see it. Never carries the password hash. */
export type SessionUser = {
  id: string;
  email: string;
  fullName: string;
  image: string;
  isAdmin: boolean;
  credentialsVersion: number;
  /** Null until the member opens the link mailed to their address (lib/auth/email-verification.ts). */
  emailVerifiedAt: Date | null;
};

/** What every way of finding the calling user reads: one row, no extra query. */
export const sessionUserSelect = {
  id: true,
  email: true,
  fullName: true,
  image: true,
  isAdmin: true,
  credentialsVersion: true,
  emailVerifiedAt: true,
} as const;

/** The user behind a token or session, if it still exists and its credentials have not changed since. */
export async function loadSessionUser(userId: string, version: number): Promise<SessionUser | null> {
  if (!isUuid(userId)) return null;
  const user = await db.user.findUnique({
    where: { id: userId },
    select: sessionUserSelect,
  });
  return user && user.credentialsVersion === version ? user : null;
}
