// "Wasn't you?" (issue 39 item 7): the notice mailed to the old address after an email change carries
// a link that puts the old address back, ends every session and link of the account, and sets a new
// password, all in one step on the server. The mail is read from the test SMTP server.
import { afterAll, describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { api, baseUrl } from "../support/http";
import { latestMail, linkIn, tokenIn } from "../support/mail";
import { sessionCookie } from "../support/session";
import { freshIp, freshUser, login, uniqueEmail } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
afterAll(() => db.$disconnect());

const CHANGE_SUBJECT = "Confirm your new email address for Marquee";
const CHANGED_SUBJECT = "Your Marquee email address was changed";
const RESET_SUBJECT = "Reset your Marquee password";
const UNDO_INVALID =
  "This link is invalid or has expired, or was already used. If you still cannot get into your account, write to us from the Contact page.";
const RESET_INVALID = "This password reset link is invalid or has expired. Ask for a new one.";

/** Moves `user` to a new address through the link mailed there; answers the new address. */
async function changeEmail(user: { email: string; password: string; token: string }, newEmail = uniqueEmail("taken")) {
  const asked = await api("POST", "/api/user/email", {
    token: user.token,
    body: { email: newEmail, password: user.password },
  });
  expect(asked.status).toBe(200);
  const token = tokenIn(await latestMail(newEmail, CHANGE_SUBJECT), "/confirm-email");
  expect((await api("POST", "/api/user/email/confirm", { token: user.token, body: { token } })).status).toBe(200);
  return newEmail;
}

/** The "Wasn't you?" token of the newest notice the old address received. */
const undoToken = async (oldEmail: string, count = 1) =>
  tokenIn(await latestMail(oldEmail, CHANGED_SUBJECT, count), "/undo-email");

const undo = (token: string, password = "mine1234", extra: Record<string, unknown> = {}) =>
  api("POST", "/api/user/email/undo", { body: { token, password, confirmPassword: password, ...extra } });

const signsIn = async (email: string, password: string) =>
  (
    await api("POST", "/api/user", {
      body: { email, password },
      headers: { "x-forwarded-for": freshIp() },
    })
  ).status === 200;

describe("the email-changed notice", () => {
  test("goes to the old address with a 'Wasn't you?' link valid 7 days, and no longer asks for a reply", async () => {
    const user = await freshUser("noticed");
    const newEmail = await changeEmail(user);
    const notice = await latestMail(user.email, CHANGED_SUBJECT);
    expect(notice.text).toContain(`is now ${newEmail}`);
    expect(notice.text).not.toContain("reply to this message");
    expect(notice.text).toContain("The link works once, for 7 days.");
    const link = linkIn(notice, "/undo-email");
    expect(link.origin).toBe(baseUrl);
    // Stored hashed, like every account link: the token itself is in no row.
    const token = link.searchParams.get("token")!;
    const rows = await db.accountToken.findMany({
      where: { userId: user._id },
      select: { tokenHash: true, email: true, expiresAt: true },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.email).toBe(user.email);
    const days = (rows[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  test("carries the configured Reply-To", async () => {
    const user = await freshUser("replyto");
    await changeEmail(user);
    expect((await latestMail(user.email, CHANGED_SUBJECT)).replyTo).toBe("help@marquee.test");
  });
});

describe("POST /api/user/email/undo", () => {
  test("puts the old address back, ends every session, token and link, and sets the new password; once", async () => {
    const user = await freshUser("undoer");
    const cookie = await sessionCookie(user);
    const newEmail = await changeEmail(user);
    // Whoever took the account: a session, a bearer token, a reset link to their address.
    const intruderToken = await login({ email: newEmail, password: user.password });
    const intruderCookie = await sessionCookie({ email: newEmail, password: user.password });
    await api("POST", "/api/user/password-reset", {
      body: { email: newEmail },
      headers: { "x-forwarded-for": freshIp() },
    });
    const intruderReset = tokenIn(await latestMail(newEmail, RESET_SUBJECT), "/reset-password");
    const token = await undoToken(user.email);

    expect(await undo(token, "mine1234")).toMatchObject({
      status: 200,
      body: { message: `Your account is back at ${user.email}. Sign in with your new password.` },
    });
    const row = await db.user.findUniqueOrThrow({
      where: { id: user._id },
      select: { email: true, emailVerifiedAt: true },
    });
    expect(row.email).toBe(user.email);
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(await db.session.count({ where: { userId: user._id } })).toBe(0);
    expect(await db.accountToken.count({ where: { userId: user._id } })).toBe(0);
    for (const headers of [{ cookie }, { cookie: intruderCookie }])
      expect((await api("GET", "/api/user/favorite", { headers })).status).toBe(401);
    for (const bearer of [user.token, intruderToken])
      expect((await api("GET", "/api/user/favorite", { token: bearer })).status).toBe(401);
    expect(
      await api("POST", "/api/user/password-reset/confirm", { body: { token: intruderReset, password: "takeover1" } }),
    ).toMatchObject({ status: 400, body: { message: RESET_INVALID } });
    expect(await signsIn(user.email, "mine1234")).toBe(true);
    expect(await signsIn(user.email, user.password)).toBe(false);
    expect(await signsIn(newEmail, user.password)).toBe(false);

    // Spent.
    expect(await undo(token, "other123")).toMatchObject({
      status: 400,
      body: { message: UNDO_INVALID, errors: { token: [UNDO_INVALID] } },
    });
    expect(await signsIn(user.email, "mine1234")).toBe(true);
  });

  test("survives what the intruder does next: a password change and a second email change", async () => {
    const user = await freshUser("chased");
    const first = await changeEmail(user);
    const original = await undoToken(user.email);
    const changed = await api("PUT", "/api/user/password", {
      token: user.token,
      body: { oldPassword: user.password, newPassword: "intrude1" },
    });
    expect(changed.status).toBe(200);
    const intruder = { email: first, password: "intrude1", token: changed.body.token as string };
    const second = await changeEmail(intruder);
    // The intruder's own way back (to the first new address) is newer than the owner's: it ends, the owner's holds.
    const intruders = await undoToken(first);

    expect((await undo(original, "mine1234")).status).toBe(200);
    expect(await signsIn(user.email, "mine1234")).toBe(true);
    expect(await signsIn(second, "intrude1")).toBe(false);
    expect((await undo(intruders, "intrude2")).body.message).toBe(UNDO_INVALID);
    expect(await signsIn(user.email, "mine1234")).toBe(true);
  });

  test("an intruder's newer way back does not end the owner's older one", async () => {
    const user = await freshUser("racer");
    const first = await changeEmail(user);
    const original = await undoToken(user.email);
    const intruder = { email: first, password: user.password, token: user.token };
    await changeEmail(intruder);
    expect((await undo(await undoToken(first), "intrude1")).status).toBe(200);
    expect(await signsIn(first, "intrude1")).toBe(true);

    expect((await undo(original, "mine1234")).status).toBe(200);
    expect(await signsIn(user.email, "mine1234")).toBe(true);
    expect(await signsIn(first, "intrude1")).toBe(false);
  });

  test("an expired, forged, cut-short or mismatched request is a clear 400 that changes nothing", async () => {
    const user = await freshUser("expired");
    const newEmail = await changeEmail(user);
    const token = await undoToken(user.email);
    const refused = { status: 400, body: { message: UNDO_INVALID, errors: { token: [UNDO_INVALID] } } };
    expect(await undo("x".repeat(43))).toMatchObject(refused);
    expect(await undo("not a token")).toMatchObject(refused);
    expect(await api("POST", "/api/user/email/undo", { body: { password: "mine1234" } })).toMatchObject({
      status: 400,
      body: { message: "This link is incomplete. Open it from the email again." },
    });
    expect(await undo(token, "mine1234", { confirmPassword: "other123" })).toMatchObject({
      status: 400,
      body: { message: "Passwords must match" },
    });
    expect(await undo(token, "abc")).toMatchObject({
      status: 400,
      body: { message: "Password must be at least 6 characters" },
    });
    expect(await api("POST", "/api/user/email/undo", { body: "{" })).toMatchObject({ status: 400 });
    // None of those spent it; an expired one is refused.
    await db.accountToken.updateMany({
      where: { userId: user._id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await undo(token)).toMatchObject(refused);
    expect(await signsIn(newEmail, user.password)).toBe(true);
  });

  test("when someone registered the old address meanwhile it is a 409 and the link still works", async () => {
    const user = await freshUser("squatted");
    const newEmail = await changeEmail(user);
    const token = await undoToken(user.email);
    const squatter = await api("POST", "/api/user/register", {
      body: { fullName: "Squatter", email: user.email, password: "squat123" },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(squatter.status).toBe(201);
    expect(await undo(token)).toMatchObject({
      status: 409,
      body: { message: "That email address is already registered" },
    });
    expect(await signsIn(newEmail, user.password)).toBe(true);
    await db.user.deleteMany({ where: { email: user.email, fullName: "Squatter" } });
    expect((await undo(token)).status).toBe(200);
  });
});
