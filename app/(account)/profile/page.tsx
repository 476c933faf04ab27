import type { Metadata } from "next";
import { ProfileForm } from "@/components/account/profile-form";
import { requirePageUser } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: "Profile" };

export default async function ProfilePage() {
  const user = await requirePageUser();
  return <ProfileForm fullName={user.fullName} email={user.email} image={user.image} />;
}
