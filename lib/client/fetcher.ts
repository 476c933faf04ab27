// The one way client components call /api: JSON in and out, the session cookie authenticates, and a
// failure throws an ApiError carrying the text to show (docs/product.md "Messages"). A 401 means the session is
// gone (password changed elsewhere, account deleted): docs/product.md "Login" signs the user out.
import { SESSION_ENDED_CODE, SESSION_ENDED_MESSAGE } from "./sign-in";

export const FALLBACK_ERROR = "Something went wrong.";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

let signingOut = false;

/**
 * Ends the web session and goes to the login page, which says why, once however many calls fail
 * together. NextAuth's client is loaded then: every page uses this module, few ever need it.
 */
function signOutAfterUnauthorized() {
  if (signingOut) return;
  signingOut = true;
  void import("next-auth/react").then(({ signOut }) => signOut({ callbackUrl: `/login?error=${SESSION_ENDED_CODE}` }));
}

export async function apiFetch<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? "GET",
    headers: init.body === undefined ? undefined : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: "same-origin",
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a proxy's error page): fall back to the generic message below
  }
  if (!response.ok) {
    const body = (data ?? {}) as { message?: unknown; error?: unknown; errors?: Record<string, string[]> };
    const message =
      typeof body.message === "string" ? body.message : typeof body.error === "string" ? body.error : FALLBACK_ERROR;
    if (response.status === 401) {
      signOutAfterUnauthorized();
      throw new ApiError(SESSION_ENDED_MESSAGE, 401);
    }
    throw new ApiError(message, response.status, body.errors);
  }
  return data as T;
}

/** SWR's fetcher: the key is the API URL. */
export const fetcher = <T>(url: string) => apiFetch<T>(url);

export const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : FALLBACK_ERROR;
