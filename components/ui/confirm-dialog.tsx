"use client";

import { Button } from "./button";
import { Dialog } from "./dialog";

/**
 * A question before an action: title 'Confirm' (the original delete confirmation), the question, and two
 * buttons. The confirming one names the action ("Delete movie", "Make admin"), as the dialogs of
 * Netflix and Jellyfin do, so nobody has to read the question back to know what Yes would do; the
 * other is Cancel. The category delete alone passes the original Yes and No.
 */
export function ConfirmDialog({
  open,
  message,
  confirmLabel,
  cancelLabel = "Cancel",
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: string;
  /** What the confirming button does, e.g. "Delete movie". */
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} title="Confirm">
      <p className="text-text">{message}</p>
      <div className="mt-8 flex flex-wrap justify-end gap-3">
        <Button variant="quiet" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} disabled={busy} autoFocus>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
