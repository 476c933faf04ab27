"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmailField, PasswordField, SubmitButton } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { answerMessage, useApiMutation } from "@/lib/client/use-api-mutation";
import { emailChangeSchema, emailChangeWithPasswordSchema } from "@/lib/validation/account";
import { SettingsSection } from "./settings-section";

type Props = { email: string; verified: boolean; pendingEmail: string | null; hasPassword: boolean };

/** The profile's email address part: whether it is verified (with a new link on request) and changing it. */
export function EmailSettings({ email, verified, pendingEmail, hasPassword }: Props) {
  const router = useRouter();
  const { run, pending } = useApiMutation();
  const [changing, setChanging] = useState(false);
  // The address just asked for, shown at once: the server issues its link after answering (so a taken
  // address gets the same answer as quickly, lib/auth/email-verification.ts), and a refresh that comes
  // first would not find it yet.
  const [requested, setRequested] = useState<string | null>(null);
  const waitingFor = requested ?? pendingEmail;

  return (
    <SettingsSection title="Email address">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="break-all font-semibold text-white">{email}</span>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${verified ? "bg-green-500/15 text-green-300" : "bg-subMain/15 text-accent"}`}
          >
            {verified ? "Verified" : "Not verified"}
          </span>
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          {!verified && (
            <Button
              variant="quiet"
              disabled={pending === "resend"}
              onClick={() =>
                void run("resend", "/api/user/verify-email/resend", { method: "POST", success: answerMessage })
              }
            >
              {pending === "resend" && <Spinner />}
              Send the link again
            </Button>
          )}
          <Button variant="quiet" onClick={() => setChanging(true)}>
            Change email
          </Button>
        </div>
      </div>
      {!verified && (
        <p className="text-sm text-text">
          Open the link we sent to this address to confirm it. A verified address lets you reset a forgotten password.
        </p>
      )}
      {waitingFor && (
        <p role="status" className="text-sm text-text">
          Waiting for you to open the link sent to <span className="font-semibold text-white">{waitingFor}</span>. Until
          then your address stays {email}.
        </p>
      )}
      <Dialog open={changing} onClose={() => setChanging(false)} title="Change email">
        <EmailChangeForm
          hasPassword={hasPassword}
          onDone={(newEmail) => {
            setChanging(false);
            setRequested(newEmail);
            router.refresh();
          }}
        />
      </Dialog>
    </SettingsSection>
  );
}

function EmailChangeForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: (newEmail: string) => void }) {
  const { run } = useApiMutation();
  const form = useForm({
    resolver: zodResolver(hasPassword ? emailChangeWithPasswordSchema : emailChangeSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    const sent = await run("change", "/api/user/email", { method: "POST", body, success: answerMessage });
    if (sent) onDone(body.email);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <p className="text-sm leading-relaxed text-text">
        We will send a link to the new address. Your email address changes when you open it in this browser; your
        current address will be told.
      </p>
      <EmailField form={form} name="email" label="New email address" />
      {hasPassword && (
        <PasswordField form={form} name="password" label="Current password" autoComplete="current-password" />
      )}
      <SubmitButton pending={form.formState.isSubmitting}>Send confirmation link</SubmitButton>
    </form>
  );
}
