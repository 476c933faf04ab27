"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import { EmailField, FormTextField, PasswordField, SubmitButton } from "@/components/ui/form-field";
import { refreshViewer } from "@/lib/client/viewer";
import { showCheckInbox } from "@/lib/client/check-inbox";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { withCallback } from "@/lib/client/sign-in";
import { registerSchema } from "@/lib/validation/user";
import { AuthFormFooter } from "./auth-card";

/** `callbackPath`: the page the visitor came from, already checked to be a path on this site. */
export function RegisterForm({ callbackPath }: { callbackPath?: string }) {
  const router = useRouter();
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { fullName: "", email: "", password: "" },
  });

  // docs/product.md "Register": the new member is signed in (the same NextAuth sign-in as the login
  // form; the API's register answer stays the other client's) and taken back where they were, where
  // a notice says the confirmation mail is on its way.
  const onSubmit = form.handleSubmit(async (values) => {
    let created: { _id: string };
    try {
      created = await apiFetch<{ _id: string }>("/api/user/register", { method: "POST", body: values });
    } catch (error) {
      // What was typed stays, the password included, so fixing one field is enough to retry.
      toast.error(errorMessage(error));
      return;
    }
    toast.success("Register successfully");
    const session = await signIn("credentials", { email: values.email, password: values.password, redirect: false });
    if (!session?.ok || session.error) {
      // The account exists; the login form (which says why, if it fails again) is the way on.
      router.push(withCallback("/login", callbackPath));
      return;
    }
    showCheckInbox({ userId: created._id, email: values.email });
    void refreshViewer(); // the header and buttons must see the new session
    router.push(callbackPath ?? "/");
    router.refresh();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <FormTextField form={form} name="fullName" label="Full Name" autoComplete="name" placeholder="Your name" />
      <EmailField form={form} name="email" />
      <PasswordField form={form} name="password" label="Password" autoComplete="new-password" />
      <SubmitButton pending={form.formState.isSubmitting}>Sign Up</SubmitButton>
      <AuthFormFooter question="Already have an account?" href={withCallback("/login", callbackPath)}>
        Login
      </AuthFormFooter>
    </form>
  );
}
