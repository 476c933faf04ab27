// Texts and parsing for the login page's extra ways in: Google, and the `/login?data=` hand-over.

export const GOOGLE_UNAVAILABLE_MESSAGE = "Google sign-in is not available on this server";
/** What pages say when a call finds the session gone; the API's own 401 message is for API clients. */
export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";
/** The `/login?error=` code the browser is sent to after such a call. */
export const SESSION_ENDED_CODE = "session-ended";
export const INVALID_HAND_OVER_MESSAGE = "This sign-in link is invalid or has expired. Please log in.";

/** `/login?error=` comes from a page whose session ended, our Google routes or NextAuth's own error redirects. */
export function signInErrorMessage(code: string): string {
  if (code === SESSION_ENDED_CODE) return SESSION_ENDED_MESSAGE;
  if (code === "google-unavailable") return GOOGLE_UNAVAILABLE_MESSAGE;
  if (code === "AccessDenied") return "Sign-in was cancelled or refused";
  return "Google sign-in failed. Please try again.";
}

/** The token of a `data` parameter holding UserInfo JSON, else null. Nothing else in it is trusted. */
export function tokenFromHandOver(data: string): string | null {
  try {
    const parsed: unknown = JSON.parse(data);
    const token = parsed && typeof parsed === "object" ? (parsed as { token?: unknown }).token : undefined;
    return typeof token === "string" && token.length > 0 ? token : null;
  } catch {
    return null;
  }
}
