import type { Metadata } from "next";
import { AuthCard } from "@/components/account/auth-card";
import { RegisterForm } from "@/components/account/register-form";
import { redirectSignedIn } from "@/lib/auth/page-user";
import { localCallbackPath } from "@/lib/page-routes";

export const metadata: Metadata = { title: "Register" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** `?callbackUrl=`: where the new member goes once signed up, as for the login page. */
export default async function RegisterPage({ searchParams }: { searchParams: SearchParams }) {
  await redirectSignedIn();
  const query = await searchParams;
  return (
    <AuthCard title="Create your account">
      <RegisterForm callbackPath={localCallbackPath(single(query.callbackUrl)) ?? undefined} />
    </AuthCard>
  );
}
