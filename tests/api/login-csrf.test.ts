// Login CSRF (docs/security.md "Cross-site request forgery"): a page on another port of the same host
// fetches /api/auth/csrf, plants NextAuth's csrf cookie in the victim's browser (cookies do not tell
// ports apart) and auto-submits the attacker's credentials; the victim would then watch, review and
// upload in the attacker's account. Every POST to /api/auth/* must come from the site's own pages.
// And over https every cookie the app sets is `__Host-` prefixed, so no subdomain can plant one.
import { describe, expect, test } from "vitest";
import { api, baseUrl } from "../support/http";
import { freshIp, freshUser } from "../support/users";

const site = new URL(baseUrl);
/** The same host on another port: the same *site* to the browser, another origin. */
const OTHER_PORT = `${site.protocol}//${site.hostname}:${Number(site.port) + 1}`;
const REFUSED = { status: 403, body: { message: "Cross-site request refused" } };

const namesOf = (setCookies: string[]) => setCookies.map((c) => c.slice(0, c.indexOf("=")));
const pairsOf = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]!);

/** NextAuth's csrf token and the cookie that goes with it, as any page can fetch them. */
async function csrf(headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/api/auth/csrf`, { headers });
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { csrfToken, setCookies: response.headers.getSetCookie() };
}

/** A form POST to NextAuth, with a valid csrf token and cookie, and the given request headers. */
async function authPost(path: string, fields: Record<string, string>, headers: Record<string, string>, cookie = "") {
  const token = await csrf({ "x-forwarded-proto": headers["x-forwarded-proto"] ?? "http" });
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: [...pairsOf(token.setCookies), ...(cookie ? [cookie] : [])].join("; "),
      "x-forwarded-for": freshIp(),
      ...headers,
    },
    body: new URLSearchParams({ ...fields, csrfToken: token.csrfToken, callbackUrl: baseUrl, json: "true" }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, setCookies: response.headers.getSetCookie() };
}

describe("a sign-in posted by another page is refused (login CSRF)", () => {
  test.each([
    ["Origin: another port of the same host", { origin: OTHER_PORT }],
    ["Origin: another site", { origin: "https://evil.example" }],
    ["Origin: null (a sandboxed or privacy-redirected page)", { origin: "null" }],
    ["Sec-Fetch-Site: same-site, no Origin", { "sec-fetch-site": "same-site" }],
    ["Sec-Fetch-Site: cross-site, no Origin", { "sec-fetch-site": "cross-site" }],
    ["neither Origin nor Sec-Fetch-Site", {}],
  ])("%s: 403, and no session is opened", async (_, headers: Record<string, string>) => {
    const attacker = await freshUser("csrf-attacker");
    const response = await authPost(
      "/api/auth/callback/credentials",
      { email: attacker.email, password: attacker.password },
      headers,
    );
    expect({ status: response.status, body: response.body }).toEqual(REFUSED);
    expect(namesOf(response.setCookies).filter((name) => name.includes("session-token"))).toEqual([]);
  });

  test.each([
    ["the token sign-in", "/api/auth/callback/token", { token: "x" }],
    ["the passkey sign-in", "/api/auth/callback/passkey", { response: "{}" }],
    ["the Google hand-over", "/api/auth/callback/handover", { code: "x" }],
    ["Google's sign-in", "/api/auth/signin/google", {}],
    ["the credentials sign-in page's POST", "/api/auth/signin/credentials", {}],
    ["the Google callback", "/api/auth/callback/google", {}],
  ])("%s (%s) from another port is refused too", async (_, path, fields) => {
    const response = await authPost(path, fields, { origin: OTHER_PORT });
    expect({ status: response.status, body: response.body }).toEqual(REFUSED);
    expect(response.setCookies).toEqual([]);
  });

  test("sign-out from another port is refused and the session lives on", async () => {
    const user = await freshUser("csrf-signout");
    const signedIn = await authPost(
      "/api/auth/callback/credentials",
      { email: user.email, password: user.password },
      { origin: baseUrl },
    );
    const session = pairsOf(signedIn.setCookies).find((c) => c.startsWith("next-auth.session-token="))!;
    const response = await authPost("/api/auth/signout", {}, { origin: OTHER_PORT }, session);
    expect({ status: response.status, body: response.body }).toEqual(REFUSED);
    expect((await api("GET", "/api/auth/session", { headers: { cookie: session } })).body).toMatchObject({
      user: { email: user.email },
    });
  });

  test.each([
    ["Origin: the site itself", { origin: baseUrl }],
    ["Sec-Fetch-Site: same-origin, no Origin", { "sec-fetch-site": "same-origin" }],
  ])("the site's own sign-in still works (%s)", async (_, headers: Record<string, string>) => {
    const user = await freshUser("csrf-own");
    const response = await authPost(
      "/api/auth/callback/credentials",
      { email: user.email, password: user.password },
      headers,
    );
    expect(response).toMatchObject({ status: 200, body: { url: baseUrl } });
    const session = pairsOf(response.setCookies).find((c) => c.startsWith("next-auth.session-token="));
    expect(session).toBeDefined();
    expect((await api("GET", "/api/auth/session", { headers: { cookie: session! } })).body).toMatchObject({
      user: { email: user.email },
    });
  });
});

describe("over https every cookie is __Host- prefixed", () => {
  // No PUBLIC_URL in the suite: the scheme is the request's (X-Forwarded-Proto, as a proxy sends it).
  const https = { "x-forwarded-proto": "https" };
  const httpsOrigin = baseUrl.replace(/^http:/, "https:");
  /** Secure, Path=/ and no Domain: what the browser requires of a __Host- cookie. */
  const expectHostCookie = (setCookie: string, name: string) => {
    expect(setCookie.slice(0, setCookie.indexOf("="))).toBe(name);
    const attributes = setCookie.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["path=/", "secure", "httponly", "samesite=lax"]));
    expect(attributes.some((part) => part.startsWith("domain="))).toBe(false);
  };

  test("NextAuth's csrf, callback URL and session cookies, and the device cookie", async () => {
    const token = await csrf(https);
    expect(namesOf(token.setCookies).sort()).toEqual(["__Host-next-auth.callback-url", "__Host-next-auth.csrf-token"]);
    for (const setCookie of token.setCookies) expectHostCookie(setCookie, setCookie.slice(0, setCookie.indexOf("=")));

    const user = await freshUser("https-cookies");
    const response = await authPost(
      "/api/auth/callback/credentials",
      { email: user.email, password: user.password },
      { ...https, origin: httpsOrigin },
    );
    expect(response.status).toBe(200);
    // (The callback URL's cookie came with the csrf token, already for this callbackUrl.)
    expect(namesOf(response.setCookies).sort()).toEqual(["__Host-marquee-device", "__Host-next-auth.session-token"]);
    for (const setCookie of response.setCookies)
      expectHostCookie(setCookie, setCookie.slice(0, setCookie.indexOf("=")));
  });

  test("the session is read under the name of the request's scheme, by the API, NextAuth and the page proxy", async () => {
    const user = await freshUser("https-reads");
    const response = await authPost(
      "/api/auth/callback/credentials",
      { email: user.email, password: user.password },
      { ...https, origin: httpsOrigin },
    );
    const prefixed = pairsOf(response.setCookies).find((c) => c.startsWith("__Host-next-auth.session-token="))!;
    // The same value under the plain name is not ours over https (a subdomain could have planted it),
    // and the prefixed one is not read over http, where the browser never sends it.
    const plain = prefixed.replace(/^__Host-/, "");
    const favorites = (cookie: string, headers: Record<string, string>) =>
      api("GET", "/api/user/favorite", { headers: { cookie, ...headers } });
    expect((await favorites(prefixed, https)).status).toBe(200);
    expect((await favorites(plain, https)).status).toBe(401);
    expect((await favorites(prefixed, {})).status).toBe(401);

    const session = (cookie: string) => api("GET", "/api/auth/session", { headers: { cookie, ...https } });
    expect((await session(prefixed)).body).toMatchObject({ user: { email: user.email } });
    expect((await session(plain)).body).toEqual({});

    const login = (cookie: string) =>
      fetch(`${baseUrl}/login`, { redirect: "manual", headers: { cookie, ...https } }).then((r) => ({
        status: r.status,
        location: r.headers.get("location") && new URL(r.headers.get("location")!, baseUrl).pathname,
      }));
    expect(await login(prefixed)).toEqual({ status: 307, location: "/profile" });
    expect((await login(plain)).status).toBe(200);
  });

  test("the Google hand-over's state cookie", async () => {
    const response = await fetch(`${baseUrl}/auth/google`, { headers: https });
    expect(response.status).toBe(200);
    const [setCookie] = response.headers.getSetCookie();
    expectHostCookie(setCookie!, "__Host-marquee-google-state");
  });

  test("over http the names stay plain, so a local install works", async () => {
    const token = await csrf();
    expect(namesOf(token.setCookies).sort()).toEqual(["next-auth.callback-url", "next-auth.csrf-token"]);
    for (const setCookie of token.setCookies) expect(setCookie).not.toContain("Secure");
  });
});
