import type { Metadata } from "next";
import { AuthCard } from "@/components/account/auth-card";
import { RegisterForm } from "@/components/account/register-form";
import { redirectSignedIn } from "@/lib/auth/page-user";
import { callbackPathParam, type PageSearchParams } from "@/lib/page-routes";

export const metadata: Metadata = { title: "Register" };

/** `?callbackUrl=`: where the new member goes once signed up, as for the login page. */
export default async function RegisterPage({ searchParams }: { searchParams: PageSearchParams }) {
  await redirectSignedIn();
  const query = await searchParams;
  return (
    <AuthCard title="Create your account">
      <RegisterForm callbackPath={callbackPathParam(query.callbackUrl)} />
    </AuthCard>
  );
}
