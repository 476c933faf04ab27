// "Leave and take your data" (issue 25 item 7): the export, and deleting the account confirmed with
// the password, a passkey, or (an account with neither) its email, while the contract's bearer call
// without a body keeps working (tests/api/users.test.ts "DELETE /api/user").
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { signToken } from "@/lib/auth/token";
import { createPrismaClient } from "@/lib/database/prisma";
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
  test("is a versioned JSON download of the profile, settings, passkeys, favourites, My List, reviews and watch history, and nothing secret", async () => {
    const user = await freshUser("exporter");
    const movie = await createTestMovie();
    const later = await createTestMovie({ year: 2001 });
    const auth = { token: user.token };
    await api("POST", "/api/user/favorite", { ...auth, body: { idMovie: movie._id } });
    await api("POST", `/api/movie/review/${movie._id}`, { ...auth, body: { rating: 3, message: "Quite good" } });
    await api("PUT", `/api/user/progress/${movie._id}`, { ...auth, body: { position: 42, duration: 600 } });
    await api("PUT", `/api/user/history/${later._id}`, { ...auth, body: { watched: true } });
    await api("PUT", `/api/user/list/${later._id}`, auth);
    await api("PUT", `/api/user/list/${movie._id}`, auth);
    expect((await api("PUT", "/api/user/preferences", { ...auth, body: { autoplayNext: false } })).status).toBe(200);
    await addSoftwarePasskey(user, "Phone");

    const response = await api("GET", "/api/user/export", auth);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="marquee-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.body).toEqual({
      version: 2,
      exportedAt: expect.any(String),
      profile: {
        _id: user._id,
        fullName: user.fullName,
        email: user.email,
        emailVerified: false,
        pendingEmail: null,
        image: "",
        isAdmin: false,
        hasPassword: true,
        createdAt: expect.any(String),
      },
      settings: { autoplayNext: false },
      passkeys: [expect.objectContaining({ name: "Phone", lastUsedAt: null })],
      favorites: [{ movieId: movie._id, name: movie.name, year: movie.year, likedAt: expect.any(String) }],
      myList: [
        { movieId: movie._id, name: movie.name, year: movie.year, addedAt: expect.any(String) },
        { movieId: later._id, name: later.name, year: 2001, addedAt: expect.any(String) },
      ],
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
        {
          movieId: later._id,
          movieName: later.name,
          position: 7200,
          duration: 7200,
          watched: true,
          watchedAt: expect.any(String),
        },
        {
          movieId: movie._id,
          movieName: movie.name,
          position: 42,
          duration: 600,
          watched: false,
          watchedAt: expect.any(String),
        },
      ],
    });
    const text = JSON.stringify(response.body);
    for (const secret of ["passwordHash", "publicKey", "tokenHash", "credentialsVersion", user.token])
      expect(text).not.toContain(secret);
    expect((await api("GET", "/api/user/export")).status).toBe(401);
  });

  test("holds exactly what the account pages show: the same lists in the same order, the same settings", async () => {
    const user = await freshUser("exportmatch");
    const auth = { token: user.token };
    const movies = [await createTestMovie(), await createTestMovie(), await createTestMovie()];
    for (const movie of movies) {
      await api("POST", "/api/user/favorite", { ...auth, body: { idMovie: movie._id } });
      await api("PUT", `/api/user/list/${movie._id}`, auth);
      await api("PUT", `/api/user/progress/${movie._id}`, { ...auth, body: { position: 5, duration: 100 } });
    }
    await api("DELETE", `/api/user/list/${movies[1]!._id}`, auth);
    await api("PUT", `/api/user/history/${movies[2]!._id}`, { ...auth, body: { watched: true } });
    const newEmail = uniqueEmail("exportpending");
    expect(
      (await api("POST", "/api/user/email", { ...auth, body: { email: newEmail, password: user.password } })).status,
    ).toBe(200);

    const [exported, favorites, myList, history, preferences] = await Promise.all([
      api("GET", "/api/user/export", auth),
      api<{ _id: string }[]>("GET", "/api/user/favorite", auth),
      api<{ _id: string }[]>("GET", "/api/user/list", auth),
      api<{ movies: { _id: string; progress: { position: number }; watched: boolean }[] }>(
        "GET",
        "/api/user/history",
        auth,
      ),
      api("GET", "/api/user/preferences", auth),
    ]);
    const ids = (rows: { _id: string }[]) => rows.map((row) => row._id);
    const data = exported.body as {
      profile: { pendingEmail: string | null };
      settings: unknown;
      favorites: { movieId: string }[];
      myList: { movieId: string }[];
      watchHistory: { movieId: string; position: number; watched: boolean }[];
    };
    expect(data.favorites.map((row) => row.movieId)).toEqual(ids(favorites.body));
    expect(data.myList.map((row) => row.movieId)).toEqual(ids(myList.body));
    expect(data.myList.map((row) => row.movieId)).toEqual([movies[2]!._id, movies[0]!._id]);
    expect(data.watchHistory.map(({ movieId, position, watched }) => ({ movieId, position, watched }))).toEqual(
      history.body.movies.map((movie) => ({
        movieId: movie._id,
        position: movie.progress.position,
        watched: movie.watched,
      })),
    );
    expect(data.settings).toEqual(preferences.body);
    expect(data.settings).toEqual({ autoplayNext: true });
    // Mailed after the answer: the profile's "Waiting for you to open the link sent to …" once it is out.
    await expect
      .poll(async () => ((await api("GET", "/api/user/export", auth)).body as typeof data).profile.pendingEmail, {
        timeout: 15_000,
      })
      .toBe(newEmail);
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
