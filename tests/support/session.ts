// A web session (NextAuth's cookie), opened as the login form does it, for tests of cookie-only rules.
import { expect } from "vitest";
import { baseUrl } from "./http";
import { freshIp } from "./users";

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

/** The `name=value` of the session cookie for these credentials. */
export async function sessionCookie(credentials: { email: string; password: string }): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookiesOf(csrf).join("; "),
      "x-forwarded-for": freshIp(),
      origin: baseUrl, // the login page's own POST: any other origin is refused (login CSRF)
    },
    body: new URLSearchParams({ ...credentials, csrfToken, callbackUrl: baseUrl, json: "true" }),
  });
  const cookie = cookiesOf(response).find((c) => c.includes("next-auth.session-token"));
  expect(cookie, "sign-in opened a session").toBeDefined();
  return cookie!;
}
