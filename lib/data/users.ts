import "server-only";
import { deleteUnreferencedFiles } from "@/lib/media/cleanup";
import { signToken } from "@/lib/auth/token";
import { endAccountLinks } from "@/lib/auth/account-tokens";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { passwordConfirmed } from "@/lib/auth/reauthenticate";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { type HttpError, badRequest, conflict, unauthorized } from "@/lib/http/errors";
import type { LoginInput, PasswordInput, ProfileInput, RegisterInput } from "@/lib/validation/user";
import { sendMailLater } from "@/lib/mail";
import { passwordChangedNotice } from "@/lib/mail/messages";
import { cacheTags, expireTags } from "@/lib/cache/tags";
import { lockMovie, refreshMovieRating } from "./ratings";
import type { UserInfo } from "@/lib/api-shapes";

/** The UserInfo of docs/api.md "Shapes". */
export type { UserInfo };

const userInfoSelect = {
  id: true,
  fullName: true,
  email: true,
  image: true,
  isAdmin: true,
  credentialsVersion: true,
} satisfies Prisma.UserSelect;
export type UserRow = Prisma.UserGetPayload<{ select: typeof userInfoSelect }>;

function toUserInfo(user: UserRow): UserInfo {
  return { _id: user.id, fullName: user.fullName, email: user.email, image: user.image, isAdmin: user.isAdmin };
}

async function withToken(user: UserRow): Promise<UserInfo> {
  return { ...toUserInfo(user), token: await signToken(user) };
}

export const INVALID_LOGIN = "Email or password is invalid";

/** Register: 409 `<email> is already registered` for a taken email (compared case-insensitively). */
export async function registerUser(input: RegisterInput): Promise<UserInfo> {
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.user.create({
      data: { fullName: input.fullName, email: input.email, passwordHash },
      select: userInfoSelect,
    });
    return toUserInfo(user);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw conflict(`${input.email} is already registered`);
    }
    throw error;
  }
}

/**
 * The user whose email and password these are, or null (unknown email or wrong password alike).
 * Throttling around it is lib/auth/login.ts's job.
 */
export async function checkCredentials(input: LoginInput): Promise<UserRow | null> {
  const user = await db.user.findUnique({
    where: { email: input.email },
    select: { ...userInfoSelect, passwordHash: true },
  });
  // Hash even for an unknown email, so the answer takes as long and does not tell which emails exist.
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await hashPassword(input.password), false);
  if (!user || !ok) return null;
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    image: user.image,
    isAdmin: user.isAdmin,
    credentialsVersion: user.credentialsVersion,
  };
}

/** POST /api/user: UserInfo with a bearer token for a user who just signed in. */
export function loginUser(user: UserRow): Promise<UserInfo> {
  return withToken(user);
}

/** The web sign-in's user for a bearer token (the `/login?data=` flow), or null. */
export async function userInfoWithToken(userId: string): Promise<UserInfo | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: userInfoSelect });
  return user && withToken(user);
}

/**
 * The account a Google sign-in opens: found by email, or created without a password, with
 * Google's name and picture. NextAuth's signIn callback has already refused any email Google has
 * not verified. An existing account whose own email was never verified is taken over by the
 * verified owner of the address (pre-account-hijacking defence, docs/security.md): whoever set its
 * password never proved the address, so the password, passkeys, sessions and tokens go.
 */
export async function findOrCreateGoogleUser(profile: {
  email: string;
  name?: string | null;
  image?: string | null;
}): Promise<UserRow> {
  const email = profile.email.trim().toLowerCase();
  return db.$transaction(async (tx) => {
    const user = await tx.user.upsert({
      where: { email },
      update: {},
      create: {
        email,
        fullName: (profile.name?.trim() || email.split("@")[0] || "Google user").slice(0, 100),
        image: profile.image ?? "",
        emailVerifiedAt: new Date(),
      },
      select: { ...userInfoSelect, emailVerifiedAt: true },
    });
    if (user.emailVerifiedAt) return toUserRow(user);
    await tx.passkey.deleteMany({ where: { userId: user.id } });
    await tx.session.deleteMany({ where: { userId: user.id } });
    await tx.accountToken.deleteMany({ where: { userId: user.id } });
    return tx.user.update({
      where: { id: user.id },
      data: { passwordHash: "", emailVerifiedAt: new Date(), credentialsVersion: { increment: 1 } },
      select: userInfoSelect,
    });
  });
}

