"use client";

import { useEffect } from "react";
import { mutate } from "swr";
import { errorMessage } from "@/lib/client/fetcher";
import { completePendingAction, takePendingAction } from "@/lib/client/pending-action";
import { toast } from "@/lib/client/toast";
import { useViewer } from "@/lib/client/viewer";

/**
 * Renders nothing. Once a session appears, does the like or My List a visitor asked for before
 * signing in (lib/client/pending-action.ts), once, and refreshes the buttons that show it.
 */
export function PendingActionRunner() {
  const viewer = useViewer();
  useEffect(() => {
    if (!viewer) return;
    const action = takePendingAction();
    if (!action) return;
    completePendingAction(action).then(
      ({ message, changed }) => {
        toast.success(message);
        void mutate(changed);
      },
      (error: unknown) => toast.error(errorMessage(error)),
    );
  }, [viewer]);
  return null;
}
