import type { Metadata } from "next";
import { AuthCard } from "@/components/account/auth-card";
import { EmailLinkConfirmation } from "@/components/account/email-link-confirmation";
import { LinkProblem } from "@/components/account/link-problem";
import { peekAccountToken } from "@/lib/auth/account-tokens";
import { CHANGE_LINK_INVALID } from "@/lib/auth/email-verification";
import { requirePageUser } from "@/lib/auth/page-user";
import type { PageSearchParams } from "@/lib/page-routes";

export const metadata: Metadata = { title: "Confirm your new email address", robots: { index: false } };

/**
 * Opened from the email sent to a new address. Only the member who asked may confirm it, so the
 * page needs the session (proxy.ts sends others to /login and back here).
 */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: PageSearchParams }) {
  const user = await requirePageUser();
  const { token } = await searchParams;
  const link = typeof token === "string" ? await peekAccountToken(token, "email_change", user.id) : null;
  return (
    <AuthCard title="Confirm your new email address">
      {link && typeof token === "string" ? (
        <EmailLinkConfirmation
          endpoint="/api/user/email/confirm"
          token={token}
          prompt={`Change the email address of your account from ${user.email} to ${link.email}?`}
          action="Change my email address"
          next={{ href: "/profile", label: "Go to your profile" }}
        />
      ) : (
        <LinkProblem message={CHANGE_LINK_INVALID} href="/profile" action="Go to your profile" />
      )}
    </AuthCard>
  );
}
