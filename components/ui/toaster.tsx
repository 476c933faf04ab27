"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";
import { drawActionToastsWith, loadToastLibrary, onFirstToast, toastsRequested } from "@/lib/client/toast";
import { ToastWithAction } from "./toast-action";

// Toasts with an action (Sign in after a refused like) are drawn by this component: set as the layout loads.
drawActionToastsWith(ToastWithAction);

const HotToaster = lazy(() => loadToastLibrary().then(({ Toaster }) => ({ default: Toaster })));

/**
 * docs/product.md "Every page": top right, at most 20, 2 s for success and 4 s for the rest. The same corner on
 * every screen, just below the sticky header (one 4.5 rem row at every width), never over it.
 * Mounted with the first message (lib/client/toast.ts), which it then shows.
 */
export function Toaster() {
  const requested = useSyncExternalStore(onFirstToast, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <HotToaster
        position="top-right"
        containerStyle={{ top: "5.25rem", right: "1rem" }}
        toastOptions={{
          duration: 4000,
          success: { duration: 2000 },
          style: { background: "#0b0f29", color: "#fff", border: "1px solid #4b5563" },
        }}
      />
    </Suspense>
  );
}
