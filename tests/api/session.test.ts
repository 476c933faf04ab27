// The web sign-in (NextAuth): its session cookie must identify the same user as the bearer token.
import { describe, expect, test } from "vitest";
import { api, baseUrl } from "../support/http";
import { freshIp, freshUser } from "../support/users";

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

/** Signs in through a NextAuth provider as a browser form would; returns the cookies and where it redirected. */
async function signIn(provider: "credentials" | "token", fields: Record<string, string>) {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/api/auth/callback/${provider}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookiesOf(csrf).join("; "),
      "x-forwarded-for": freshIp(),
      origin: baseUrl,
    },
    body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: baseUrl, json: "true" }),
  });
  const cookie = cookiesOf(response).find((c) => c.includes("next-auth.session-token"));
  // With json=true NextAuth answers the redirect as `{ url }` instead of a Location header.
  const location = response.headers.get("location") ?? ((await response.json()) as { url: string }).url;
  return { cookie, location };
}

describe("NextAuth sessions", () => {
  test("credentials sign-in opens a session that the API accepts", async () => {
    const user = await freshUser("web");
    const { cookie } = await signIn("credentials", { email: user.email.toUpperCase(), password: user.password });
    expect(cookie).toBeDefined();
    const favorites = await api("GET", "/api/user/favorite", { headers: { cookie: cookie! } });
    expect(favorites).toMatchObject({ status: 200, body: [] });
    // A browser sends Origin with every PUT; without it a cookie-authenticated write is refused.
    const profile = await api("PUT", "/api/user", {
      headers: { cookie: cookie!, origin: baseUrl },
      body: { fullName: "Via Cookie", email: user.email },
    });
    expect(profile.body).toMatchObject({ _id: user._id, fullName: "Via Cookie" });
  });

  test("a wrong password opens no session and reports the API's message", async () => {
    const user = await freshUser("webwrong");
    const { cookie, location } = await signIn("credentials", { email: user.email, password: "wrong-pw" });
    expect(cookie).toBeUndefined();
    expect(decodeURIComponent(location)).toContain("error=Email or password is invalid");
  });

  test("the token provider opens a session for a valid bearer token only", async () => {
    const user = await freshUser("webtoken");
    const { cookie } = await signIn("token", { token: user.token });
    expect((await api("GET", "/api/user/favorite", { headers: { cookie: cookie! } })).status).toBe(200);
    const forged = await signIn("token", { token: `${user.token}x` });
    expect(forged.cookie).toBeUndefined();
  });

  test("a password change ends the web session too", async () => {
    const user = await freshUser("webpw");
    const { cookie } = await signIn("credentials", { email: user.email, password: user.password });
    await api("PUT", "/api/user/password", {
      token: user.token,
      body: { oldPassword: user.password, newPassword: "changed1", comfirmPassword: "changed1" },
    });
    expect(await api("GET", "/api/user/favorite", { headers: { cookie: cookie! } })).toMatchObject({ status: 401 });
  });
});

describe("sessions end on the server", () => {
  /** NextAuth's sign-out as the site's menu posts it, with the given session cookie. */
  async function signOut(sessionCookie: string) {
    const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await fetch(`${baseUrl}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: [...cookiesOf(csrf), sessionCookie].join("; "),
        origin: baseUrl,
      },
      body: new URLSearchParams({ csrfToken, callbackUrl: baseUrl, json: "true" }),
    });
    expect(response.status).toBe(200);
  }

  const sessionOf = (cookie: string) => api("GET", "/api/auth/session", { headers: { cookie } });

  test("a copy of the cookie stops working once its session signs out", async () => {
    const user = await freshUser("signout");
    const { cookie } = await signIn("credentials", { email: user.email, password: user.password });
    const copy = cookie!;
    expect((await api("GET", "/api/user/favorite", { headers: { cookie: copy } })).status).toBe(200);
    expect((await sessionOf(copy)).body).toMatchObject({ user: { email: user.email } });

    await signOut(cookie!);
    expect(await api("GET", "/api/user/favorite", { headers: { cookie: copy } })).toMatchObject({
      status: 401,
      body: { message: "Not authorized, no token" },
    });
    expect(await sessionOf(copy)).toMatchObject({ status: 200, body: {} });
    // Pages see it signed out too.
    const profile = await fetch(`${baseUrl}/profile`, { headers: { cookie: copy }, redirect: "manual" });
    expect(profile.status).toBe(307);
    expect(new URL(profile.headers.get("location")!, baseUrl).pathname).toBe("/login");
  });

  test("signing out one browser leaves the user's other sessions alone", async () => {
    const user = await freshUser("twobrowsers");
    const one = await signIn("credentials", { email: user.email, password: user.password });
    const two = await signIn("credentials", { email: user.email, password: user.password });
    await signOut(one.cookie!);
    expect((await api("GET", "/api/user/favorite", { headers: { cookie: two.cookie! } })).status).toBe(200);
  });

  test("a deleted user's session endpoint returns no user", async () => {
    const user = await freshUser("deleted");
    const { cookie } = await signIn("credentials", { email: user.email, password: user.password });
    expect((await sessionOf(cookie!)).body).toMatchObject({ user: { email: user.email, name: user.fullName } });
    expect((await api("DELETE", "/api/user", { token: user.token })).status).toBe(200);
    expect(await sessionOf(cookie!)).toMatchObject({ status: 200, body: {} });
  });
});
