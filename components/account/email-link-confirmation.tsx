"use client";

import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { Button, ButtonLink } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";

type Props = {
  /** The API that spends the link's token. */
  endpoint: string;
  token: string;
  /** What the page asks, and the button that says yes. */
  prompt: string;
  action: string;
  /** Where to go afterwards. */
  next: { href: string; label: string };
};

/**
 * A page opened from an email link acts only when its button is pressed: mail scanners open links
 * on their own, and must not confirm anything by doing so.
 */
export function EmailLinkConfirmation({ endpoint, token, prompt, action, next }: Props) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    try {
      const { message } = await apiFetch<{ message: string }>(endpoint, { method: "POST", body: { token } });
      setDone(message);
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-5 text-center">
      <p role={done ? "status" : undefined} className="text-sm leading-relaxed text-text">
        {done ?? prompt}
      </p>
      {done ? (
        <ButtonLink href={next.href} className="w-full py-3">
          {next.label}
        </ButtonLink>
      ) : (
        <Button onClick={() => void confirm()} disabled={busy} className="w-full py-3">
          {busy && <Spinner />}
          {action}
        </Button>
      )}
    </div>
  );
}
