// Google sign-in's entry points, with Google configured as the tests run it: GOOGLE_ISSUER is the
// local OpenID provider of tests/support/services.ts. The whole flow in a browser (consent, the
// account it opens, the hand-over to the other client) is e2e/google-sign-in.spec.ts; the app
// without Google at all is tests/api/without-services.test.ts.
import { describe, expect, test } from "vitest";
import { api, baseUrl } from "../support/http";

const issuer = process.env.GOOGLE_ISSUER!;
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

describe("/auth/google and /auth/google/callback", () => {
  test("/auth/google answers the page that starts NextAuth's flow, with a state cookie and a policy that lets it reach the provider", async () => {
    const response = await fetch(`${baseUrl}/auth/google?redirect=${encodeURIComponent("http://spa.example.test")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("set-cookie")).toMatch(
      /^marquee-google-state=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/,
    );
    const policies = response.headers.get("content-security-policy")!;
    expect(policies).toContain(`form-action 'self' ${new URL(issuer).origin};`);
    expect(policies).not.toContain(","); // one policy, not the static one as well
    const page = await response.text();
    expect(page).toContain('action="/api/auth/signin/google"');
    expect(page).toContain(`value="/auth/google/callback?redirect=${encodeURIComponent("http://spa.example.test")}"`);
  });

  test("NextAuth's sign-in sends the browser to the provider, with state and PKCE, to come back to /api/auth/callback/google", async () => {
    const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await fetch(`${baseUrl}/api/auth/signin/google`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookiesOf(csrf).join("; "),
        origin: baseUrl,
      },
      body: new URLSearchParams({ csrfToken, callbackUrl: "/" }),
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(`${issuer}/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: "marquee-test-client",
      response_type: "code",
      scope: "openid email profile",
      redirect_uri: `${baseUrl}/api/auth/callback/google`,
      code_challenge_method: "S256",
      state: expect.any(String),
      code_challenge: expect.any(String),
    });
  });

  test("a cancelled or refused consent comes back to /login, which says so", async () => {
    const response = await api("GET", "/api/auth/callback/google?error=access_denied&state=x");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${baseUrl}/login?error=google-denied`);
  });

  test("the callback without a completed Google sign-in goes to /login with an error", async () => {
    const response = await api("GET", "/auth/google/callback");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${baseUrl}/login?error=google-failed`);
  });

  test.each([
    ["another origin", "https://evil.example"],
    ["a look-alike host", "http://spa.example.test.evil.example"],
    ["not a URL", "javascript:alert(1)"],
  ])("%s as redirect is refused with 400, before anything else", async (_label, redirect) => {
    for (const path of ["/auth/google", "/auth/google/callback"]) {
      const response = await api("GET", `${path}?redirect=${encodeURIComponent(redirect)}`);
      expect(response).toMatchObject({ status: 400, body: { message: "redirect must be one of the allowed origins" } });
    }
  });

  test("NextAuth lists the google provider beside the password, passkey and hand-over ones", async () => {
    const providers = await api("GET", "/api/auth/providers");
    expect(providers.status).toBe(200);
    expect(Object.keys(providers.body).sort()).toEqual(["credentials", "google", "handover", "passkey", "token"]);
  });
});
