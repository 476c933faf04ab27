// Login throttling (docs/security.md "Login throttling"): shared in PostgreSQL, per IP, per (email, IP)
// pair with a growing wait, a per-email ceiling for untrusted clients, and device cookies that keep
// the owner's own allowance. The test server runs with LOGIN_EMAIL_CEILING=20 (scripts/test.ts).
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { DomainError } from "@/lib/errors";
import { TOO_MANY_LOGINS, createLoginThrottle, type LoginLimits } from "@/lib/auth/login-throttle";
import { api, baseUrl } from "../support/http";
import { freshIp, freshUser, uniqueEmail } from "../support/users";

type Credentials = { email: string; password: string };
const EMAIL_CEILING = 20;

async function loginFrom(credentials: Credentials, ip: string, deviceCookie?: string) {
  return api("POST", "/api/user", {
    body: credentials,
    headers: { "x-forwarded-for": ip, ...(deviceCookie && { cookie: deviceCookie }) },
  });
}

const deviceCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith("marquee-device="))
    ?.split(";")[0];

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

/** NextAuth's credentials sign-in, as the login form posts it; returns the session cookie and the error shown, if any. */
async function webSignIn(credentials: Credentials, ip: string, extraCookie?: string) {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: [...cookiesOf(csrf), ...(extraCookie ? [extraCookie] : [])].join("; "),
      "x-forwarded-for": ip,
      origin: baseUrl,
    },
    body: new URLSearchParams({ ...credentials, csrfToken, callbackUrl: baseUrl, json: "true" }),
  });
  const { url } = (await response.json()) as { url: string };
  return {
    session: cookiesOf(response).find((c) => c.includes("next-auth.session-token")),
    device: deviceCookieOf(response.headers),
    error: new URL(url).searchParams.get("error"),
  };
}

describe("login throttling over HTTP", () => {
  test("an account is not locked by failures from many addresses (the old per-email lock-out)", async () => {
    const user = await freshUser("nolock");
    for (let i = 0; i < 12; i++)
      expect((await loginFrom({ email: user.email, password: "wrong-pw" }, freshIp())).status).toBe(400);
    expect((await loginFrom(user, freshIp())).status).toBe(200);
  });

  test("one (email, IP) pair waits after 3 failures: 429 with Retry-After; the same email from another IP is unaffected", async () => {
    const user = await freshUser("pair");
    const ip = freshIp();
    for (let i = 0; i < 4; i++)
      expect((await loginFrom({ email: user.email, password: "wrong-pw" }, ip)).status).toBe(400);
    const waiting = await loginFrom(user, ip);
    expect(waiting).toMatchObject({ status: 429, body: { message: TOO_MANY_LOGINS } });
    const retryAfter = Number(waiting.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(5); // the first wait is LOGIN_BACKOFF_BASE_SECONDS
    expect((await loginFrom(user, freshIp())).status).toBe(200);
  });

  test("per IP across emails: after 10 failures, 429 with Retry-After for any email from that IP", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await loginFrom({ email: uniqueEmail("spray"), password: "wrong-pw" }, ip)).status).toBe(400);
    const limited = await loginFrom({ email: uniqueEmail("other"), password: "wrong-pw" }, ip);
    expect(limited).toMatchObject({ status: 429, body: { message: TOO_MANY_LOGINS } });
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  test("the owner's browser keeps signing in with its device cookie while an attacker is throttled, by IP and by the email ceiling", async () => {
    const owner = await freshUser("owner");
    const ownerIp = freshIp();
    const first = await loginFrom(owner, ownerIp);
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first.headers);
    expect(device).toBeDefined();

    // The attacker sprays other emails from the owner's own address (a shared NAT) ...
    for (let i = 0; i < 10; i++) await loginFrom({ email: uniqueEmail("spray"), password: "wrong-pw" }, ownerIp);
    // ... and fails on the owner's email from many addresses, up to the ceiling.
    for (let i = 0; i < EMAIL_CEILING; i++)
      expect((await loginFrom({ email: owner.email, password: "wrong-pw" }, freshIp())).status).toBe(400);

    // Without the device cookie, even the right password waits: by IP, and by the email ceiling.
    expect((await loginFrom(owner, ownerIp)).status).toBe(429);
    const ceiling = await loginFrom(owner, freshIp());
    expect(ceiling).toMatchObject({ status: 429, body: { message: TOO_MANY_LOGINS } });
    expect(Number(ceiling.headers.get("retry-after"))).toBeGreaterThan(0);

    // With it, the owner signs in, on the API and in the web form alike.
    expect((await loginFrom(owner, ownerIp, device)).status).toBe(200);
    expect((await webSignIn(owner, ownerIp, device)).session).toBeDefined();
    // The web form reports the limit as its error for a browser without the cookie.
    expect(await webSignIn(owner, freshIp())).toMatchObject({ session: undefined, error: TOO_MANY_LOGINS });
  });

  test("a device cookie counts only for its own account", async () => {
    const owner = await freshUser("devowner");
    const device = deviceCookieOf((await loginFrom(owner, freshIp())).headers);
    const victim = await freshUser("devvictim");
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await loginFrom({ email: victim.email, password: "wrong-pw" }, ip, device);
    // The cookie is for another email: the victim's (email, IP) pair is throttled as for anyone.
    expect((await loginFrom(victim, ip, device)).status).toBe(429);
  });

  test("the web sign-in gives the browser a device cookie too", async () => {
    const user = await freshUser("webdevice");
    const signedIn = await webSignIn(user, freshIp());
    expect(signedIn.session).toBeDefined();
    expect(signedIn.device).toMatch(/^marquee-device=/);
  });
});

