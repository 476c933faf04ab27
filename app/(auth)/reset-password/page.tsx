import type { Metadata } from "next";
import { AuthCard } from "@/components/account/auth-card";
import { LinkProblem } from "@/components/account/link-problem";
import { ResetPasswordForm } from "@/components/account/reset-password-form";
import { peekAccountToken } from "@/lib/auth/account-tokens";
import { RESET_LINK_INVALID } from "@/lib/auth/password-reset";
import type { PageSearchParams } from "@/lib/page-routes";

export const metadata: Metadata = { title: "Choose a new password", robots: { index: false } };

/** Opened from a reset email: the form when the link still works, else the way to a new one. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { token } = await searchParams;
  const reset = typeof token === "string" ? await peekAccountToken(token, "password_reset") : null;
  return (
    <AuthCard title="Choose a new password">
      {reset && typeof token === "string" ? (
        <ResetPasswordForm token={token} email={reset.email} />
      ) : (
        <LinkProblem message={RESET_LINK_INVALID} href="/forgot-password" action="Send a new link" />
      )}
    </AuthCard>
  );
}
