import "server-only";
// Members' data: their rows as the API shows them, the profile, the account overview, and deleting
// an account. Signing in, passwords and tokens are lib/auth/accounts.ts's; this file imports nothing
// from lib/auth (docs/architecture.md "Layers").
import { db } from "@/lib/database/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { type DomainError, invalid, conflict, notSignedIn } from "@/lib/errors";
import type { ProfileInput } from "@/lib/validation/user";
import { cacheTags } from "@/lib/cache/tags";
import { lockMovie, refreshMovieRating } from "./ratings";
import { writeEffects, type WriteEffects } from "./write-effects";
import type { UserInfo } from "@/lib/api-shapes";

/** The UserInfo of docs/api.md "Shapes". */
export type { UserInfo };

export const userInfoSelect = {
  id: true,
  fullName: true,
  email: true,
  image: true,
  isAdmin: true,
  credentialsVersion: true,
} satisfies Prisma.UserSelect;
export type UserRow = Prisma.UserGetPayload<{ select: typeof userInfoSelect }>;

export function toUserInfo(user: UserRow): UserInfo {
  return { _id: user.id, fullName: user.fullName, email: user.email, image: user.image, isAdmin: user.isAdmin };
}

/** What the profile page shows about the account's sign-in: email state, password, pending email change. */
export async function getAccountOverview(
  userId: string,
): Promise<{ emailVerified: boolean; pendingEmail: string | null; hasPassword: boolean }> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      emailVerifiedAt: true,
      passwordHash: true,
      credentialsVersion: true,
      accountTokens: {
        where: { purpose: "email_change", expiresAt: { gt: new Date() } },
        select: { email: true, credentialsVersion: true },
      },
    },
  });
  if (!user) throw notSignedIn("Not authorized, token failed");
  // A link sent before a password change no longer works (lib/auth/account-tokens.ts).
  const pending = user.accountTokens.find((token) => token.credentialsVersion === user.credentialsVersion);
  return {
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: pending?.email ?? null,
    hasPassword: user.passwordHash !== "",
  };
}

/**
 * PUT /api/user. The email is read-only: it must be the account's own (any case), else 400.
 * An image left out keeps the current one. Returns the updated row (the route adds a fresh token).
 */
export async function updateProfile(
  userId: string,
  input: ProfileInput,
): Promise<{ user: UserRow; effects: WriteEffects }> {
  const current = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, image: true, fullName: true },
  });
  if (!current) throw notSignedIn("Not authorized, token failed");
  if (current.email.toLowerCase() !== input.email)
    throw invalid("Email cannot be changed", { email: ["Email cannot be changed"] });
  const user = await db.user.update({
    where: { id: userId },
    data: { fullName: input.fullName, ...(input.image !== undefined && { image: input.image }) },
    select: userInfoSelect,
  });
  const effects = writeEffects({});
  if (current.fullName !== user.fullName || current.image !== user.image) {
    // Reviews show their author's name and picture on the movies' pages.
    const reviewed = await db.review.findMany({ where: { userId }, select: { movieId: true } });
    effects.staleTags = reviewed.map(({ movieId }) => cacheTags.movie(movieId));
  }
  // A replaced picture goes from storage unless something else shows it.
  if (current.image !== user.image) effects.unreferencedFiles = [current.image];
  return { user, effects };
}

/**
 * Deletes a user with its favourites and reviews; the ratings of the movies it reviewed are
 * recomputed in the same transaction. The last admin is never deleted (409 `lastAdminMessage`).
 * Shared by DELETE /api/user (oneself) and DELETE /api/admin/users/{id}.
 */
export async function removeUser(
  userId: string,
  rules: { missing: () => DomainError; lastAdminMessage: string },
): Promise<WriteEffects> {
  const { image, reviewedMovieIds } = await db.$transaction(async (tx) => {
    // Locking the user first stops new reviews by it (their foreign key needs the row) meanwhile.
    const [user] = await tx.$queryRaw<
      { isAdmin: boolean }[]
    >`SELECT "isAdmin" FROM "User" WHERE "id" = ${userId}::uuid FOR UPDATE`;
    if (!user) throw rules.missing();
    if (user.isAdmin) {
      // Locks every admin row, so two last-but-one admins deleting themselves at once cannot both pass.
      const admins = await tx.$queryRaw<
        { id: string }[]
      >`SELECT "id" FROM "User" WHERE "isAdmin" ORDER BY "id" FOR UPDATE`;
      if (admins.length <= 1) throw conflict(rules.lastAdminMessage);
    }
    const reviewed = await tx.review.findMany({
      where: { userId },
      select: { movieId: true },
      orderBy: { movieId: "asc" },
    });
    // In id order, like every other multi-movie lock, so two of these cannot deadlock.
    for (const { movieId } of reviewed) await lockMovie(tx, movieId);
    const { image } = await tx.user.delete({ where: { id: userId }, select: { image: true } });
    for (const { movieId } of reviewed) await refreshMovieRating(tx, movieId);
    return { image, reviewedMovieIds: reviewed.map(({ movieId }) => movieId) };
  });
  // Its reviews left those movies' pages and changed their ratings, which every list shows; its
  // picture goes from storage unless something else shows it.
  const staleTags = reviewedMovieIds.length > 0 ? [cacheTags.movieLists, ...reviewedMovieIds.map(cacheTags.movie)] : [];
  return writeEffects({ staleTags, unreferencedFiles: [image] });
}

/** DELETE /api/user. The last admin cannot delete itself (409). */
export async function deleteAccount(userId: string): Promise<{ message: string; effects: WriteEffects }> {
  const effects = await removeUser(userId, {
    missing: () => notSignedIn("Not authorized, token failed"),
    lastAdminMessage: "You are the last admin: make another user an admin before deleting your account",
  });
  return { message: "Account deleted successfully", effects };
}
