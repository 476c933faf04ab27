"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { signOut } from "next-auth/react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import { refreshViewer } from "@/lib/client/viewer";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormTextField, PasswordField, SubmitButton } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { passkeyErrorMessage, signWithPasskey } from "@/lib/client/passkeys";
import { deleteAccountFormSchema } from "@/lib/validation/account";
import { SettingsSection } from "./settings-section";

type Props = { hasPassword: boolean; passkeyCount: number };

/** "Download my data" and "Delete my account". */
export function AccountData(props: Props) {
  const [deleting, setDeleting] = useState(false);
  return (
    <SettingsSection
      title="Your data"
      description="Take a copy of everything Marquee keeps about you, or delete your account."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        {/* A plain link: the browser's own download, authenticated by the session cookie. */}
        <a href="/api/user/export" download className={buttonClass("quiet")}>
          Download my data
        </a>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete my account
        </Button>
      </div>
      <Dialog open={deleting} onClose={() => setDeleting(false)} title="Delete my account">
        <DeleteAccountForm {...props} onCancel={() => setDeleting(false)} />
      </Dialog>
    </SettingsSection>
  );
}

/**
 * Confirms with the password, a passkey, or (an account with neither: Google only) the email typed
 * out; the server checks the same (lib/auth/confirm-identity.ts). Deleting ends the session: sign out, go home.
 */
function DeleteAccountForm({ hasPassword, passkeyCount, onCancel }: Props & { onCancel: () => void }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const confirmsWithEmail = !hasPassword && passkeyCount === 0;
  const form = useForm({
    resolver: zodResolver(deleteAccountFormSchema(hasPassword ? "password" : "email")),
    defaultValues: { password: "", email: "" },
  });

  async function deleteAccount(proof: Record<string, unknown>) {
    setBusy(true);
    try {
      const { message } = await apiFetch<{ message: string }>("/api/user", { method: "DELETE", body: proof });
      toast.success(message);
      // Signed out without a page load, so the toast stays on screen over the home page: signOut's
      // own redirect reloads the page, which took the toast away as it appeared.
      await signOut({ redirect: false });
      await refreshViewer();
      router.replace("/");
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(false);
    }
  }

  async function confirmWithPasskey() {
    setBusy(true);
    let passkey;
    try {
      passkey = await signWithPasskey("confirm");
    } catch (error) {
      toast.error(passkeyErrorMessage(error));
      setBusy(false);
      return;
    }
    await deleteAccount({ passkey });
  }

  const onSubmit = form.handleSubmit((values) =>
    deleteAccount(hasPassword ? { password: values.password } : { email: values.email }),
  );

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm leading-relaxed text-text">
        Your account goes for good, with your favourites, reviews, watch history, passkeys and profile picture, and you
        are signed out. Movies you reviewed get their ratings recomputed without yours. Download your data first if you
        want to keep a copy.
      </p>
      {(hasPassword || confirmsWithEmail) && (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
          {hasPassword ? (
            <PasswordField form={form} name="password" label="Password" autoComplete="current-password" />
          ) : (
            <FormTextField
              form={form}
              name="email"
              label="Type your email address to confirm"
              type="email"
              autoComplete="off"
            />
          )}
          <SubmitButton pending={busy} variant="danger">
            Delete my account
          </SubmitButton>
        </form>
      )}
      {passkeyCount > 0 && (
        <Button variant={hasPassword ? "quiet" : "danger"} onClick={() => void confirmWithPasskey()} disabled={busy}>
          {busy && !hasPassword && <Spinner />}
          {hasPassword ? "Confirm with a passkey instead" : "Confirm with a passkey and delete"}
        </Button>
      )}
      <Button variant="quiet" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </div>
  );
}
