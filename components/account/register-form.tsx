"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { registerSchema } from "@/lib/validation/user";

export function RegisterForm() {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(registerSchema), defaultValues: { fullName: "", email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await apiFetch("/api/user/register", { method: "POST", body: values });
      toast.success("Register successfully");
      router.push("/login");
    } catch (error) {
      // What was typed stays, the password included, so fixing one field is enough to retry.
      toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <TextField
        label="Full Name"
        autoComplete="name"
        placeholder="Your name"
        error={errors.fullName?.message}
        {...register("fullName")}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="******"
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" disabled={isSubmitting} className="w-full py-3">
        {isSubmitting && <Spinner />}
        Sign Up
      </Button>
      <p className="text-center text-sm text-text">
        Already have an account?{" "}
        <Link
          href="/login"
          className="font-semibold text-dryGray underline-offset-4 hover:text-accent hover:underline focus-visible:outline-2 focus-visible:outline-subMain"
        >
          Login
        </Link>
      </p>
    </form>
  );
}
