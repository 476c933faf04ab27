// Re-entering the password while signed in (changing the password or the email, deleting the
// account) is throttled like a login (issue 38 item 4): past the limit every attempt, the right
// password too, is 429 with Retry-After, and the owner is mailed. A browser that signed in to the
// account before (its device cookie) keeps its own allowance.
import { describe, expect, test } from "vitest";
import { api, baseUrl } from "../support/http";
import { mailbox, waitForMail } from "../support/mail";
import { sessionCookie } from "../support/session";
import { freshIp, freshUser, login, uniqueEmail, type TestUser } from "../support/users";

/** LOGIN_RATE_LIMIT, which `npm test` leaves at its default. */
const LIMIT = 10;
const TOO_MANY = "Too many wrong passwords, please try again later";
const NOTICE_SUBJECT = "Wrong passwords were entered on your Marquee account";

const changePassword = (user: TestUser, oldPassword: string, headers?: Record<string, string>) =>
  api("PUT", "/api/user/password", {
    ...(headers ? { headers } : { token: user.token }),
    body: { oldPassword, newPassword: "newpass1" },
  });
const changeEmail = (user: TestUser, password: string) =>
  api("POST", "/api/user/email", { token: user.token, body: { email: uniqueEmail("reauthmove"), password } });
const deleteAccount = (user: TestUser, password: string) =>
  api("DELETE", "/api/user", { token: user.token, body: { password } });

/** The `marquee-device` cookie a sign-in through POST /api/user gives the browser. */
async function deviceCookie(user: TestUser): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("marquee-device="));
  expect(cookie, "sign-in set a device cookie").toBeDefined();
  return cookie!;
}

describe("password re-entry while signed in", () => {
  test("PUT /api/user/password: wrong passwords answer as before up to the limit, then 429 even for the right one; the owner is mailed", async () => {
    const user = await freshUser("reauthpw");
    for (let i = 0; i < LIMIT; i++)
      expect(await changePassword(user, "wrong-pw")).toMatchObject({
        status: 400,
        body: { message: "Old password is incorrect", errors: { oldPassword: ["Old password is incorrect"] } },
      });
    const refused = await changePassword(user, "wrong-pw");
    expect(refused).toMatchObject({ status: 429, body: { message: TOO_MANY } });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The right password is no oracle either: refused, and nothing changed.
    expect(await changePassword(user, user.password)).toMatchObject({ status: 429, body: { message: TOO_MANY } });
    expect(await login({ email: user.email, password: user.password })).toEqual(expect.any(String));

    const [notice] = await waitForMail(user.email, NOTICE_SUBJECT);
    expect(notice!.text).toContain(`${LIMIT} wrong passwords`);
    expect(notice!.text).toContain("change your password");
    // One notice, not one per refused attempt.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await mailbox(user.email)).filter((mail) => mail.subject === NOTICE_SUBJECT)).toHaveLength(1);
  });

  test("the email change and account deletion share the member's count, and keep their answers below the limit", async () => {
    const user = await freshUser("reauthshared");
    for (let i = 0; i < LIMIT / 2; i++)
      expect(await changeEmail(user, "wrong-pw")).toMatchObject({
        status: 400,
        body: { message: "Password is incorrect", errors: { password: ["Password is incorrect"] } },
      });
    for (let i = 0; i < LIMIT / 2; i++)
      expect(await deleteAccount(user, "wrong-pw")).toMatchObject({
        status: 400,
        body: { message: "Password is incorrect", errors: { password: ["Password is incorrect"] } },
      });
    for (const attempt of [
      () => changeEmail(user, user.password),
      () => deleteAccount(user, user.password),
      () => changePassword(user, user.password),
    ]) {
      const refused = await attempt();
      expect(refused).toMatchObject({ status: 429, body: { message: TOO_MANY } });
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    // The account is still there, with its password and email.
    expect(await login({ email: user.email, password: user.password })).toEqual(expect.any(String));
  });

  test("the owner's browser, with its device cookie, keeps its own allowance while another client is refused", async () => {
    const user = await freshUser("reauthdevice");
    const device = await deviceCookie(user);
    const session = await sessionCookie(user);
    for (let i = 0; i < LIMIT; i++) expect((await changePassword(user, "wrong-pw")).status).toBe(400);
    expect((await changePassword(user, user.password)).status).toBe(429);

    const fromOwnersBrowser = { cookie: `${session}; ${device}`, origin: baseUrl };
    expect(await changePassword(user, user.password, fromOwnersBrowser)).toMatchObject({
      status: 200,
      body: { message: "Password updated successfully" },
    });
  });

  test("the device's own allowance is limited too", async () => {
    const user = await freshUser("reauthdevicelimit");
    const device = await deviceCookie(user);
    const fromBrowser = { cookie: `${await sessionCookie(user)}; ${device}`, origin: baseUrl };
    for (let i = 0; i < LIMIT; i++) expect((await changePassword(user, "wrong-pw", fromBrowser)).status).toBe(400);
    expect(await changePassword(user, user.password, fromBrowser)).toMatchObject({
      status: 429,
      body: { message: TOO_MANY },
    });
  });
});
