"use client";

import { toast } from "@/lib/client/toast";
import { errorMessage } from "@/lib/client/fetcher";
import { useAutoplayNext } from "@/lib/client/preferences";

/**
 * The watch page's "Autoplay next" switch: on, the next film starts after a 10-second countdown
 * when one ends (components/movie/up-next.tsx); off, it is only offered. Saved for the member
 * (their account) or, for a visitor, in this browser.
 */
export function AutoplayNextSwitch() {
  const { autoplayNext, setAutoplayNext } = useAutoplayNext();
  return (
    <label className="flex h-10 cursor-pointer items-center gap-2 rounded-md bg-white/10 px-3 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-white">
      <input
        type="checkbox"
        role="switch"
        // Until the setting is known, the default (on), but not changeable.
        checked={autoplayNext ?? true}
        disabled={autoplayNext === undefined}
        onChange={(event) => {
          setAutoplayNext(event.target.checked).catch((failure: unknown) => toast.error(errorMessage(failure)));
        }}
        className="size-4 cursor-pointer accent-subMain focus:outline-none"
      />
      Autoplay next
    </label>
  );
}
