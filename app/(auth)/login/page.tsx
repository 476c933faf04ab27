import type { Metadata } from "next";
import { LoginForm } from "@/components/account/login-form";
import { AuthCard } from "@/components/account/auth-card";
import { isGoogleConfigured } from "@/lib/auth/google";
import { redirectSignedIn } from "@/lib/auth/page-user";
import { callbackPathParam, singleParam, type PageSearchParams } from "@/lib/page-routes";

export const metadata: Metadata = { title: "Login" };

export default async function LoginPage({ searchParams }: { searchParams: PageSearchParams }) {
  await redirectSignedIn();
  const query = await searchParams;
  return (
    <AuthCard title="Sign in to your account">
      <LoginForm
        googleEnabled={isGoogleConfigured()}
        handOver={singleParam(query.data)}
        handOverCode={singleParam(query.code)}
        error={singleParam(query.error)}
        callbackPath={callbackPathParam(query.callbackUrl)}
      />
    </AuthCard>
  );
}
