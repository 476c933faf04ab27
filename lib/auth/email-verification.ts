import "server-only";
// Proving the account's email address (docs/security.md "Accounts"): a new
// account is sent a link that marks its email verified; the profile shows the state and can send
// the link again. Changing the email is a request that takes effect only when the new address opens
// the link sent to it, in the browser of the signed-in member; then the old address is told, with a
// "Wasn't you?" link that undoes it (lib/auth/email-change-undo.ts).
import { after } from "next/server";
import { db } from "@/lib/database/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { invalid, conflict, notSignedIn } from "@/lib/errors";
import { log } from "@/lib/log";
import { sendMail, sendMailLater } from "@/lib/mail";
import { emailChangeMessage, emailChangedNotice, emailTakenNotice, verifyEmailMessage } from "@/lib/mail/messages";
import type { EmailChangeInput } from "@/lib/validation/account";
import { UNDO_LINK_DAYS, endAccountLinks, issueAccountToken, spendAccountToken } from "./account-tokens";
import { undoLink } from "./email-change-undo";
import { spendAttempt } from "./account-limits";
import { WRONG_PASSWORD } from "./confirm-identity";
import { passwordConfirmed } from "./reauthenticate";

const EMAIL_VERIFIED = "Your email address is verified";
const ALREADY_VERIFIED = "Your email address is already verified";
export const VERIFY_LINK_INVALID =
  "This verification link is invalid or has expired. Send a new one from your profile.";
export const CHANGE_LINK_INVALID =
  "This link is invalid or has expired, or belongs to another account. Ask for the change again from your profile.";
const SAME_EMAIL = "That is already your email address";

const verifyLink = (origin: string, token: string) => `${origin}/verify-email?token=${token}`;
const changeLink = (origin: string, token: string) => `${origin}/confirm-email?token=${token}`;

const recipientSelect = { id: true, email: true, fullName: true, credentialsVersion: true } as const;

/** Mails a verification link to a member's current address. */
async function mailVerificationLink(userId: string, origin: string): Promise<string | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: recipientSelect });
  if (!user) return null;
  const token = await issueAccountToken(user, "email_verification", user.email);
  await sendMail(verifyEmailMessage(user, verifyLink(origin, token)));
  return user.email;
}

/** After registration: the welcome link goes out once the answer has (a mail server's delay is not the new member's). */
export function sendVerificationAfterSignUp(userId: string, origin: string): void {
  after(() =>
    mailVerificationLink(userId, origin).catch((error: unknown) =>
      log.error({ err: error, userId }, "verification mail could not be sent"),
    ),
  );
}

/** POST /api/user/verify-email/resend: a new link (the older one stops working). 409 when already verified. */
export async function resendVerification(userId: string, origin: string): Promise<{ message: string }> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  if (!user) throw notSignedIn("Not authorized, token failed");
  if (user.emailVerifiedAt) throw conflict(ALREADY_VERIFIED);
  await spendAttempt("mailsPerUser", userId);
  const email = await mailVerificationLink(userId, origin);
  return { message: `We sent a new link to ${email}` };
}

/**
 * POST /api/user/verify-email: spends the link. It must have been sent to the account's current
 * address (a link to an address the account has since left proves nothing about the new one).
 */
export async function verifyEmail(token: string): Promise<{ message: string }> {
  await db.$transaction(async (tx) => {
    const spent = await spendAccountToken(tx, token, "email_verification");
    const verified =
      spent &&
      (await tx.user.updateMany({
        where: { id: spent.userId, email: spent.email },
        data: { emailVerifiedAt: new Date() },
      }));
    if (!verified || verified.count === 0) throw invalid(VERIFY_LINK_INVALID, { token: [VERIFY_LINK_INVALID] });
  });
  return { message: EMAIL_VERIFIED };
}

/**
 * POST /api/user/email: sends a link to the new address. The password is asked again when the
 * account has one (whoever changes the email controls password resets from then on; wrong ones are
 * throttled like failed logins). The answer is the same whether or not another account has the
 * address, and the mail limit is spent either way, so the form cannot tell which emails are
 * registered; whether it is taken is looked up after the answer, and its owner is told instead of
 * sent a link.
 */
export async function requestEmailChange(
  userId: string,
  input: EmailChangeInput,
  client: { origin: string; headers: Pick<Headers, "get"> },
): Promise<{ message: string }> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { ...recipientSelect, passwordHash: true } });
  if (!user) throw notSignedIn("Not authorized, token failed");
  if (user.passwordHash && !(await passwordConfirmed(user, input.password ?? "", client)))
    throw invalid(WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
  if (input.email === user.email.toLowerCase()) throw invalid(SAME_EMAIL, { email: [SAME_EMAIL] });
  await spendAttempt("mailsPerUser", userId);
  after(() =>
    mailChangeLink(user, input.email, client.origin).catch((error: unknown) =>
      log.error({ err: error, userId }, "email change mail could not be sent"),
    ),
  );
  return { message: `We sent a link to ${input.email}. Your email address changes when you open it.` };
}

/** The link to a free address; to a taken one, a word to its owner (no link: the address is theirs). */
async function mailChangeLink(
  user: { id: string; email: string; fullName: string; credentialsVersion: number },
  newEmail: string,
  origin: string,
): Promise<void> {
  const owner = await db.user.findUnique({ where: { email: newEmail }, select: { email: true, fullName: true } });
  if (owner) return sendMail(emailTakenNotice(owner));
  const token = await issueAccountToken(user, "email_change", newEmail);
  await sendMail(emailChangeMessage(user, newEmail, changeLink(origin, token)));
}

/**
 * POST /api/user/email/confirm: spends the link, which must be the signed-in member's own (someone
 * who receives a mistyped address's mail cannot take the account by clicking). The new address is
 * verified by this very link; the old one is told, with a link that undoes the change for 7 days.
 */
export async function confirmEmailChange(
  userId: string,
  token: string,
  origin: string,
): Promise<{ message: string; email: string }> {
  let previous: { email: string; fullName: string };
  try {
    previous = await db.$transaction(async (tx) => {
      const spent = await spendAccountToken(tx, token, "email_change", userId);
      if (!spent) throw invalid(CHANGE_LINK_INVALID, { token: [CHANGE_LINK_INVALID] });
      const before = await tx.user.findUniqueOrThrow({
        where: { id: userId },
        select: { email: true, fullName: true },
      });
      await tx.user.update({ where: { id: userId }, data: { email: spent.email, emailVerifiedAt: new Date() } });
      // Every link mailed before ends: a reset or verification link in the old mailbox, another change.
      await endAccountLinks(tx, userId);
      return before;
    });
  } catch (error) {
    // Someone registered the address between the request and the confirmation.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw conflict("That email address is already registered");
    throw error;
  }
  const current = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, email: true, credentialsVersion: true },
  });
  const undoToken = await issueAccountToken(current, "email_change_undo", previous.email);
  sendMailLater(emailChangedNotice(previous, current.email, undoLink(origin, undoToken), UNDO_LINK_DAYS));
  return { message: `Your email address is now ${current.email}`, email: current.email };
}
