"use client";

import { Toaster as HotToaster } from "react-hot-toast";

/** Spec section 9: top right, at most 20, 2 s for success and 4 s for the rest. */
export function Toaster() {
  return (
    <HotToaster
      position="top-right"
      toastOptions={{ duration: 4000, success: { duration: 2000 }, style: { background: "#0b0f29", color: "#fff", border: "1px solid #4b5563" } }}
    />
  );
}
