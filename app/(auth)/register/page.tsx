import type { Metadata } from "next";
import { AuthCard } from "@/components/account/auth-card";
import { RegisterForm } from "@/components/account/register-form";
import { redirectSignedIn } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: "Register" };

export default async function RegisterPage() {
  await redirectSignedIn();
  return (
    <AuthCard title="Create your account">
      <RegisterForm />
    </AuthCard>
  );
}
