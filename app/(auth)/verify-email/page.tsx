import type { Metadata } from "next";
import { AuthCard } from "@/components/account/auth-card";
import { EmailLinkConfirmation } from "@/components/account/email-link-confirmation";
import { LinkProblem } from "@/components/account/link-problem";
import { peekAccountToken } from "@/lib/auth/account-tokens";
import { VERIFY_LINK_INVALID } from "@/lib/auth/email-verification";
import { getPageUser } from "@/lib/auth/page-user";
import type { PageSearchParams } from "@/lib/page-routes";

export const metadata: Metadata = { title: "Confirm your email address", robots: { index: false } };

/** Opened from the verification email; works signed in or not (the link itself is the proof). */
export default async function VerifyEmailPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { token } = await searchParams;
  const [link, user] = await Promise.all([
    typeof token === "string" ? peekAccountToken(token, "email_verification") : null,
    getPageUser(),
  ]);
  const next = user ? { href: "/profile", label: "Go to your profile" } : { href: "/login", label: "Sign in" };
  return (
    <AuthCard title="Confirm your email address">
      {link && typeof token === "string" ? (
        <EmailLinkConfirmation
          endpoint="/api/user/verify-email"
          token={token}
          prompt={`Confirm that ${link.email} is your email address.`}
          action="Confirm my email address"
          next={next}
        />
      ) : (
        <LinkProblem
          message={VERIFY_LINK_INVALID}
          href={user ? "/profile" : "/login"}
          action={user ? "Go to your profile" : "Sign in"}
        />
      )}
    </AuthCard>
  );
}
