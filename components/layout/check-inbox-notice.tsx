"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, apiFetch, errorMessage } from "@/lib/client/fetcher";
import { checkInboxStore, hideCheckInbox, parseCheckInbox } from "@/lib/client/check-inbox";
import { toast } from "@/lib/client/toast";
import { CloseIcon } from "./icons";
import { refreshViewer, useViewer } from "@/lib/client/viewer";

const RESEND_URL = "/api/user/verify-email/resend";

/**
 * Under the header, on every page, after a sign-up (docs/product.md "Register"): the new member is
 * told a confirmation mail is waiting and can have it sent again. Only for the member who signed up
 * in this tab, while their address is unconfirmed; a dismissal lasts for the tab.
 */
export function CheckInboxNotice() {
  const viewer = useViewer();
  const notice = parseCheckInbox(
    useSyncExternalStore(checkInboxStore.subscribe, checkInboxStore.snapshot, checkInboxStore.serverSnapshot),
  );
  const [sending, setSending] = useState(false);
  // What the last Resend did: sent (its message) or refused (the server's reason).
  const [said, setSaid] = useState<{ text: string; sent: boolean }>({ text: "", sent: true });
  const confirmed = Boolean(notice && viewer && viewer._id === notice.userId && viewer.emailVerified);

  // Confirmed from the mail (in another tab too: the viewer is read again on focus): nothing left to say.
  useEffect(() => {
    if (confirmed) hideCheckInbox();
  }, [confirmed]);

  if (!notice || !viewer || viewer._id !== notice.userId || viewer.emailVerified) return null;

  async function resend() {
    if (sending) return;
    setSending(true);
    try {
      const answer = await apiFetch<{ message: string }>(RESEND_URL, { method: "POST" });
      setSaid({ text: answer.message, sent: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Already confirmed (from another browser): say so and go.
        toast.success(error.message);
        hideCheckInbox();
        void refreshViewer();
        return;
      }
      // The hour's mails spent: "Too many emails sent, please try again later".
      setSaid({ text: errorMessage(error), sent: false });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="check-inbox-title" className="border-b border-border/30 bg-dry">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 sm:items-center sm:px-6">
        <MailIcon />
        <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <div className="min-w-0 flex-1 text-sm">
            <h2 id="check-inbox-title" className="font-semibold text-white">
              Check your inbox
            </h2>
            <p className="text-text">
              We sent a link to <span className="font-semibold break-all text-white">{notice.email}</span> to confirm
              your email address.
            </p>
            <p role="status" className={said.sent ? "text-green-300" : "text-accent"}>
              {said.text}
            </p>
          </div>
          <Button
            variant="quiet"
            size="compact"
            aria-disabled={sending}
            onClick={() => void resend()}
            className="self-start sm:self-center"
          >
            {sending && <Spinner />}
            Resend
          </Button>
        </div>
        <button
          type="button"
          aria-label="Dismiss"
          title="Dismiss"
          onClick={hideCheckInbox}
          className="flex size-9 shrink-0 items-center justify-center rounded-md text-text transition hover:text-white focus-visible:outline-2 focus-visible:outline-subMain"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
    </section>
  );
}

function MailIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mt-0.5 size-6 shrink-0 text-accent sm:mt-0"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}
