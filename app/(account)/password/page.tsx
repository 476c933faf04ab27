import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { PasswordForm } from "@/components/account/password-form";
import { requirePageUser } from "@/lib/auth/page-user";
import { getAccountOverview } from "@/lib/data/users";

export const metadata: Metadata = { title: "Change Password" };

export default async function PasswordPage() {
  const user = await requirePageUser();
  const { hasPassword } = await getAccountOverview(user.id);
  return (
    <div className="flex flex-col gap-6">
      <PasswordForm />
      {!hasPassword && (
        // An account made by Google sign-in has no old password to type: a reset link sets the first one.
        <p role="note" className="rounded-lg border border-border/40 bg-main/60 p-4 text-sm leading-relaxed text-text">
          Your account has no password yet: you sign in with Google or a passkey. To add one,{" "}
          <IntentLink
            href="/forgot-password"
            className="font-semibold text-dryGray underline underline-offset-4 hover:text-accent"
          >
            ask for a link to set a password
          </IntentLink>{" "}
          sent to {user.email}.
        </p>
      )}
    </div>
  );
}
