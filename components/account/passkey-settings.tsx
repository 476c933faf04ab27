"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { FormTextField, SubmitButton } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { formatLongDate } from "@/lib/client/format";
import { createPasskey, passkeyErrorMessage } from "@/lib/client/passkeys";
import { answerMessage, useApiMutation } from "@/lib/client/use-api-mutation";
import { passkeyNameFormSchema } from "@/lib/validation/account";
import type { PasskeyItem } from "@/lib/api-shapes";
import { SettingsSection } from "./settings-section";

/** The profile's passkeys: each one with when it was added and last used, a Remove button, and adding one. */
export function PasskeySettings({ passkeys }: { passkeys: PasskeyItem[] }) {
  const router = useRouter();
  const { run, pending } = useApiMutation();
  const [creating, setCreating] = useState(false);
  const form = useForm({ resolver: zodResolver(passkeyNameFormSchema), defaultValues: { name: "" } });

  const onAdd = form.handleSubmit(async ({ name }) => {
    setCreating(true);
    try {
      const response = await createPasskey();
      const added = await run("add", "/api/user/passkeys", {
        method: "POST",
        body: { ...(name && { name }), response },
        success: "Passkey added. You can now sign in with it.",
        then: () => router.refresh(),
      });
      if (added) form.reset();
    } catch (error) {
      toast.error(passkeyErrorMessage(error));
    } finally {
      setCreating(false);
    }
  });

  return (
    <SettingsSection
      title="Passkeys"
      description="Sign in with your fingerprint, face or screen lock instead of a password. A passkey stays on your device or in your password manager; Marquee keeps only its public half."
    >
      {passkeys.length === 0 ? (
        <p className="text-sm text-text">You have no passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="divide-y divide-border/40 rounded-lg border border-border/40">
          {passkeys.map((passkey) => (
            <li key={passkey._id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex flex-col gap-1 text-sm">
                <span className="font-semibold text-white">{passkey.name}</span>
                <span className="text-text">
                  Added {formatLongDate(passkey.createdAt)}
                  {passkey.lastUsedAt ? ` · last used ${formatLongDate(passkey.lastUsedAt)}` : " · never used yet"}
                  {passkey.synced && " · synced"}
                </span>
              </div>
              <Button
                variant="danger"
                aria-label={`Remove passkey ${passkey.name}`}
                disabled={pending === passkey._id}
                onClick={() =>
                  void run(passkey._id, `/api/user/passkeys/${encodeURIComponent(passkey._id)}`, {
                    method: "DELETE",
                    success: answerMessage,
                    then: () => router.refresh(),
                  })
                }
              >
                {pending === passkey._id && <Spinner />}
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void onAdd(event)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormTextField
          form={form}
          name="name"
          label="Passkey name (optional)"
          placeholder="Laptop, phone, security key"
          autoComplete="off"
        />
        <SubmitButton pending={creating} className="shrink-0 sm:min-w-40">
          Add a passkey
        </SubmitButton>
      </form>
    </SettingsSection>
  );
}
