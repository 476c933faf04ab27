// "Leave and take your data" (issue 25 item 7): the export, and deleting the account confirmed with
// the password, a passkey, or (an account with neither) its email, while the contract's bearer call
// without a body keeps working (tests/api/users.test.ts "DELETE /api/user").
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { signToken } from "@/lib/auth/token";
import { createPrismaClient } from "@/lib/prisma";
import { createTestMovie } from "../support/catalogue";
import { api, baseUrl } from "../support/http";
import { imageOf } from "../support/media";
import { sessionCookie } from "../support/session";
import { freshIp, freshUser, uniqueEmail } from "../support/users";
import { SoftwarePasskey, addSoftwarePasskey, type RequestOptions } from "../support/webauthn";

const db = createPrismaClient(process.env.DATABASE_URL!);
afterAll(() => db.$disconnect());

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

/** A web session through NextAuth's token provider: how an account without a password gets one here. */
async function sessionFromToken(token: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/api/auth/callback/token`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookiesOf(csrf).join("; "),
      origin: baseUrl,
    },
    body: new URLSearchParams({ token, csrfToken, callbackUrl: baseUrl, json: "true" }),
  });
  return cookiesOf(response).find((c) => c.includes("next-auth.session-token"))!;
}

/** A DELETE /api/user from the web page: the session cookie and the page's own Origin. */
const deleteFromPage = (cookie: string, body?: unknown) =>
  api("DELETE", "/api/user", { headers: { cookie, origin: baseUrl }, body });

async function uploadAvatar(token: string): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await imageOf("png"))], { type: "image/png" }), "me.png");
  const response = await fetch(`${baseUrl}/api/upload`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as string;
}

describe("GET /api/user/export", () => {
  test("is a JSON download of the profile, passkeys, favourites, reviews and watch history, and nothing secret", async () => {
    const user = await freshUser("exporter");
    const movie = await createTestMovie();
    await api("POST", "/api/user/favorite", { token: user.token, body: { idMovie: movie._id } });
    await api("POST", `/api/movie/review/${movie._id}`, {
      token: user.token,
      body: { rating: 3, message: "Quite good" },
    });
    await api("PUT", `/api/user/progress/${movie._id}`, { token: user.token, body: { position: 42, duration: 600 } });
    await addSoftwarePasskey(user, "Phone");

    const response = await api("GET", "/api/user/export", { token: user.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="marquee-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.body).toEqual({
      exportedAt: expect.any(String),
      profile: {
        _id: user._id,
        fullName: user.fullName,
        email: user.email,
        emailVerified: false,
        image: "",
        isAdmin: false,
        hasPassword: true,
        createdAt: expect.any(String),
      },
      passkeys: [expect.objectContaining({ name: "Phone", lastUsedAt: null })],
      favorites: [{ movieId: movie._id, name: movie.name, year: movie.year, likedAt: expect.any(String) }],
      reviews: [
        {
          _id: expect.any(String),
          movieId: movie._id,
          movieName: movie.name,
          rating: 3,
          comment: "Quite good",
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      ],
      watchHistory: [
        { movieId: movie._id, movieName: movie.name, position: 42, duration: 600, watchedAt: expect.any(String) },
      ],
    });
    const text = JSON.stringify(response.body);
    for (const secret of ["passwordHash", "publicKey", "tokenHash", "credentialsVersion", user.token])
      expect(text).not.toContain(secret);
    expect((await api("GET", "/api/user/export")).status).toBe(401);
  });
});

describe("DELETE /api/user, confirmed", () => {
  test("from a web session it needs the password: none or a wrong one changes nothing", async () => {
    const user = await freshUser("confirmpw");
    const cookie = await sessionCookie(user);
    expect(await deleteFromPage(cookie)).toMatchObject({
      status: 400,
      body: {
        message: "Confirm with your password or a passkey",
        errors: { password: ["Confirm with your password or a passkey"] },
      },
    });
    expect(await deleteFromPage(cookie, { password: "wrong-pw" })).toMatchObject({
      status: 400,
      body: { message: "Password is incorrect", errors: { password: ["Password is incorrect"] } },
    });
    // A bearer client that sends a confirmation gets it checked too.
    expect((await api("DELETE", "/api/user", { token: user.token, body: { password: "wrong-pw" } })).status).toBe(400);
    expect(await db.user.count({ where: { id: user._id } })).toBe(1);
  });

  test("with the password it removes the account and everything of it: favourites, reviews (ratings recomputed), progress, passkeys, sessions, avatar", async () => {
    const movie = await createTestMovie();
    const stays = await freshUser("staysbehind");
    const user = await freshUser("leaving");
    await api("POST", `/api/movie/review/${movie._id}`, {
      token: stays.token,
      body: { rating: 1, message: "not for me" },
    });
    await api("POST", `/api/movie/review/${movie._id}`, {
      token: user.token,
      body: { rating: 5, message: "wonderful" },
    });
    await api("POST", "/api/user/favorite", { token: user.token, body: { idMovie: movie._id } });
    await api("PUT", `/api/user/progress/${movie._id}`, { token: user.token, body: { position: 10, duration: 100 } });
    await addSoftwarePasskey(user);
    const avatar = await uploadAvatar(user.token);
    await api("PUT", "/api/user", {
      token: user.token,
      body: { fullName: user.fullName, email: user.email, image: avatar },
    });
    const avatarFile = path.join(process.env.STORAGE_LOCAL_DIR!, new URL(avatar).pathname.replace("/api/upload/", ""));
    expect(fs.existsSync(avatarFile)).toBe(true);
    expect((await api("GET", `/api/movie/${movie._id}`)).body).toMatchObject({ rate: 3, countReviews: 2 });
    const cookie = await sessionCookie(user);

    expect(await deleteFromPage(cookie, { password: user.password })).toMatchObject({
      status: 200,
      body: { message: "Account deleted successfully" },
    });
    expect((await api("GET", `/api/movie/${movie._id}`)).body).toMatchObject({ rate: 1, countReviews: 1 });
    const where = { where: { userId: user._id } };
    expect(
      await Promise.all([
        db.favorite.count(where),
        db.review.count(where),
        db.watchProgress.count(where),
        db.passkey.count(where),
        db.session.count(where),
        db.accountToken.count(where),
        db.user.count({ where: { id: user._id } }),
      ]),
    ).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(fs.existsSync(avatarFile)).toBe(false);
    expect((await api("GET", "/api/user/favorite", { headers: { cookie } })).status).toBe(401);
  });

  test("with one of the account's passkeys; another member's passkey, or a sign-in answer, does not confirm", async () => {
    const user = await freshUser("passkeyleaver");
    const passkey = await addSoftwarePasskey(user);
    const other = await freshUser("passkeystranger");
    const stranger = await addSoftwarePasskey(other);
    const cookie = await sessionCookie(user);
    const confirmOptions = async () =>
      (
        await api<RequestOptions>("POST", "/api/user/passkeys/authentication-options", {
          headers: { cookie, origin: baseUrl },
          body: { purpose: "confirm" },
        })
      ).body;
    const refused = { status: 400, body: { message: "The passkey did not confirm it is you. Please try again." } };
    expect(await deleteFromPage(cookie, { passkey: stranger.assert(await confirmOptions()) })).toMatchObject(refused);
    const signInOptions = (
      await api<RequestOptions>("POST", "/api/user/passkeys/authentication-options", {
        headers: { "x-forwarded-for": freshIp() },
      })
    ).body;
    expect(await deleteFromPage(cookie, { passkey: passkey.assert(signInOptions) })).toMatchObject(refused);
    expect(
      await deleteFromPage(cookie, { passkey: new SoftwarePasskey(baseUrl).assert(await confirmOptions()) }),
    ).toMatchObject(refused);
    expect(await db.user.count({ where: { id: user._id } })).toBe(1);

    expect(await deleteFromPage(cookie, { passkey: passkey.assert(await confirmOptions()) })).toMatchObject({
      status: 200,
      body: { message: "Account deleted successfully" },
    });
    expect(await db.user.count({ where: { id: user._id } })).toBe(0);
  });

  test("an account with neither password nor passkey (Google only) confirms by typing its email", async () => {
    const email = uniqueEmail("googleonly");
    const row = await db.user.create({
      data: { email, fullName: "Google Only", emailVerifiedAt: new Date() },
      select: { id: true, credentialsVersion: true },
    });
    const cookie = await sessionFromToken(await signToken(row));
    expect(await deleteFromPage(cookie)).toMatchObject({
      status: 400,
      body: { message: "Type your email address to confirm" },
    });
    expect(await deleteFromPage(cookie, { email: uniqueEmail("someoneelse") })).toMatchObject({
      status: 400,
      body: { message: "That is not your email address" },
    });
    expect((await deleteFromPage(cookie, { email: email.toUpperCase() })).status).toBe(200);
    expect(await db.user.count({ where: { id: row.id } })).toBe(0);
  });

  test("typing the email does not confirm for an account that has a password", async () => {
    const user = await freshUser("emailnotenough");
    const cookie = await sessionCookie(user);
    expect((await deleteFromPage(cookie, { email: user.email })).body.message).toBe(
      "Confirm with your password or a passkey",
    );
    expect(await db.user.count({ where: { id: user._id } })).toBe(1);
  });
});
