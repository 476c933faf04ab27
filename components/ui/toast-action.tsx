"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";

/** A way out of a refusal, inside its toast: "Sign in" after "You need to login to like a movie". */
export type ToastAction = { label: string; href: string; onFollow?: () => void };

type Props = {
  message: string;
  action: ToastAction;
  /** Pressed from the keyboard: the link takes focus, and the toast stays until focus leaves it. */
  focus: boolean;
  /** Where Escape sends focus back (the button that was refused). */
  returnFocus: HTMLElement | null;
  dismiss: () => void;
};

/** The toast's text and its action link, reachable by Tab like any link and by a tap on a phone. */
export function ToastWithAction({ message, action, focus, returnFocus, dismiss }: Props) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focus) link.current?.focus();
  }, [focus]);

  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>{message}</span>
      <Link
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
      </Link>
    </span>
  );
}
