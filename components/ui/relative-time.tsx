"use client";
// A date shown as how long ago it was ('3 days ago'), with the full date and time on hover (title)
// and for screen readers. "How long ago" depends on the reader's clock, and the pages that show it
// are kept whole by Next for everyone, so the server renders the plain date (in UTC) and the browser
// switches to the relative form once it has hydrated, then keeps it current minute by minute.
import { useSyncExternalStore } from "react";
import { formatFullDate, formatLongDate, formatRelativeTime } from "@/lib/client/format";

const MINUTE = 60_000;
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

/** One interval for every RelativeTime on the page, running only while one is mounted. */
function subscribeToMinutes(onTick: () => void): () => void {
  listeners.add(onTick);
  ticker ??= setInterval(() => listeners.forEach((listener) => listener()), MINUTE);
  return () => {
    listeners.delete(onTick);
    if (listeners.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

/** The current minute: the same value all minute long, so React re-renders only when it moves on. */
const currentMinute = () => Math.floor(Date.now() / MINUTE) * MINUTE;
/** No clock on the server (nor while hydrating): the plain date. */
const noClock = () => null;

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const now = useSyncExternalStore(subscribeToMinutes, currentMinute, noClock);
  const full = now === null ? formatFullDate(iso, "UTC") : formatFullDate(iso);
  return (
    <time dateTime={iso} title={full} className={className}>
      <span aria-hidden="true">{now === null ? formatLongDate(iso) : formatRelativeTime(iso, now)}</span>
      <span className="sr-only">{full}</span>
    </time>
  );
}
