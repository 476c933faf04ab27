// Password reset by email (issue 25 item 1): the mail is read from the test SMTP server
// (tests/support/services.ts), as a member's mail client would receive it.
import { createHash } from "node:crypto";
import { afterAll, describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { api, baseUrl } from "../support/http";
import { latestMail, linkIn, mailbox, tokenIn, waitForMail } from "../support/mail";
import { sessionCookie } from "../support/session";
import { freshIp, freshUser, login, uniqueEmail } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
afterAll(() => db.$disconnect());

const RESET_SUBJECT = "Reset your Marquee password";
const SAME_ANSWER =
  "If an account uses that email, a link to choose a new password is on its way. It works for 30 minutes.";
const LINK_INVALID = "This password reset link is invalid or has expired. Ask for a new one.";

const requestReset = (email: string, ip = freshIp()) =>
  api("POST", "/api/user/password-reset", { body: { email }, headers: { "x-forwarded-for": ip } });
const confirmReset = (body: Record<string, unknown>) => api("POST", "/api/user/password-reset/confirm", { body });

/** Asks for a link for `email` and answers its token, from the newest reset mail received. */
async function resetToken(email: string, count = 1): Promise<string> {
  expect((await requestReset(email)).status).toBe(200);
  return tokenIn(await latestMail(email, RESET_SUBJECT, count), "/reset-password");
}

describe("POST /api/user/password-reset", () => {
  test("answers the same for an unknown email as for a member's; only the member gets a mail", async () => {
    const user = await freshUser("forgot");
    const unknown = uniqueEmail("nobody");
    const known = await requestReset(user.email.toUpperCase());
    const stranger = await requestReset(unknown);
    expect(known).toMatchObject({ status: 200, body: { message: SAME_ANSWER } });
    expect(stranger).toMatchObject({ status: 200, body: { message: SAME_ANSWER } });
    expect(Object.keys(stranger.body as object)).toEqual(Object.keys(known.body as object));

    const [mail] = await waitForMail(user.email, RESET_SUBJECT);
    expect(mail).toMatchObject({ from: "Marquee <no-reply@marquee.test>", to: user.email, alternative: true });
    // Plain text and HTML, the link on the site's address in both.
    const link = linkIn(mail!, "/reset-password");
    expect(link.origin).toBe(baseUrl);
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.text).toContain("The link works once, for 30 minutes.");
    expect(mail!.html).toContain(`href="${link.href}"`);
    expect(mail!.html).toContain("Choose a new password");
    // The mail for the member came; none for the unknown address (asked at the same moment).
    expect(await mailbox(unknown)).toEqual([]);
  });

  test("stores only the token's hash", async () => {
    const user = await freshUser("hashonly");
    const token = await resetToken(user.email);
    const rows = await db.accountToken.findMany({ where: { userId: user._id, purpose: "password_reset" } });
    expect(rows.map((row) => row.tokenHash)).toEqual([createHash("sha256").update(token).digest("base64url")]);
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
  });

  test("is limited per email (3 an hour, an unknown email too) with 429 and Retry-After", async () => {
    for (const email of [(await freshUser("resetlimit")).email, uniqueEmail("resetlimitnobody")]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email)).status).toBe(200);
      const refused = await requestReset(email);
      expect(refused).toMatchObject({
        status: 429,
        body: { message: "Too many password reset requests, please try again later" },
      });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    }
  });

  test("is limited per client address (10 an hour) whatever the emails", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await requestReset(uniqueEmail("resetip"), ip)).status).toBe(200);
    const refused = await requestReset(uniqueEmail("resetip"), ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await requestReset(uniqueEmail("resetip"))).status).toBe(200); // another address
  });

  test("refuses what is not an email, as login does", async () => {
    expect(await requestReset("not-an-email")).toMatchObject({
      status: 400,
      body: { message: "Email is not valid", errors: { email: ["Email is not valid"] } },
    });
    expect((await api("POST", "/api/user/password-reset", { body: {} })).body.message).toBe("Email is required");
  });
});

