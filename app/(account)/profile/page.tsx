import type { Metadata } from "next";
import { AccountData } from "@/components/account/account-data";
import { EmailSettings } from "@/components/account/email-settings";
import { PasskeySettings } from "@/components/account/passkey-settings";
import { ProfileForm } from "@/components/account/profile-form";
import { listPasskeys } from "@/lib/data/passkeys";
import { requirePageUser } from "@/lib/auth/page-user";
import { getAccountOverview } from "@/lib/data/users";

export const metadata: Metadata = { title: "Profile" };

export default async function ProfilePage() {
  const user = await requirePageUser();
  const [account, passkeys] = await Promise.all([getAccountOverview(user.id), listPasskeys(user.id)]);
  return (
    <div className="flex flex-col gap-10">
      <ProfileForm fullName={user.fullName} email={user.email} image={user.image} />
      <EmailSettings
        email={user.email}
        verified={account.emailVerified}
        pendingEmail={account.pendingEmail}
        hasPassword={account.hasPassword}
      />
      <PasskeySettings passkeys={passkeys} />
      <AccountData hasPassword={account.hasPassword} passkeyCount={passkeys.length} />
    </div>
  );
}