const toUserRow = ({ id, fullName, email, image, isAdmin, credentialsVersion }: UserRow): UserRow => ({
  id,
  fullName,
  email,
  image,
  isAdmin,
  credentialsVersion,
});

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
  if (!user) throw unauthorized("Not authorized, token failed");
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
 * An image left out keeps the current one. Returns UserInfo with a fresh token.
 */
export async function updateProfile(userId: string, input: ProfileInput): Promise<UserInfo> {
  const current = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, image: true, fullName: true },
  });
  if (!current) throw unauthorized("Not authorized, token failed");
  if (current.email.toLowerCase() !== input.email)
    throw badRequest("Email cannot be changed", { email: ["Email cannot be changed"] });
  const user = await db.user.update({
    where: { id: userId },
    data: { fullName: input.fullName, ...(input.image !== undefined && { image: input.image }) },
    select: userInfoSelect,
  });
  if (current.fullName !== user.fullName || current.image !== user.image) {
    // Reviews show their author's name and picture on the movies' pages.
    const reviewed = await db.review.findMany({ where: { userId }, select: { movieId: true } });
    await expireTags(...reviewed.map(({ movieId }) => cacheTags.movie(movieId)));
  }
  // A replaced picture goes from storage unless something else shows it.
  if (current.image !== user.image) await deleteUnreferencedFiles([current.image]);
  return withToken(user);
}

/**
 * PUT /api/user/password. Bumps the credentials version, which ends every other token and
 * session; returns a fresh token for the caller. Wrong old passwords are throttled like failed
 * logins (lib/auth/reauthenticate.ts): 429 past the limit.
 */
export async function changePassword(
  userId: string,
  input: PasswordInput,
  request: { headers: Pick<Headers, "get"> },
): Promise<{ message: string; token: string }> {
  const current = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, fullName: true, passwordHash: true, credentialsVersion: true },
  });
  if (!current) throw unauthorized("Not authorized, token failed");
  if (!(await passwordConfirmed(current, input.oldPassword, request))) {
    throw badRequest("Old password is incorrect", { oldPassword: ["Old password is incorrect"] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  // Conditional on the version read above: of two concurrent changes only one wins; the other
  // caller's token is already dead, so it gets 401 like any other stale session.
  const updated = await db.user.updateMany({
    where: { id: userId, credentialsVersion: current.credentialsVersion },
    data: { passwordHash, credentialsVersion: { increment: 1 } },
  });
  if (updated.count === 0) throw unauthorized("Not authorized, token failed");
  // Every link mailed before ends: whoever changed the password decides again (lib/auth/account-tokens.ts).
  await endAccountLinks(db, userId);
  sendMailLater(passwordChangedNotice(current, "changed"));
  return {
    message: "Password updated successfully",
    token: await signToken({ id: userId, credentialsVersion: current.credentialsVersion + 1 }),
  };
}

/**
 * Deletes a user with its favourites and reviews; the ratings of the movies it reviewed are
 * recomputed in the same transaction. The last admin is never deleted (409 `lastAdminMessage`).
 * Shared by DELETE /api/user (oneself) and DELETE /api/admin/users/{id}.
 */
export async function removeUser(
  userId: string,
  rules: { missing: () => HttpError; lastAdminMessage: string },
): Promise<void> {
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
  // Its reviews left those movies' pages and changed their ratings, which every list shows.
  if (reviewedMovieIds.length > 0) await expireTags(cacheTags.movieLists, ...reviewedMovieIds.map(cacheTags.movie));
  await deleteUnreferencedFiles([image]);
}

/** DELETE /api/user. The last admin cannot delete itself (409). */
export async function deleteAccount(userId: string): Promise<{ message: string }> {
  await removeUser(userId, {
    missing: () => unauthorized("Not authorized, token failed"),
    lastAdminMessage: "You are the last admin: make another user an admin before deleting your account",
  });
  return { message: "Account deleted successfully" };
}
