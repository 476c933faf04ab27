import "server-only";
// Accounts as credentials: signing up, checking a password, Google's accounts, changing a password,
// and the bearer token a sign-in answers with. Members' data (rows, profile, deletion) is
// lib/data/users.ts's.
import { db } from "@/lib/database/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { invalid, conflict, notSignedIn } from "@/lib/errors";
import { sendMailLater } from "@/lib/mail";
import { passwordChangedNotice } from "@/lib/mail/messages";
import { toUserInfo, userInfoSelect, type UserInfo, type UserRow } from "@/lib/data/users";
import type { LoginInput, PasswordInput, RegisterInput } from "@/lib/validation/user";
import { endAccountLinks } from "./account-tokens";
import { hashPassword, verifyPassword } from "./password";
import { passwordConfirmed } from "./reauthenticate";
import { signToken } from "./token";

/** UserInfo with a new bearer token: a sign-in's answer (POST /api/user, a passkey) and a profile update's. */
export async function userInfoWithNewToken(user: UserRow): Promise<UserInfo> {
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

/** The web sign-in's user for a bearer token (the `/login?data=` flow), or null. */
export async function userInfoWithToken(userId: string): Promise<UserInfo | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: userInfoSelect });
  return user && userInfoWithNewToken(user);
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
  if (!current) throw notSignedIn("Not authorized, token failed");
  if (!(await passwordConfirmed(current, input.oldPassword, request))) {
    throw invalid("Old password is incorrect", { oldPassword: ["Old password is incorrect"] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  // Conditional on the version read above: of two concurrent changes only one wins; the other
  // caller's token is already dead, so it gets 401 like any other stale session.
  const updated = await db.user.updateMany({
    where: { id: userId, credentialsVersion: current.credentialsVersion },
    data: { passwordHash, credentialsVersion: { increment: 1 } },
  });
  if (updated.count === 0) throw notSignedIn("Not authorized, token failed");
  // Every link mailed before ends: whoever changed the password decides again (lib/auth/account-tokens.ts).
  await endAccountLinks(db, userId);
  sendMailLater(passwordChangedNotice(current, "changed"));
  return {
    message: "Password updated successfully",
    token: await signToken({ id: userId, credentialsVersion: current.credentialsVersion + 1 }),
  };
}
