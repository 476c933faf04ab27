// The check-your-inbox notice after sign-up (docs/product.md "Register"): which member it is for and
// the address the link went to, kept in this tab's sessionStorage so the notice follows the new member
// from page to page (and survives a reload) until they dismiss it or confirm the address. A store for
// useSyncExternalStore: the snapshot is the stored text, compared by value.

const CHECK_INBOX_KEY = "marquee.checkInbox";
const listeners = new Set<() => void>();

export type CheckInbox = { userId: string; email: string };

function write(value: CheckInbox | null): void {
  try {
    if (value === null) sessionStorage.removeItem(CHECK_INBOX_KEY);
    else sessionStorage.setItem(CHECK_INBOX_KEY, JSON.stringify(value));
  } catch {
    // Storage refused (private mode): no notice; the profile still offers the link again.
  }
  for (const listener of listeners) listener();
}

/** Right after a sign-up: show the notice to this member. */
export const showCheckInbox = (value: CheckInbox) => write(value);
/** Dismissed, or the address is confirmed: the notice is gone for good in this tab. */
export const hideCheckInbox = () => write(null);

export const checkInboxStore = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): string | null => {
    try {
      return sessionStorage.getItem(CHECK_INBOX_KEY);
    } catch {
      return null;
    }
  },
  /** Nothing is known while rendering on the server. */
  serverSnapshot: (): string | null => null,
};

/** The notice a snapshot holds, if it is well formed. */
export function parseCheckInbox(snapshot: string | null): CheckInbox | null {
  if (!snapshot) return null;
  try {
    const value = JSON.parse(snapshot) as Partial<CheckInbox>;
    return typeof value.userId === "string" && typeof value.email === "string"
      ? { userId: value.userId, email: value.email }
      : null;
  } catch {
    return null;
  }
}
