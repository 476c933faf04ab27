import type { Metadata } from "next";
import { AuthCard } from "@/components/account/auth-card";
import { LinkProblem } from "@/components/account/link-problem";
import { ResetPasswordForm } from "@/components/account/reset-password-form";
import { peekAccountToken } from "@/lib/auth/account-tokens";
import { UNDO_LINK_INVALID } from "@/lib/auth/email-change-undo";
import { db } from "@/lib/database/db";
import type { PageSearchParams } from "@/lib/page-routes";

export const metadata: Metadata = { title: "Wasn't you?", robots: { index: false } };

/**
 * Opened from the "Wasn't you?" link of the email-changed notice, by anyone (the intruder may have
 * signed the owner out). Nothing happens until the new password is sent: mail scanners open links.
 */
export default async function UndoEmailPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { token } = await searchParams;
  const link = typeof token === "string" ? await peekAccountToken(token, "email_change_undo") : null;
  const account = link && (await db.user.findUnique({ where: { id: link.userId }, select: { email: true } }));
  return (
    <AuthCard title="Wasn't you?">
      {link && account && typeof token === "string" ? (
        <ResetPasswordForm
          endpoint="/api/user/email/undo"
          token={token}
          email={link.email}
          intro={`Your account's email address was changed to ${account.email}. Choose a new password to put back ${link.email} and sign out every device.`}
          submitLabel="Secure my account"
        />
      ) : (
        <LinkProblem message={UNDO_LINK_INVALID} href="/contact" action="Contact us" />
      )}
    </AuthCard>
  );
}
