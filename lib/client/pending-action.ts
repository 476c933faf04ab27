// A visitor's like or My List that waits for them to sign in (docs/product.md "Favourites and My List").
// The toast's "Sign in" keeps the action in this tab's sessionStorage and goes to /login with the page
// as callbackUrl; once a session appears, the action is taken once and forgotten. Not in the URL: a
// link carrying "like this" would make whoever opens it, signed in, change their list without asking.
// The server still decides: completing is an ordinary signed-in request.
import { apiFetch } from "./fetcher";
import { FAVORITES_URL, MY_LIST_URL, myListItemUrl } from "./hooks";
import { toast } from "./toast";

export type PendingKind = "favorite" | "my-list";
type PendingAction = { kind: PendingKind; movieId: string; at: number };

const PENDING_ACTION_KEY = "marquee.pendingAction";
/** A sign-in abandoned and finished much later should not like a film out of the blue. */
const PENDING_ACTION_LIFETIME_MS = 30 * 60 * 1000;
const ALREADY_FAVORITE = "Already in your favorites";

/** The login page, coming back to where the visitor is now. */
function signInHref(): string {
  return `/login?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`;
}

/** The visitor chose to sign in to do this: remember it for when they are back. */
export function rememberPendingAction(kind: PendingKind, movieId: string): void {
  try {
    sessionStorage.setItem(PENDING_ACTION_KEY, JSON.stringify({ kind, movieId, at: Date.now() }));
  } catch {
    // Storage refused (private mode): they sign in and press the button again.
  }
}

/**
 * A visitor pressed a member's button: the refusal (its text unchanged) with a "Sign in" that keeps
 * the action for after. `fromKeyboard` moves focus onto "Sign in", which a toast would otherwise
 * keep out of Tab's reach until it is gone.
 */
export function askToSignIn(message: string, kind: PendingKind, movieId: string, fromKeyboard: boolean): void {
  toast.error(message, {
    id: `sign-in-to-${kind}`,
    action: { label: "Sign in", href: signInHref(), onFollow: () => rememberPendingAction(kind, movieId) },
    focusAction: fromKeyboard,
  });
}

/** The waiting action, removed as it is read so it is done once; null when none is fresh. */
export function takePendingAction(): PendingAction | null {
  let saved: string | null = null;
  try {
    saved = sessionStorage.getItem(PENDING_ACTION_KEY);
    sessionStorage.removeItem(PENDING_ACTION_KEY);
  } catch {
    return null;
  }
  if (!saved) return null;
  try {
    const action = JSON.parse(saved) as Partial<PendingAction>;
    const fresh = typeof action.at === "number" && Date.now() - action.at < PENDING_ACTION_LIFETIME_MS;
    if (!fresh || typeof action.movieId !== "string" || !["favorite", "my-list"].includes(action.kind ?? ""))
      return null;
    return action as PendingAction;
  } catch {
    return null;
  }
}

/**
 * Does what the visitor asked for, now signed in; returns the message to show and the list to reload.
 * It only ever adds: the like is a toggle on the server, so a film already liked (from another device)
 * is left as it is rather than taken out.
 */
export async function completePendingAction(action: PendingAction): Promise<{ message: string; changed: string }> {
  if (action.kind === "my-list") {
    const result = await apiFetch<{ message: string }>(myListItemUrl(action.movieId), { method: "PUT" });
    return { message: result.message, changed: MY_LIST_URL };
  }
  const favorites = await apiFetch<{ _id: string }[]>(FAVORITES_URL);
  if (favorites.some((movie) => movie._id === action.movieId))
    return { message: ALREADY_FAVORITE, changed: FAVORITES_URL };
  const result = await apiFetch<{ message: string }>(FAVORITES_URL, {
    method: "POST",
    body: { idMovie: action.movieId },
  });
  return { message: result.message, changed: FAVORITES_URL };
}
