import type { Metadata } from "next";
import { PasswordForm } from "@/components/account/password-form";
import { requirePageUser } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: "Change Password" };

export default async function PasswordPage() {
  await requirePageUser();
  return <PasswordForm />;
}
