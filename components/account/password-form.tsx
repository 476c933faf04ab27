"use client";

import { signIn } from "next-auth/react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { passwordFormSchema } from "@/lib/validation/user";

const EMPTY: z.input<typeof passwordFormSchema> = { oldPassword: "", newPassword: "", comfirmPassword: "" };

export function PasswordForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ oldPassword, newPassword, comfirmPassword }) => {
    try {
      const { message, token } = await apiFetch<{ message: string; token: string }>("/api/user/password", {
        method: "PUT",
        body: { oldPassword, newPassword, comfirmPassword },
      });
      // The change ended every session, this one included: reopen it with the fresh token, so only
      // the other browsers and devices are signed out.
      await signIn("token", { token, redirect: false });
      toast.success(message);
      reset(EMPTY);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">Change Password</h1>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="******"
        error={errors.oldPassword?.message}
        {...register("oldPassword")}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder="******"
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        placeholder="******"
        error={errors.comfirmPassword?.message}
        {...register("comfirmPassword")}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:min-w-40">
          {isSubmitting && <Spinner />}
          Update
        </Button>
      </div>
    </form>
  );
}
