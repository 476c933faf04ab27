"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import { PasswordField, SubmitButton } from "@/components/ui/form-field";
import { apiFetch } from "@/lib/client/fetcher";
import { toastingFailure } from "@/lib/client/form-submit";
import { rememberEmailForLogin } from "@/lib/client/sign-in";
import { resetPasswordFormSchema } from "@/lib/validation/account";

type Props = {
  token: string;
  /** The address the link went to, which the account has after this. */
  email: string;
  /** The API that spends the link: a password reset's, or "Wasn't you?"'s (POST /api/user/email/undo). */
  endpoint?: string;
  intro?: string;
  submitLabel?: string;
};

/**
 * The new password for a link's account; on success every session has ended, so: sign in, the
 * address already filled in.
 */
export function ResetPasswordForm({
  token,
  email,
  endpoint = "/api/user/password-reset/confirm",
  intro = "Choose a new password of 6 to 12 characters. Every device signed in to your account will be signed out.",
  submitLabel = "Set new password",
}: Props) {
  const router = useRouter();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });

  const onSubmit = form.handleSubmit(
    toastingFailure(async ({ password, confirmPassword }) => {
      const { message } = await apiFetch<{ message: string }>(endpoint, {
        method: "POST",
        body: { token, password, confirmPassword },
      });
      toast.success(message);
      rememberEmailForLogin(email);
      router.replace("/login");
      router.refresh();
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <p className="text-sm leading-relaxed text-text">{intro}</p>
      {/* The account the new password is for, so a password manager saves it under the right name. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField form={form} name="password" label="New Password" autoComplete="new-password" />
      <PasswordField form={form} name="confirmPassword" label="Confirm Password" autoComplete="new-password" />
      <SubmitButton pending={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
    </form>
  );
}