describe("login throttling in PostgreSQL", () => {
  const limits: LoginLimits = {
    perIp: 3,
    perDevice: 2,
    emailCeiling: 5,
    windowSeconds: 600,
    backoffAfter: 1,
    backoffBaseSeconds: 60,
  };
  // Two pools, as two app instances would have: counts must be shared through the table.
  const pools = [
    new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }),
    new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }),
  ];
  const [first, second] = pools.map((pool) => createLoginThrottle(pool, limits)) as [
    ReturnType<typeof createLoginThrottle>,
    ReturnType<typeof createLoginThrottle>,
  ];
  afterAll(() => Promise.all(pools.map((pool) => pool.end())));

  const retryAfter = async (check: Promise<void>) => {
    const error = await check.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof DomainError)) return null;
    expect(error).toMatchObject({ kind: "rate-limited", message: TOO_MANY_LOGINS });
    return error.details.retryAfterSeconds;
  };

  test("failures counted by one instance throttle the other (per IP)", async () => {
    const ip = freshIp();
    for (let i = 0; i < limits.perIp; i++)
      await (i % 2 ? first : second).recordFailure(uniqueEmail("db"), { ip, deviceId: null });
    expect(await retryAfter(second.check(uniqueEmail("db"), { ip, deviceId: null }))).toBeGreaterThan(0);
    expect(await retryAfter(first.check(uniqueEmail("db"), { ip, deviceId: null }))).toBeGreaterThan(0);
  });

  test("concurrent failures from two instances are all counted (atomic upserts)", async () => {
    const email = uniqueEmail("race");
    await Promise.all(
      Array.from({ length: limits.emailCeiling }, (_, i) =>
        (i % 2 ? first : second).recordFailure(email, { ip: freshIp(), deviceId: null }),
      ),
    );
    expect(await retryAfter(first.check(email, { ip: freshIp(), deviceId: null }))).toBeGreaterThan(0);
  });

  test("a pair's wait doubles with every failure; a success clears it", async () => {
    const email = uniqueEmail("backoff");
    const client = { ip: null, deviceId: null }; // no IP: only the pair's wait can answer here
    await first.recordFailure(email, client); // the one free failure
    expect(await retryAfter(second.check(email, client))).toBeNull();
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await (i % 2 ? first : second).recordFailure(email, client);
      waits.push((await retryAfter(first.check(email, client)))!);
    }
    // 60 s, 120 s, 240 s (give or take the second the test takes).
    expect(waits[0]).toBeGreaterThan(55);
    expect(waits[0]).toBeLessThanOrEqual(60);
    expect(waits[1]).toBeGreaterThan(115);
    expect(waits[1]).toBeLessThanOrEqual(120);
    expect(waits[2]).toBeGreaterThan(235);
    expect(waits[2]).toBeLessThanOrEqual(240);
    await second.recordSuccess(email, client);
    expect(await retryAfter(first.check(email, client))).toBeNull();
  });

  test("a trusted device has its own allowance, untouched by the email's ceiling", async () => {
    const email = uniqueEmail("device");
    for (let i = 0; i < limits.emailCeiling; i++) await first.recordFailure(email, { ip: freshIp(), deviceId: null });
    expect(await retryAfter(second.check(email, { ip: freshIp(), deviceId: null }))).toBeGreaterThan(0);
    const device = { ip: freshIp(), deviceId: crypto.randomUUID() };
    expect(await retryAfter(second.check(email, device))).toBeNull();
    for (let i = 0; i < limits.perDevice; i++) await second.recordFailure(email, device);
    expect(await retryAfter(first.check(email, device))).toBeGreaterThan(0);
  });
});
