import type { Metadata } from "next";
import { connection } from "next/server";
import { AuthCard } from "@/components/account/auth-card";
import { ForgotPasswordForm } from "@/components/account/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password", robots: { index: false } };

export default async function ForgotPasswordPage() {
  // Rendered per request, as the other sign-in pages are: its scripts carry the request's CSP nonce.
  // Prerendered, the page kept the build's nonce and the browser refused every script (no form worked).
  await connection();
  return (
    <AuthCard title="Forgot your password?">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
