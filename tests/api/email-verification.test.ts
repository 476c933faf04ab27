// Email verification and email change (issue 25 item 3; issue 38 items 3 and 5: links end with a change, a taken
// address is answered as a free one), with the mail read from the test SMTP server.
import { describe, expect, test } from "vitest";
import { api, baseUrl } from "../support/http";
import { latestMail, linkIn, mailbox, tokenIn, waitForMail } from "../support/mail";
import { sessionCookie } from "../support/session";
import { freshIp, freshUser, login, uniqueEmail, type TestUser } from "../support/users";

const VERIFY_SUBJECT = "Confirm your email address for Marquee";
const CHANGE_SUBJECT = "Confirm your new email address for Marquee";
const VERIFY_INVALID = "This verification link is invalid or has expired. Send a new one from your profile.";
const TAKEN_SUBJECT = "Someone tried to move a Marquee account to your address";
const RESET_SUBJECT = "Reset your Marquee password";
const RESET_INVALID = "This password reset link is invalid or has expired. Ask for a new one.";
const CHANGE_INVALID =
  "This link is invalid or has expired, or belongs to another account. Ask for the change again from your profile.";

const isVerified = async (user: { token: string }) =>
  ((await api("GET", "/api/user/export", { token: user.token })).body as { profile: { emailVerified: boolean } })
    .profile.emailVerified;

describe("email verification", () => {
  test("a new account is mailed a link; opening it (no session needed) marks the email verified, once", async () => {
    const user = await freshUser("verify");
    const mail = await latestMail(user.email, VERIFY_SUBJECT);
    expect(mail).toMatchObject({ from: "Marquee <no-reply@marquee.test>", alternative: true });
    expect(linkIn(mail, "/verify-email").origin).toBe(baseUrl);
    expect(await isVerified(user)).toBe(false);

    const token = tokenIn(mail, "/verify-email");
    expect(await api("POST", "/api/user/verify-email", { body: { token } })).toMatchObject({
      status: 200,
      body: { message: "Your email address is verified" },
    });
    expect(await isVerified(user)).toBe(true);
    expect(await api("POST", "/api/user/verify-email", { body: { token } })).toMatchObject({
      status: 400,
      body: { message: VERIFY_INVALID },
    });
    // Nothing left to send.
    expect(await api("POST", "/api/user/verify-email/resend", { token: user.token })).toMatchObject({
      status: 409,
      body: { message: "Your email address is already verified" },
    });
  });

  test("the profile can send the link again; the older link stops working", async () => {
    const user = await freshUser("resend");
    const first = tokenIn(await latestMail(user.email, VERIFY_SUBJECT), "/verify-email");
    expect(await api("POST", "/api/user/verify-email/resend", { token: user.token })).toMatchObject({
      status: 200,
      body: { message: `We sent a new link to ${user.email}` },
    });
    const second = tokenIn(await latestMail(user.email, VERIFY_SUBJECT, 2), "/verify-email");
    expect((await api("POST", "/api/user/verify-email", { body: { token: first } })).status).toBe(400);
    expect((await api("POST", "/api/user/verify-email", { body: { token: second } })).status).toBe(200);
  });

  test("sending again is limited (5 an hour) and needs a signed-in member", async () => {
    const user = await freshUser("resendlimit");
    for (let i = 0; i < 5; i++)
      expect((await api("POST", "/api/user/verify-email/resend", { token: user.token })).status).toBe(200);
    const refused = await api("POST", "/api/user/verify-email/resend", { token: user.token });
    expect(refused).toMatchObject({ status: 429, body: { message: "Too many emails sent, please try again later" } });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await api("POST", "/api/user/verify-email/resend")).status).toBe(401);
  });

  test("a missing or made-up token is a 400 that changes nothing", async () => {
    expect((await api("POST", "/api/user/verify-email", { body: {} })).body).toEqual({
      message: "This link is incomplete. Open it from the email again.",
      errors: { token: ["This link is incomplete. Open it from the email again."] },
    });
    expect((await api("POST", "/api/user/verify-email", { body: { token: "x".repeat(43) } })).body.message).toBe(
      VERIFY_INVALID,
    );
  });
});

