import type { Metadata } from "next";
import { LoginForm } from "@/components/account/login-form";
import { AuthCard } from "@/components/account/auth-card";
import { isGoogleConfigured } from "@/lib/auth/google";
import { redirectSignedIn } from "@/lib/auth/page-user";
import { localCallbackPath } from "@/lib/page-routes";

export const metadata: Metadata = { title: "Login" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  await redirectSignedIn();
  const query = await searchParams;
  return (
    <AuthCard title="Sign in to your account">
      <LoginForm
        googleEnabled={isGoogleConfigured()}
        handOver={single(query.data)}
        handOverCode={single(query.code)}
        error={single(query.error)}
        callbackPath={localCallbackPath(single(query.callbackUrl)) ?? undefined}
      />
    </AuthCard>
  );
}
