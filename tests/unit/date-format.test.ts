// The dates a review shows (components/ui/relative-time.tsx): the server renders the full date in
// UTC, the browser in the reader's zone; both must format without throwing.
import { describe, expect, test } from "vitest";
import { formatFullDate, formatLongDate, formatRelativeTime } from "@/lib/client/format";

const ISO = "2026-11-22T15:04:00.000Z";

describe("review dates", () => {
  test("the full date, named in UTC as the server renders it", () => {
    expect(formatFullDate(ISO, "UTC")).toBe("November 22, 2026 at 3:04 PM UTC");
  });

  test("the full date in the reader's zone, as the browser renders it", () => {
    expect(formatFullDate(ISO)).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M$/);
  });

  test("the long date and how long ago", () => {
    expect(formatLongDate(ISO)).toBe("November 22, 2026");
    const at = new Date(ISO).getTime();
    expect(formatRelativeTime(ISO, at + 30_000)).toBe("just now");
    expect(formatRelativeTime(ISO, at + 5 * 60_000)).toBe("5 minutes ago");
    expect(formatRelativeTime(ISO, at + 26 * 3600_000)).toBe("yesterday");
  });
});
