"use client";

import { signIn } from "next-auth/react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import type { z } from "zod";
import { PasswordField, SubmitButton } from "@/components/ui/form-field";
import { apiFetch } from "@/lib/client/fetcher";
import { toastingFailure } from "@/lib/client/form-submit";
import { passwordFormSchema } from "@/lib/validation/user";

const EMPTY: z.input<typeof passwordFormSchema> = { oldPassword: "", newPassword: "", comfirmPassword: "" };

export function PasswordForm() {
  const form = useForm({ resolver: zodResolver(passwordFormSchema), defaultValues: EMPTY });

  const onSubmit = form.handleSubmit(
    toastingFailure(async ({ oldPassword, newPassword, comfirmPassword }) => {
      const { message, token } = await apiFetch<{ message: string; token: string }>("/api/user/password", {
        method: "PUT",
        body: { oldPassword, newPassword, comfirmPassword },
      });
      // The change ended every session, this one included: reopen it with the fresh token, so only
      // the other browsers and devices are signed out.
      await signIn("token", { token, redirect: false });
      toast.success(message);
      form.reset(EMPTY);
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">Change Password</h1>
      <PasswordField form={form} name="oldPassword" label="Password" autoComplete="current-password" />
      <PasswordField form={form} name="newPassword" label="New Password" autoComplete="new-password" />
      <PasswordField form={form} name="comfirmPassword" label="Confirm Password" autoComplete="new-password" />
      <SubmitButton pending={form.formState.isSubmitting} atEnd>
        Update
      </SubmitButton>
    </form>
  );
}
