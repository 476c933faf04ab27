import { describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { api } from "../support/http";
import { createTestMovie } from "../support/catalogue";
import { freshUser } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
const UNKNOWN_MOVIE = "00000000-0000-4000-8000-000000000000";

const save = (token: string, movieId: string, position: number, duration: number) =>
  api("PUT", `/api/user/progress/${movieId}`, { token, body: { position, duration } });
const mark = (token: string | undefined, movieId: string, body: unknown) =>
  api("PUT", `/api/user/history/${movieId}`, { token, body });
const continueIds = async (token: string) =>
  ((await api("GET", "/api/user/progress", { token })).body as { _id: string }[]).map((movie) => movie._id);

describe("GET /api/user/history", () => {
  test("every movie played, most recently watched first, with progress, date and watched from 90%", async () => {
    const [started, nearlyDone, done] = [await createTestMovie(), await createTestMovie(), await createTestMovie()];
    const user = await freshUser("history");
    await save(user.token, started._id, 10, 600); // under 5%: not in Continue watching, still history
    await save(user.token, nearlyDone._id, 539, 600);
    await save(user.token, done._id, 540, 600); // 90%: watched
    const response = await api("GET", "/api/user/history", { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ moviesCount: 3, totalPage: 1, currentPage: 1 });
    expect(response.body.movies.map((item: { _id: string; watched: boolean }) => [item._id, item.watched])).toEqual([
      [done._id, true],
      [nearlyDone._id, false],
      [started._id, false],
    ]);
    expect(response.body.movies[0]).toMatchObject({
      name: done.name,
      category: { _id: done.category },
      progress: { position: 540, duration: 600, updatedAt: expect.any(String) },
    });
    // Continue watching leaves out the false start and the watched one.
    expect(await continueIds(user.token)).toEqual([nearlyDone._id]);
  });

  test("pages: page and limit, a page past the end is empty; bad values are 400", async () => {
    const movies = [await createTestMovie(), await createTestMovie(), await createTestMovie()];
    const user = await freshUser("history-pages");
    for (const movie of movies) await save(user.token, movie._id, 100, 600);
    const second = await api("GET", "/api/user/history?page=2&limit=2", { token: user.token });
    expect(second.body).toMatchObject({ moviesCount: 3, totalPage: 2, currentPage: 2 });
    expect(second.body.movies.map((item: { _id: string }) => item._id)).toEqual([movies[0]!._id]);
    expect((await api("GET", "/api/user/history?page=3&limit=2", { token: user.token })).body.movies).toEqual([]);
    for (const [query, message] of [
      ["page=0", "page must be at least 1"],
      ["page=x", "page must contain digits only"],
      ["limit=51", "limit must be at most 50"],
    ]) {
      expect(await api("GET", `/api/user/history?${query}`, { token: user.token })).toMatchObject({
        status: 400,
        body: { message },
      });
    }
    expect(await api("GET", "/api/user/history")).toMatchObject({ status: 401 });
  });
});

describe("PUT /api/user/history/{movieId} (mark watched or unwatched)", () => {
  test("watched puts the position at the end and takes it off Continue watching; unwatched back to the start", async () => {
    const movie = await createTestMovie();
    const user = await freshUser("mark");
    await save(user.token, movie._id, 300, 600);
    const before = await db.watchProgress.findUniqueOrThrow({
      where: { userId_movieId: { userId: user._id, movieId: movie._id } },
    });
    expect(await continueIds(user.token)).toEqual([movie._id]);

    expect(await mark(user.token, movie._id, { watched: true })).toMatchObject({
      status: 200,
      body: {
        message: "Marked as watched",
        movieId: movie._id,
        watched: true,
        progress: { position: 600, duration: 600, updatedAt: before.updatedAt.toISOString() },
      },
    });
    expect(await continueIds(user.token)).toEqual([]);
    expect((await api("GET", "/api/user/history", { token: user.token })).body.movies[0]).toMatchObject({
      _id: movie._id,
      watched: true,
    });

    expect(await mark(user.token, movie._id, { watched: false })).toMatchObject({
      status: 200,
      body: { message: "Marked as unwatched", watched: false, progress: { position: 0, duration: 600 } },
    });
    const history = (await api("GET", "/api/user/history", { token: user.token })).body;
    expect(history.movies[0]).toMatchObject({ _id: movie._id, watched: false, progress: { position: 0 } });
    expect(await continueIds(user.token)).toEqual([]);
  });

  test("a movie never played: watched adds it with the typed hours as its length; unwatched adds nothing", async () => {
    const [watched, untouched] = [await createTestMovie({ hour: 2 }), await createTestMovie()];
    const user = await freshUser("mark-new");
    expect(await mark(user.token, watched._id, { watched: true })).toMatchObject({
      status: 200,
      body: { watched: true, progress: { position: 7200, duration: 7200 } },
    });
    expect(await mark(user.token, untouched._id, { watched: false })).toMatchObject({
      status: 200,
      body: { message: "Marked as unwatched", watched: false, progress: null },
    });
    const history = (await api("GET", "/api/user/history", { token: user.token })).body;
    expect(history.movies.map((item: { _id: string }) => item._id)).toEqual([watched._id]);
  });

  test.each([
    [{}, "watched is required"],
    [{ watched: "yes" }, "watched must be true or false"],
  ])("%j is 400 and changes nothing", async (body, message) => {
    const movie = await createTestMovie();
    const user = await freshUser("mark-bad");
    await save(user.token, movie._id, 300, 600);
    expect(await mark(user.token, movie._id, body)).toEqual(
      expect.objectContaining({ status: 400, body: { message, errors: { watched: [message] } } }),
    );
    expect(
      (await db.watchProgress.findFirstOrThrow({ where: { userId: user._id, movieId: movie._id } })).position,
    ).toBe(300);
  });

  test("visitors 401; unknown or malformed movie 404", async () => {
    const user = await freshUser("mark-404");
    const movie = await createTestMovie();
    expect(await mark(undefined, movie._id, { watched: true })).toMatchObject({ status: 401 });
    for (const id of [UNKNOWN_MOVIE, "nope"]) {
      for (const watched of [true, false]) {
        expect(await mark(user.token, id, { watched })).toMatchObject({
          status: 404,
          body: { message: "Movie not found" },
        });
      }
    }
    expect(await db.watchProgress.count({ where: { userId: user._id } })).toBe(0);
  });
});

describe("DELETE /api/user/history/{movieId}", () => {
  test("removes the movie from the history and from Continue watching (idempotent); only the caller's", async () => {
    const [removed, kept] = [await createTestMovie(), await createTestMovie()];
    const ann = await freshUser("forget");
    const ben = await freshUser("forget");
    for (const movie of [removed, kept]) await save(ann.token, movie._id, 300, 600);
    await save(ben.token, removed._id, 300, 600);
    for (let i = 0; i < 2; i++) {
      expect(await api("DELETE", `/api/user/history/${removed._id}`, { token: ann.token })).toMatchObject({
        status: 200,
        body: { message: "Removed from history" },
      });
    }
    const history = (await api("GET", "/api/user/history", { token: ann.token })).body;
    expect(history.movies.map((item: { _id: string }) => item._id)).toEqual([kept._id]);
    expect(await continueIds(ann.token)).toEqual([kept._id]);
    expect(await continueIds(ben.token)).toEqual([removed._id]);
    expect(await api("DELETE", `/api/user/history/${removed._id}`)).toMatchObject({ status: 401 });
    expect(await api("DELETE", "/api/user/history/nope", { token: ann.token })).toMatchObject({
      status: 404,
      body: { message: "Movie not found" },
    });
  });
});
