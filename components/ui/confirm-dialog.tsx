"use client";

import { Button } from "./button";
import { Dialog } from "./dialog";

/** Spec section 2's delete confirmation: title 'Confirm', a question, Yes and No. */
export function ConfirmDialog({
  open,
  message,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} title="Confirm">
      <p className="text-text">{message}</p>
      <div className="mt-8 flex justify-end gap-3">
        <Button variant="quiet" onClick={onCancel} disabled={busy}>
          No
        </Button>
        <Button onClick={onConfirm} disabled={busy} autoFocus>
          Yes
        </Button>
      </div>
    </Dialog>
  );
}
