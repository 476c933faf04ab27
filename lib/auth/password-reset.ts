import "server-only";
// "Forgot password?" (docs/security.md "Accounts"): a link by email that sets a new
// password. The request answers the same whether or not an account has that email, and the lookup
// and the mail happen after the answer has gone, so neither its words nor its timing tell.
import { after } from "next/server";
import { db } from "@/lib/database/db";
import { invalid } from "@/lib/errors";
import { log } from "@/lib/log";
import { sendMail, sendMailLater } from "@/lib/mail";
import { passwordChangedNotice, passwordResetMessage } from "@/lib/mail/messages";
import type { ResetPasswordInput } from "@/lib/validation/account";
import {
  RESET_LINK_MINUTES,
  endAccountLinks,
  hashPasswordForLink,
  issueAccountToken,
  spendAccountToken,
} from "./account-tokens";
import { spendAttempt } from "./account-limits";

const RESET_REQUESTED =
  "If an account uses that email, a link to choose a new password is on its way. It works for 30 minutes.";
export const RESET_LINK_INVALID = "This password reset link is invalid or has expired. Ask for a new one.";
const PASSWORD_RESET_DONE = "Your password has been reset. Sign in with your new password.";

/** Where a reset link leads: the page that sets the new password. */
const resetLink = (origin: string, token: string) => `${origin}/reset-password?token=${token}`;

/**
 * POST /api/user/password-reset. Limited per client address and per email (429 with Retry-After,
 * counted whether or not the email has an account); otherwise always the same 200.
 */
export async function requestPasswordReset(
  email: string,
  client: { ip: string | null; origin: string },
): Promise<{ message: string }> {
  await spendAttempt("resetPerIp", client.ip);
  await spendAttempt("resetPerEmail", email);
  after(() =>
    mailResetLink(email, client.origin).catch((error: unknown) =>
      log.error({ err: error }, "password reset mail could not be sent"),
    ),
  );
  return { message: RESET_REQUESTED };
}

async function mailResetLink(email: string, origin: string): Promise<void> {
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, fullName: true, credentialsVersion: true },
  });
  if (!user) return;
  const token = await issueAccountToken(user, "password_reset", user.email);
  await sendMail(passwordResetMessage(user, resetLink(origin, token), RESET_LINK_MINUTES));
}

/**
 * POST /api/user/password-reset/confirm: spends the link and sets the password. Like a password
 * change, it bumps the credentials version, so every token and session of the account ends; the
 * session rows go too, and so does every other link of the member. The link reached the account's
 * current address (a link to an address the account has left does not work), which proves it: the
 * email counts as verified from now on.
 */
export async function resetPassword({ token, password }: ResetPasswordInput): Promise<{ message: string }> {
  const linkInvalid = () => invalid(RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] });
  const passwordHash = await hashPasswordForLink(token, "password_reset", password); // slow: outside the transaction
  if (!passwordHash) throw linkInvalid();
  const user = await db.$transaction(async (tx) => {
    const spent = await spendAccountToken(tx, token, "password_reset");
    if (!spent) throw linkInvalid();
    const current = await tx.user.findUniqueOrThrow({
      where: { id: spent.userId },
      select: { emailVerifiedAt: true },
    });
    await tx.session.deleteMany({ where: { userId: spent.userId } });
    await endAccountLinks(tx, spent.userId);
    return tx.user.update({
      where: { id: spent.userId },
      data: {
        passwordHash,
        credentialsVersion: { increment: 1 },
        ...(!current.emailVerifiedAt && { emailVerifiedAt: new Date() }),
      },
      select: { email: true, fullName: true },
    });
  });
  sendMailLater(passwordChangedNotice(user, "reset"));
  return { message: PASSWORD_RESET_DONE };
}