describe("POST /api/user/password-reset/confirm", () => {
  test("sets the password once, ends every session and token, and tells the member", async () => {
    const user = await freshUser("resetme");
    const cookie = await sessionCookie(user);
    const token = await resetToken(user.email);
    // The link does nothing by being opened: the page shows a form.
    expect((await login({ email: user.email, password: user.password })).length).toBeGreaterThan(0);

    const reset = await confirmReset({ token, password: "brandnew1", confirmPassword: "brandnew1" });
    expect(reset).toMatchObject({
      status: 200,
      body: { message: "Your password has been reset. Sign in with your new password." },
    });
    // Every token and session of the account ended.
    expect((await api("GET", "/api/user/favorite", { token: user.token })).status).toBe(401);
    expect((await api("GET", "/api/user/favorite", { headers: { cookie } })).status).toBe(401);
    expect(await db.session.count({ where: { userId: user._id } })).toBe(0);
    // The old password is gone, the new one works.
    const old = await api("POST", "/api/user", {
      body: { email: user.email, password: user.password },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(old).toMatchObject({ status: 400, body: { message: "Email or password is invalid" } });
    expect(await login({ email: user.email, password: "brandnew1" })).toEqual(expect.any(String));
    // Used once.
    expect(await confirmReset({ token, password: "another1" })).toMatchObject({
      status: 400,
      body: { message: LINK_INVALID, errors: { token: [LINK_INVALID] } },
    });
    const notice = await latestMail(user.email, "Your Marquee password was changed");
    expect(notice.text).toContain("reset with a link sent to this address");
  });

  test("a newer link voids the older one", async () => {
    const user = await freshUser("resettwice");
    const first = await resetToken(user.email, 1);
    const second = await resetToken(user.email, 2);
    expect(second).not.toBe(first);
    expect((await confirmReset({ token: first, password: "brandnew1" })).body.message).toBe(LINK_INVALID);
    expect((await confirmReset({ token: second, password: "brandnew1" })).status).toBe(200);
  });

  test("a password change voids a link sent before it", async () => {
    const user = await freshUser("resetchanged");
    const token = await resetToken(user.email);
    const changed = await api("PUT", "/api/user/password", {
      token: user.token,
      body: { oldPassword: user.password, newPassword: "changed1" },
    });
    expect(changed.status).toBe(200);
    expect((await confirmReset({ token, password: "brandnew1" })).body.message).toBe(LINK_INVALID);
    expect(await login({ email: user.email, password: "changed1" })).toEqual(expect.any(String));
  });

  test("a reset ends every other link of the member (verification, email change); new ones can be asked for", async () => {
    const user = await freshUser("resetendsall");
    const verify = tokenIn(await latestMail(user.email, "Confirm your email address for Marquee"), "/verify-email");
    const newEmail = uniqueEmail("resetendsallto");
    await api("POST", "/api/user/email", { token: user.token, body: { email: newEmail, password: user.password } });
    const change = tokenIn(await latestMail(newEmail, "Confirm your new email address for Marquee"), "/confirm-email");

    expect((await confirmReset({ token: await resetToken(user.email), password: "brandnew1" })).status).toBe(200);
    expect(await db.accountToken.count({ where: { userId: user._id } })).toBe(0);
    const token = await login({ email: user.email, password: "brandnew1" });
    expect((await api("POST", "/api/user/verify-email", { body: { token: verify } })).status).toBe(400);
    expect((await api("POST", "/api/user/email/confirm", { token, body: { token: change } })).status).toBe(400);

    // Asked again, the change goes through.
    await api("POST", "/api/user/email", { token, body: { email: newEmail, password: "brandnew1" } });
    const again = tokenIn(
      await latestMail(newEmail, "Confirm your new email address for Marquee", 2),
      "/confirm-email",
    );
    expect((await api("POST", "/api/user/email/confirm", { token, body: { token: again } })).status).toBe(200);
  });

  test("an expired link is refused, and refusing it changes nothing", async () => {
    const user = await freshUser("resetexpired");
    const token = await resetToken(user.email);
    await db.accountToken.updateMany({
      where: { userId: user._id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await confirmReset({ token, password: "brandnew1" })).body.message).toBe(LINK_INVALID);
    expect(await login({ email: user.email, password: user.password })).toEqual(expect.any(String));
  });

  test("validates the new password by the register rules, and the confirmation when sent", async () => {
    const user = await freshUser("resetrules");
    const token = await resetToken(user.email);
    expect(await confirmReset({ token, password: "12345" })).toMatchObject({
      status: 400,
      body: { message: "Password must be at least 6 characters" },
    });
    expect(await confirmReset({ token, password: "brandnew1", confirmPassword: "brandnew2" })).toMatchObject({
      status: 400,
      body: { errors: { confirmPassword: ["Passwords must match"] } },
    });
    expect((await confirmReset({ password: "brandnew1" })).body.message).toBe(
      "This link is incomplete. Open it from the email again.",
    );
    expect((await confirmReset({ token: "made-up", password: "brandnew1" })).body.message).toBe(LINK_INVALID);
    // None of those spent the link.
    expect((await confirmReset({ token, password: "brandnew1" })).status).toBe(200);
  });

  test("a reset through the link proves the address: the email counts as verified", async () => {
    const user = await freshUser("resetverifies");
    expect((await db.user.findUniqueOrThrow({ where: { id: user._id } })).emailVerifiedAt).toBeNull();
    await confirmReset({ token: await resetToken(user.email), password: "brandnew1" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user._id } })).emailVerifiedAt).toBeInstanceOf(Date);
  });
});
