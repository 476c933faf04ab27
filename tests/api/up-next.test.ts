import { beforeAll, describe, expect, test } from "vitest";
import { api } from "../support/http";
import { createTestCategory, createTestMovie } from "../support/catalogue";
import { freshUser, type TestUser } from "../support/users";

const UNKNOWN_MOVIE = "00000000-0000-4000-8000-000000000000";

type Movie = { _id: string; name: string };
const next = (movieId: string, token?: string) => api("GET", `/api/movie/${movieId}/next`, { token });
const suggested = async (movieId: string, token?: string) => {
  const response = await next(movieId, token);
  expect(response.status).toBe(200);
  return { id: (response.body.movie as Movie | null)?._id, reason: response.body.reason as string | null };
};

// One category: the film being watched, a film rated 5 and one rated 3.
let playing: Movie;
let best: Movie;
let second: Movie;
let reviewer: TestUser;
beforeAll(async () => {
  const category = (await createTestCategory())._id;
  [playing, best, second] = [
    await createTestMovie({}, category),
    await createTestMovie({}, category),
    await createTestMovie({}, category),
  ];
  reviewer = await freshUser("upnext-reviewer");
  for (const [movie, rating] of [
    [best, 5],
    [second, 3],
  ] as const) {
    const response = await api("POST", `/api/movie/review/${movie._id}`, {
      token: reviewer.token,
      body: { rating, message: "Reviewed for the up-next tests." },
    });
    expect(response.status).toBe(200);
  }
});

describe("GET /api/movie/{id}/next", () => {
  test("a visitor gets the best rated film of the same category, as a MovieListItem", async () => {
    const response = await next(playing._id);
    expect(response).toMatchObject({
      status: 200,
      body: { reason: "category", movie: { _id: best._id, name: best.name, rate: 5, countReviews: 1 } },
    });
    // Never the film itself: from the best one, the next best.
    expect(await suggested(best._id)).toEqual({ id: second._id, reason: "category" });
  });

  test("a member never gets a film they watched (90%)", async () => {
    const member = await freshUser("upnext-watched");
    const save = (movie: Movie, position: number) =>
      api("PUT", `/api/user/progress/${movie._id}`, { token: member.token, body: { position, duration: 100 } });
    await save(best, 89);
    expect(await suggested(playing._id, member.token)).toEqual({ id: best._id, reason: "category" });
    await save(best, 90);
    expect(await suggested(playing._id, member.token)).toEqual({ id: second._id, reason: "category" });
    // The whole category watched: the best rated film of all that is left.
    await save(second, 100);
    const overall = await suggested(playing._id, member.token);
    expect(overall.reason).toBe("top-rated");
    expect([playing._id, best._id, second._id]).not.toContain(overall.id);
  });

  test("a member's My List comes first: the film after this one, round to the top, watched ones skipped", async () => {
    const member = await freshUser("upnext-list");
    const [x, y, z] = [await createTestMovie(), await createTestMovie(), await createTestMovie()];
    // Added z, y, x: the list reads x, y, z (most recently added first).
    for (const movie of [z, y, x]) {
      expect((await api("PUT", `/api/user/list/${movie._id}`, { token: member.token })).status).toBe(200);
    }
    expect(await suggested(playing._id, member.token)).toEqual({ id: x._id, reason: "my-list" });
    expect(await suggested(x._id, member.token)).toEqual({ id: y._id, reason: "my-list" });
    expect(await suggested(z._id, member.token)).toEqual({ id: x._id, reason: "my-list" });
    await api("PUT", `/api/user/history/${y._id}`, { token: member.token, body: { watched: true } });
    expect(await suggested(x._id, member.token)).toEqual({ id: z._id, reason: "my-list" });
    // The same film without the member: the category's best.
    expect(await suggested(playing._id)).toEqual({ id: best._id, reason: "category" });
  });

  test("an unknown or malformed movie is 404", async () => {
    for (const id of [UNKNOWN_MOVIE, "nope"]) {
      expect(await next(id)).toMatchObject({ status: 404, body: { message: "Movie not found" } });
    }
  });
});

describe("/api/user/preferences", () => {
  test("autoplay of the next film is on by default; PUT turns it off and on, per member", async () => {
    const [ann, ben] = [await freshUser("prefs"), await freshUser("prefs")];
    expect(await api("GET", "/api/user/preferences", { token: ann.token })).toMatchObject({
      status: 200,
      body: { autoplayNext: true },
    });
    expect(
      await api("PUT", "/api/user/preferences", { token: ann.token, body: { autoplayNext: false } }),
    ).toMatchObject({ status: 200, body: { autoplayNext: false } });
    expect((await api("GET", "/api/user/preferences", { token: ann.token })).body).toEqual({ autoplayNext: false });
    expect((await api("GET", "/api/user/preferences", { token: ben.token })).body).toEqual({ autoplayNext: true });
  });

  test("bad input is 400 and changes nothing; visitors 401", async () => {
    const user = await freshUser("prefs-bad");
    for (const [body, message] of [
      [{}, "autoplayNext is required"],
      [{ autoplayNext: "no" }, "autoplayNext must be true or false"],
    ] as const) {
      const response = await api("PUT", "/api/user/preferences", { token: user.token, body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message, errors: { autoplayNext: [message] } });
    }
    expect((await api("GET", "/api/user/preferences", { token: user.token })).body).toEqual({ autoplayNext: true });
    expect(await api("GET", "/api/user/preferences")).toMatchObject({ status: 401 });
    expect(await api("PUT", "/api/user/preferences", { body: { autoplayNext: false } })).toMatchObject({
      status: 401,
    });
  });
});
