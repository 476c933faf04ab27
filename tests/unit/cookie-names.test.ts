// The names of the app's cookies over https and http (lib/auth/cookie-names.ts, docs/security.md
// "Cross-site request forgery"); tests/api/login-csrf.test.ts checks them as the app sets them.
import type { CookieOption, CookiesOptions } from "next-auth";
import { afterEach, describe, expect, test, vi } from "vitest";

const configured = ["PUBLIC_URL", "NEXTAUTH_URL"] as const;
const saved = Object.fromEntries(configured.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of configured) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  vi.resetModules();
});

/** The module as the app loads it with this environment (lib/env reads it once, at import). */
async function load(environment: Partial<Record<(typeof configured)[number], string>>) {
  for (const name of configured) delete process.env[name];
  Object.assign(process.env, environment);
  vi.resetModules();
  return import("@/lib/auth/cookie-names");
}

const each = (cookies: CookiesOptions) => Object.values(cookies) as CookieOption[];
const request = (headers: Record<string, string>) => new Headers({ host: "marquee.example", ...headers });

describe("servedOverHttps", () => {
  test("without a configured address, the request's scheme (X-Forwarded-Proto) decides", async () => {
    const { servedOverHttps } = await load({});
    expect(servedOverHttps(request({ "x-forwarded-proto": "https" }))).toBe(true);
    expect(servedOverHttps(request({ "x-forwarded-proto": "http" }))).toBe(false);
    expect(servedOverHttps(request({}))).toBe(false);
  });

  test("a configured PUBLIC_URL or NEXTAUTH_URL decides, whatever the request says", async () => {
    let { servedOverHttps } = await load({ PUBLIC_URL: "https://marquee.example" });
    expect(servedOverHttps(request({ "x-forwarded-proto": "http" }))).toBe(true);
    ({ servedOverHttps } = await load({ NEXTAUTH_URL: "http://localhost:3000" }));
    expect(servedOverHttps(request({ "x-forwarded-proto": "https" }))).toBe(false);
  });
});

describe("NextAuth's cookies", () => {
  test("over https every one is __Host- prefixed, Secure, Path=/ and without Domain", async () => {
    const { nextAuthCookies } = await load({});
    const cookies = nextAuthCookies(true);
    expect(Object.fromEntries(Object.entries(cookies).map(([key, cookie]) => [key, cookie.name]))).toEqual({
      sessionToken: "__Host-next-auth.session-token",
      callbackUrl: "__Host-next-auth.callback-url",
      csrfToken: "__Host-next-auth.csrf-token",
      pkceCodeVerifier: "__Host-next-auth.pkce.code_verifier",
      state: "__Host-next-auth.state",
      nonce: "__Host-next-auth.nonce",
    });
    for (const cookie of each(cookies)) {
      expect(cookie.options).toMatchObject({ secure: true, path: "/", httpOnly: true, sameSite: "lax" });
      expect(cookie.options).not.toHaveProperty("domain");
    }
  });

  test("over http the names are NextAuth's plain ones and nothing is Secure", async () => {
    const { nextAuthCookies } = await load({});
    const cookies = nextAuthCookies(false);
    expect(each(cookies).map((cookie) => cookie.name)).toEqual([
      "next-auth.session-token",
      "next-auth.callback-url",
      "next-auth.csrf-token",
      "next-auth.pkce.code_verifier",
      "next-auth.state",
      "next-auth.nonce",
    ]);
    for (const cookie of each(cookies)) expect(cookie.options.secure).toBe(false);
  });
});

test("a cookie is read only under the name of the request's scheme", async () => {
  const { cookieNameFor, readCookie, DEVICE_COOKIE } = await load({});
  const headers = request({
    "x-forwarded-proto": "https",
    cookie: "marquee-device=planted; __Host-marquee-device=ours",
  });
  expect(readCookie(headers, cookieNameFor(DEVICE_COOKIE, headers))).toBe("ours");
  const plain = request({ cookie: "marquee-device=local; __Host-marquee-device=not-sent-over-http" });
  expect(readCookie(plain, cookieNameFor(DEVICE_COOKIE, plain))).toBe("local");
});
