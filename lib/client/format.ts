/** An id as the admin tables show it: its first 8 characters in upper case, as the original admin tables do. */
export const shortId = (id: string) => id.slice(0, 8).toUpperCase();

/** The long date format, e.g. 'November 22, 2026' (in UTC, so server and browser agree). */
export const formatLongDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * The date and time in full, e.g. 'November 22, 2026 at 3:04 PM', in the reader's time zone; with
 * `timeZone` (the server's rendering, which has no reader) in that zone, named.
 */
export const formatFullDate = (iso: string, timeZone?: string) =>
  // Fields spelled out: dateStyle and timeStyle cannot be combined with timeZoneName (a TypeError).
  new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    ...(timeZone && { timeZone, timeZoneName: "short" }),
  });

// Made on first use, not when the module loads: a page's first Intl call starts the browser's ICU
// (20-30 ms of main thread on a desktop, docs/performance.md "Intl on first use"), and a movie page
// without reviews never needs it.
let relative: Intl.RelativeTimeFormat | undefined;
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** How long ago, in the largest whole unit: 'just now', '5 minutes ago', 'yesterday', '3 weeks ago'. */
export function formatRelativeTime(iso: string, now: number): string {
  const seconds = (now - new Date(iso).getTime()) / 1000;
  for (const [unit, length] of UNITS) {
    if (seconds >= length) {
      relative ??= new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
      return relative.format(-Math.floor(seconds / length), unit);
    }
  }
  return "just now"; // also a date a little ahead of this clock
}
