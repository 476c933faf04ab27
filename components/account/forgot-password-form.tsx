"use client";

import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { forgotPasswordSchema } from "@/lib/validation/account";

const linkClass =
  "font-semibold text-dryGray underline-offset-4 hover:text-accent hover:underline focus-visible:outline-2 focus-visible:outline-subMain";

/** "Forgot password?": an email in, the same answer out whether or not it has an account. */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const { message } = await apiFetch<{ message: string }>("/api/user/password-reset", {
        method: "POST",
        body: { email },
      });
      setSent(message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  if (sent)
    return (
      <div className="flex flex-col gap-5 text-center">
        <p role="status" className="text-sm leading-relaxed text-text">
          {sent}
        </p>
        <p className="text-sm text-text">
          Nothing after a few minutes? Check your spam folder, or{" "}
          <button type="button" onClick={() => setSent(null)} className={linkClass}>
            try another address
          </button>
          .
        </p>
        <Link href="/login" className={`${linkClass} text-sm`}>
          Back to login
        </Link>
      </div>
    );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <p className="text-sm leading-relaxed text-text">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register("email")}
      />
      <Button type="submit" disabled={isSubmitting} className="w-full py-3">
        {isSubmitting && <Spinner />}
        Send reset link
      </Button>
      <p className="text-center text-sm text-text">
        Remembered it?{" "}
        <Link href="/login" className={linkClass}>
          Back to login
        </Link>
      </p>
    </form>
  );
}
