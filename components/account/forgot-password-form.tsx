"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { EmailField, SubmitButton } from "@/components/ui/form-field";
import { apiFetch } from "@/lib/client/fetcher";
import { toastingFailure } from "@/lib/client/form-submit";
import { forgotPasswordSchema } from "@/lib/validation/account";
import { AuthFormFooter, authLinkClass } from "./auth-card";

/** "Forgot password?": an email in, the same answer out whether or not it has an account. */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = form.handleSubmit(
    toastingFailure(async ({ email }) => {
      const { message } = await apiFetch<{ message: string }>("/api/user/password-reset", {
        method: "POST",
        body: { email },
      });
      setSent(message);
    }),
  );

  if (sent)
    return (
      <div className="flex flex-col gap-5 text-center">
        <p role="status" className="text-sm leading-relaxed text-text">
          {sent}
        </p>
        <p className="text-sm text-text">
          Nothing after a few minutes? Check your spam folder, or{" "}
          <button type="button" onClick={() => setSent(null)} className={authLinkClass}>
            try another address
          </button>
          .
        </p>
        <IntentLink href="/login" className={`${authLinkClass} text-sm`}>
          Back to login
        </IntentLink>
      </div>
    );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <p className="text-sm leading-relaxed text-text">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <EmailField form={form} name="email" />
      <SubmitButton pending={form.formState.isSubmitting}>Send reset link</SubmitButton>
      <AuthFormFooter question="Remembered it?" href="/login">
        Back to login
      </AuthFormFooter>
    </form>
  );
}
