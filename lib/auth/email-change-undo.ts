import "server-only";
// "Wasn't you?" (docs/security.md "An email change can be undone from the old address"): when an
// email change is confirmed, the notice to the old address carries a link, valid 7 days, that gives
// the account back to whoever reads that mailbox. One step on the server: the old address returns,
// the password becomes the one typed on the link's page, every session and bearer token ends (the
// credentials version moves on, as with a reset), and so does every other link of the member. The
// link is an account link like the others (lib/auth/account-tokens.ts): 32 random bytes, stored as
// SHA-256, spent by its first use.
import { db } from "@/lib/database/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { invalid, conflict } from "@/lib/errors";
import { sendMailLater } from "@/lib/mail";
import { passwordChangedNotice } from "@/lib/mail/messages";
import type { ResetPasswordInput } from "@/lib/validation/account";
import { endLinksAfterUndo, hashPasswordForLink, spendAccountToken } from "./account-tokens";

export const UNDO_LINK_INVALID =
  "This link is invalid or has expired, or was already used. If you still cannot get into your account, write to us from the Contact page.";
const ADDRESS_TAKEN = "That email address is already registered";

/** Where the link in the email-changed notice leads. */
export const undoLink = (origin: string, token: string) => `${origin}/undo-email?token=${token}`;

/**
 * POST /api/user/email/undo. The old address comes back verified (the link reached it). When another
 * account has taken that address since, it is a 409 and nothing changes, the link included.
 */
export async function undoEmailChange({ token, password }: ResetPasswordInput): Promise<{ message: string }> {
  const linkInvalid = () => invalid(UNDO_LINK_INVALID, { token: [UNDO_LINK_INVALID] });
  const passwordHash = await hashPasswordForLink(token, "email_change_undo", password); // slow: outside the transaction
  if (!passwordHash) throw linkInvalid();
  let user: { email: string; fullName: string };
  try {
    user = await db.$transaction(async (tx) => {
      const spent = await spendAccountToken(tx, token, "email_change_undo");
      if (!spent) throw linkInvalid();
      await tx.session.deleteMany({ where: { userId: spent.userId } });
      await endLinksAfterUndo(tx, spent);
      return tx.user.update({
        where: { id: spent.userId },
        data: {
          email: spent.email,
          emailVerifiedAt: new Date(),
          passwordHash,
          credentialsVersion: { increment: 1 },
        },
        select: { email: true, fullName: true },
      });
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw conflict(ADDRESS_TAKEN);
    throw error;
  }
  sendMailLater(passwordChangedNotice(user, "reset"));
  return { message: `Your account is back at ${user.email}. Sign in with your new password.` };
}
