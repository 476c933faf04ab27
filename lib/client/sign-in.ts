// Texts and parsing for the login page's extra ways in: Google, and the `/login?data=` hand-over.

export const GOOGLE_UNAVAILABLE_MESSAGE = "Google sign-in is not available on this server";
/** What pages say when a call finds the session gone; the API's own 401 message is for API clients. */
export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";
/** The `/login?error=` code the browser is sent to after such a call. */
export const SESSION_ENDED_CODE = "session-ended";
export const INVALID_HAND_OVER_MESSAGE = "This sign-in link is invalid or has expired. Please log in.";
const GOOGLE_DENIED_MESSAGE = "Google sign-in was cancelled, so you are not signed in.";
const GOOGLE_UNVERIFIED_MESSAGE =
  "Google has not verified this email address, so it cannot sign in here. Sign in with your password instead.";

/** `/login?error=` comes from a page whose session ended, our Google routes or NextAuth's own error redirects. */
export function signInErrorMessage(code: string): string {
  if (code === SESSION_ENDED_CODE) return SESSION_ENDED_MESSAGE;
  if (code === "google-unavailable") return GOOGLE_UNAVAILABLE_MESSAGE;
  if (code === "google-denied") return GOOGLE_DENIED_MESSAGE;
  if (code === "google-unverified") return GOOGLE_UNVERIFIED_MESSAGE;
  if (code === "AccessDenied") return "Sign-in was cancelled or refused";
  return "Google sign-in failed. Please try again.";
}

/** Login and sign-up link to each other keeping the page to come back to (`?callbackUrl=`). */
export const withCallback = (page: "/login" | "/register", callbackPath: string | undefined) =>
  callbackPath ? `${page}?callbackUrl=${encodeURIComponent(callbackPath)}` : page;

/** Where a finished reset leaves its address for the login form: this tab only, read once. */
const LOGIN_EMAIL_KEY = "marquee.loginEmail";

/**
 * After a password reset the login form opens with the account's address filled in, so only the new
 * password is typed. Handed over in the tab's sessionStorage, not the URL: an address in the address
 * bar would stay in the history and in the server's logs.
 */
export function rememberEmailForLogin(email: string): void {
  try {
    sessionStorage.setItem(LOGIN_EMAIL_KEY, email);
  } catch {
    // Storage refused (private mode, quota): the form opens empty, as before.
  }
}

/** The address a reset left for the login form, once; null when there is none. */
export function takeEmailForLogin(): string | null {
  try {
    const email = sessionStorage.getItem(LOGIN_EMAIL_KEY);
    sessionStorage.removeItem(LOGIN_EMAIL_KEY);
    return email;
  } catch {
    return null;
  }
}

/**
 * What Marquee's own /login does with `?data=` (docs/product.md "Login"): sign in with the one-time
 * `code` of the Google sign-in this browser started, when there is one; the token inside `data` is
 * never used here (any link could carry one: login CSRF). Null means "refuse with a toast".
 */
export function handOverCode(data: string | undefined, code: string | undefined): string | null {
  if (data === undefined || !code) return null;
  return /^[A-Za-z0-9_-]{20,100}$/.test(code) ? code : null;
}
