"use client";

import { IntentLink } from "./intent-link";
import { useEffect, useRef } from "react";
import type { ActionToastProps } from "@/lib/client/toast";

/** The toast's text and its action link, reachable by Tab like any link and by a tap on a phone. */
export function ToastWithAction({ message, action, focus, returnFocus, dismiss }: ActionToastProps) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focus) link.current?.focus();
  }, [focus]);

  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>{message}</span>
      <IntentLink
        ref={link}
        href={action.href}
        onClick={() => {
          action.onFollow?.();
          dismiss();
        }}
        onKeyDown={(event) => {
          if (event.key !== "Escape") return;
          dismiss();
          returnFocus?.focus();
        }}
        onBlur={focus ? dismiss : undefined}
        className="rounded-sm font-semibold whitespace-nowrap text-accent underline underline-offset-4 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {action.label}
      </IntentLink>
    </span>
  );
}