describe("email change", () => {
  const requestChange = (user: TestUser, body: Record<string, unknown>) =>
    api("POST", "/api/user/email", { token: user.token, body });

  test("takes effect only when the new address confirms, in the member's session; the old address is told", async () => {
    const user = await freshUser("mover");
    const other = await freshUser("bystander");
    const newEmail = uniqueEmail("moved");
    expect(await requestChange(user, { email: newEmail.toUpperCase(), password: user.password })).toMatchObject({
      status: 200,
      body: { message: `We sent a link to ${newEmail}. Your email address changes when you open it.` },
    });
    const mail = await latestMail(newEmail, CHANGE_SUBJECT);
    expect(mail.to).toBe(newEmail);
    const token = tokenIn(mail, "/confirm-email");
    // Nothing has changed yet: the old email still signs in.
    expect(await login({ email: user.email, password: user.password })).toEqual(expect.any(String));

    // The link alone is not enough: signed out, or as someone else, it changes nothing.
    expect((await api("POST", "/api/user/email/confirm", { body: { token } })).status).toBe(401);
    expect(await api("POST", "/api/user/email/confirm", { token: other.token, body: { token } })).toMatchObject({
      status: 400,
      body: { message: CHANGE_INVALID },
    });

    // The member's own web session confirms it.
    const cookie = await sessionCookie(user);
    expect(
      await api("POST", "/api/user/email/confirm", { headers: { cookie, origin: baseUrl }, body: { token } }),
    ).toMatchObject({ status: 200, body: { message: `Your email address is now ${newEmail}`, email: newEmail } });
    expect(await login({ email: newEmail, password: user.password })).toEqual(expect.any(String));
    const old = await api("POST", "/api/user", {
      body: { email: user.email, password: user.password },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(old.status).toBe(400);
    // The new address was proven by the link; the old one hears of the change.
    expect(await isVerified(user)).toBe(true);
    const notice = await latestMail(user.email, "Your Marquee email address was changed");
    expect(notice.text).toContain(`is now ${newEmail}`);
    // Spent.
    expect((await api("POST", "/api/user/email/confirm", { token: user.token, body: { token } })).status).toBe(400);
  });

  test("asks for the password, refuses the same address, and sends nothing then", async () => {
    const user = await freshUser("changer");
    const target = uniqueEmail("target");
    expect(await requestChange(user, { email: target })).toMatchObject({
      status: 400,
      body: { message: "Password is incorrect", errors: { password: ["Password is incorrect"] } },
    });
    expect((await requestChange(user, { email: target, password: "wrong-pw" })).body.message).toBe(
      "Password is incorrect",
    );
    expect(await requestChange(user, { email: user.email, password: user.password })).toMatchObject({
      status: 400,
      body: { message: "That is already your email address" },
    });
    expect(await requestChange(user, { email: "nope", password: user.password })).toMatchObject({
      status: 400,
      body: { message: "Email is not valid" },
    });
    expect(await mailbox(target)).toEqual([]);
  });

  test("answers a taken address as a free one; its owner is told instead, and no link goes out", async () => {
    const user = await freshUser("prober");
    const taken = await freshUser("takenaddress");
    const free = uniqueEmail("freeaddress");
    const toTaken = await requestChange(user, { email: taken.email.toUpperCase(), password: user.password });
    const toFree = await requestChange(user, { email: free, password: user.password });
    expect(toTaken).toEqual({
      status: 200,
      headers: expect.any(Headers),
      body: { message: `We sent a link to ${taken.email}. Your email address changes when you open it.` },
    });
    expect(toFree).toEqual({
      status: 200,
      headers: expect.any(Headers),
      body: { message: `We sent a link to ${free}. Your email address changes when you open it.` },
    });
    await latestMail(free, CHANGE_SUBJECT);
    const notice = await latestMail(taken.email, TAKEN_SUBJECT);
    expect(notice.text).toContain("asked to move another Marquee account to this address");
    expect(notice.text).toContain("Nothing has changed");
    expect(notice.text).not.toContain(user.email);
    expect((await mailbox(taken.email)).map((mail) => mail.subject)).not.toContain(CHANGE_SUBJECT);
    // The address still belongs to its owner alone.
    expect(await login({ email: taken.email, password: taken.password })).toEqual(expect.any(String));
  });

  test("the mail limit counts taken addresses; past it a taken and a free address both get 429", async () => {
    const user = await freshUser("probelimit");
    const taken = await freshUser("probetaken");
    for (let i = 0; i < 5; i++) {
      const email = i % 2 === 0 ? taken.email : uniqueEmail("probefree");
      expect((await requestChange(user, { email, password: user.password })).status).toBe(200);
    }
    for (const email of [taken.email, uniqueEmail("probefree")]) {
      const refused = await requestChange(user, { email, password: user.password });
      expect(refused).toMatchObject({ status: 429, body: { message: "Too many emails sent, please try again later" } });
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    }
  });

  test("confirming a change ends every link mailed before it: a reset link sent to the old address is refused", async () => {
    const user = await freshUser("resetmoved");
    const newEmail = uniqueEmail("resetmovedto");
    const asked = await api("POST", "/api/user/password-reset", {
      body: { email: user.email },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(asked.status).toBe(200);
    const resetToken = tokenIn(await latestMail(user.email, RESET_SUBJECT), "/reset-password");

    await requestChange(user, { email: newEmail, password: user.password });
    const token = tokenIn(await latestMail(newEmail, CHANGE_SUBJECT), "/confirm-email");
    expect((await api("POST", "/api/user/email/confirm", { token: user.token, body: { token } })).status).toBe(200);

    expect(
      await api("POST", "/api/user/password-reset/confirm", { body: { token: resetToken, password: "takeover1" } }),
    ).toMatchObject({ status: 400, body: { message: RESET_INVALID, errors: { token: [RESET_INVALID] } } });
    expect(await login({ email: newEmail, password: user.password })).toEqual(expect.any(String));

    // The member can ask for a new link, which goes to the new address and works.
    await api("POST", "/api/user/password-reset", {
      body: { email: newEmail },
      headers: { "x-forwarded-for": freshIp() },
    });
    const fresh = tokenIn(await latestMail(newEmail, RESET_SUBJECT), "/reset-password");
    expect(
      (await api("POST", "/api/user/password-reset/confirm", { body: { token: fresh, password: "mine1234" } })).status,
    ).toBe(200);
    expect(await login({ email: newEmail, password: "mine1234" })).toEqual(expect.any(String));
  });

  test("a password change ends the verification link too; the member can send a new one", async () => {
    const user = await freshUser("verifyvoid");
    const first = tokenIn(await latestMail(user.email, VERIFY_SUBJECT), "/verify-email");
    const changed = await api("PUT", "/api/user/password", {
      token: user.token,
      body: { oldPassword: user.password, newPassword: "changed1" },
    });
    expect(changed.status).toBe(200);
    expect(await api("POST", "/api/user/verify-email", { body: { token: first } })).toMatchObject({
      status: 400,
      body: { message: VERIFY_INVALID },
    });
    expect(await isVerified({ token: changed.body.token })).toBe(false);
    expect((await api("POST", "/api/user/verify-email/resend", { token: changed.body.token })).status).toBe(200);
    const second = tokenIn(await latestMail(user.email, VERIFY_SUBJECT, 2), "/verify-email");
    expect((await api("POST", "/api/user/verify-email", { body: { token: second } })).status).toBe(200);
  });

  test("a password change voids a pending change's link", async () => {
    const user = await freshUser("changevoid");
    const newEmail = uniqueEmail("voided");
    await requestChange(user, { email: newEmail, password: user.password });
    const token = tokenIn(await latestMail(newEmail, CHANGE_SUBJECT), "/confirm-email");
    const changed = await api("PUT", "/api/user/password", {
      token: user.token,
      body: { oldPassword: user.password, newPassword: "changed1" },
    });
    expect(
      (await api("POST", "/api/user/email/confirm", { token: changed.body.token, body: { token } })).body.message,
    ).toBe(CHANGE_INVALID);
  });

  test("PUT /api/user keeps the email read-only, as the contract says", async () => {
    const user = await freshUser("readonly");
    const response = await api("PUT", "/api/user", {
      token: user.token,
      body: { fullName: "Same", email: uniqueEmail("elsewhere") },
    });
    expect(response).toMatchObject({ status: 400, body: { message: "Email cannot be changed" } });
    await waitForMail(user.email, VERIFY_SUBJECT); // the only mail it got
    expect((await mailbox(user.email)).map((mail) => mail.subject)).toEqual([VERIFY_SUBJECT]);
  });
});
