// Recommendations: "More like this", "Trending this week" and a member's "Because you watched"
// rows, from what members watch, like and rate (co-watching) blended with category and cast.
// Every test makes its own category and cast names, so other tests' movies and viewers never
// co-occur with its own.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, test, vi } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { IMAGE, createTestCategory, createTestMovie } from "../support/catalogue";
import { api } from "../support/http";
import { freshUser, type TestUser } from "../support/users";

// nextSuggestion is a library function (the player's Up next will call it): called here directly,
// outside Next, where its cached reads simply read the database.
vi.mock("next/cache", () => ({ cacheLife: () => {}, cacheTag: () => {}, revalidateTag: () => {} }));

const db = createPrismaClient(process.env.DATABASE_URL!);
afterAll(() => db.$disconnect());

type Listed = { _id: string; name: string };
const ids = (movies: Listed[]) => movies.map((movie) => movie._id);

/** `count` movies of one new category, each with a cast of its own. */
async function movies(count: number): Promise<Listed[]> {
  const category = await createTestCategory();
  const made: Listed[] = [];
  for (let i = 0; i < count; i++)
    made.push(await createTestMovie({ casts: [{ name: `Actor ${randomUUID()}`, image: IMAGE }] }, category._id));
  return made;
}

const finish = (user: TestUser, movie: Listed) =>
  api("PUT", `/api/user/progress/${movie._id}`, { token: user.token, body: { position: 600, duration: 600 } });
const startWatching = (user: TestUser, movie: Listed) =>
  api("PUT", `/api/user/progress/${movie._id}`, { token: user.token, body: { position: 120, duration: 600 } });

describe("GET /api/movie/{id}/similar (More like this)", () => {
  test("the films its audience also watched, most shared first, then its category; never itself", async () => {
    const [seed, most, some, once, categoryOnly] = await movies(5);
    const other = await createTestMovie({ casts: [{ name: `Actor ${randomUUID()}`, image: IMAGE }] }); // another category
    const viewers = await Promise.all(Array.from({ length: 3 }, () => freshUser("viewer")));
    for (const [i, viewer] of viewers.entries()) {
      await finish(viewer, seed!);
      await finish(viewer, most!);
      if (i < 2) await finish(viewer, some!);
      if (i < 1) await startWatching(viewer, once!);
    }
    const response = await api("GET", `/api/movie/${seed!._id}/similar`);
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual(ids([most!, some!, once!, categoryOnly!]));
    expect(response.body[0]).toMatchObject({ name: most!.name, category: { name: expect.any(String) } });
    expect(ids(response.body)).not.toContain(other._id);
  });

  test("a film watched with it in another category comes in; one its audience disliked does not", async () => {
    const [seed] = await movies(1);
    const [elsewhere, panned] = await movies(2); // a second category
    const viewers = await Promise.all(Array.from({ length: 2 }, () => freshUser("viewer")));
    for (const viewer of viewers) {
      await finish(viewer, seed!);
      await finish(viewer, elsewhere!);
      await finish(viewer, panned!);
      await api("POST", `/api/movie/review/${panned!._id}`, {
        token: viewer.token,
        body: { rating: 0, message: "Could not stand it" },
      });
    }
    expect(ids((await api("GET", `/api/movie/${seed!._id}/similar`)).body)).toEqual([elsewhere!._id]);
  });

  test("a film nobody has watched: its category and its cast", async () => {
    const actor = `Actor ${randomUUID()}`;
    const category = await createTestCategory();
    const seed = await createTestMovie({ casts: [{ name: actor, image: IMAGE }] }, category._id);
    const sibling = await createTestMovie({ casts: [{ name: `Actor ${randomUUID()}`, image: IMAGE }] }, category._id);
    const sameActor = await createTestMovie({ casts: [{ name: actor, image: IMAGE }] }); // another category
    expect(ids((await api("GET", `/api/movie/${seed._id}/similar`)).body)).toEqual([sibling._id, sameActor._id]);
  });

  test("unknown or malformed movie 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(await api("GET", `/api/movie/${id}/similar`)).toMatchObject({
        status: 404,
        body: { message: "Movie not found" },
      });
    }
  });
});

describe("GET /api/user/recommendations (Because you watched)", () => {
  test("rows for the films a member watched, without what they finished, are watching, liked or disliked", async () => {
    const [seed, top, second, third, categoryOnly, finished, watching, liked, disliked] = await movies(9);
    const member = await freshUser("member");
    await finish(member, finished!);
    await startWatching(member, watching!);
    await api("POST", "/api/user/favorite", { token: member.token, body: { idMovie: liked!._id } });
    await api("POST", `/api/movie/review/${disliked!._id}`, {
      token: member.token,
      body: { rating: 1, message: "Not for me at all" },
    });
    await finish(member, seed!); // the latest: the first row is for it
    // Others who watched the seed: everything they watched with it is a candidate.
    const others = await Promise.all(Array.from({ length: 3 }, () => freshUser("other")));
    for (const [i, other] of others.entries()) {
      await finish(other, seed!);
      for (const movie of [top!, finished!, watching!, liked!, disliked!]) await finish(other, movie);
      if (i < 2) await finish(other, second!);
      if (i < 1) await finish(other, third!);
    }

    const response = await api("GET", "/api/user/recommendations", { token: member.token });
    expect(response.status).toBe(200);
    // The films being watched and finished are seeds too, but their neighbours are all seen or
    // already in the first row: too few for a row of their own.
    expect(response.body).toHaveLength(1);
    expect(response.body[0].because).toEqual({ _id: seed!._id, name: seed!.name });
    expect(ids(response.body[0].movies)).toEqual(ids([top!, second!, third!, categoryOnly!]));
    expect(response.body[0].movies[0]).toMatchObject({ name: top!.name, image: expect.stringMatching(/^http/) });
  });

  test("a rating of Good or better makes a seed; a dislike never does", async () => {
    const [loved, lovedSibling1, lovedSibling2, lovedSibling3] = await movies(4);
    const [hated] = await movies(4); // with three films of its category, which would fill a row
    const member = await freshUser("critic");
    await api("POST", `/api/movie/review/${loved!._id}`, {
      token: member.token,
      body: { rating: 2, message: "Good, really" },
    });
    await api("POST", `/api/movie/review/${hated!._id}`, {
      token: member.token,
      body: { rating: 0, message: "Poor, really" },
    });
    const rows = (await api("GET", "/api/user/recommendations", { token: member.token })).body;
    expect(rows.map((row: { because: Listed }) => row.because._id)).toEqual([loved!._id]);
    expect(ids(rows[0].movies).sort()).toEqual(ids([lovedSibling1!, lovedSibling2!, lovedSibling3!]).sort());
  });

  test("nothing watched: no rows; visitors 401", async () => {
    const member = await freshUser("new");
    expect(await api("GET", "/api/user/recommendations", { token: member.token })).toMatchObject({
      status: 200,
      body: [],
    });
    expect(await api("GET", "/api/user/recommendations")).toMatchObject({
      status: 401,
      body: { message: "Not authorized, no token" },
    });
  });
});

describe("nextSuggestion (for the player's Up next)", () => {
  test("the best neighbour the member has not seen; null when there is none", async () => {
    const { nextSuggestion } = await import("@/lib/data/recommendations");
    const [current, seen, next] = await movies(3);
    const member = await freshUser("next");
    const other = await freshUser("other");
    for (const movie of [current!, seen!, next!]) await finish(other, movie);
    await finish(member, seen!);
    expect((await nextSuggestion(member._id, current!._id))?._id).toBe(next!._id);
    await finish(member, next!);
    // Nothing left of its own: the week's most played film the member has not seen, or null.
    const fallback = await nextSuggestion(member._id, current!._id);
    expect([current!._id, seen!._id, next!._id]).not.toContain(fallback?._id);
  });
});

describe("GET /api/movie/trending (Trending this week)", () => {
  test("the most played movies of the last 7 days with their plays, fresh within a minute or two", async () => {
    const [first, second, falseStart, lastWeek] = await movies(4);
    // 40 viewers, written straight to the database: registering them through the API would spend
    // the test hashing passwords. More plays than any other test makes, so these lead the list.
    const viewers = await db.user.createManyAndReturn({
      data: Array.from({ length: 40 }, (_, i) => ({
        email: `trend-${first!._id}-${i}@example.test`,
        fullName: "Trend",
      })),
      select: { id: true },
    });
    const plays = (movie: Listed, count: number, position: number, daysAgo = 0) =>
      db.$executeRaw`
          INSERT INTO "WatchProgress" ("userId", "movieId", "position", "duration", "updatedAt")
          SELECT u, ${movie._id}::uuid, ${position}, 600, now() - make_interval(days => ${daysAgo})
          FROM unnest(${viewers.slice(0, count).map((viewer) => viewer.id)}::uuid[]) AS u`;
    await plays(first!, 40, 600);
    await plays(second!, 30, 120);
    await plays(falseStart!, 40, 10); // under 5%: a false start, not a play
    await plays(lastWeek!, 40, 600, 8); // not this week

    // The list is cached for a minute (lib/data/recommendations.ts): it shows these plays by the
    // time that minute is over, however early another request cached it.
    let trending: (Listed & { plays: number })[] = [];
    const deadline = Date.now() + 150_000;
    for (;;) {
      trending = (await api("GET", "/api/movie/trending")).body;
      if (trending[0]?._id === first!._id || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    expect(trending.slice(0, 2).map((movie) => [movie._id, movie.plays])).toEqual([
      [first!._id, 40],
      [second!._id, 30],
    ]);
    expect(ids(trending)).not.toContain(lastWeek!._id);
    expect(ids(trending)).not.toContain(falseStart!._id);
    expect(trending.length).toBeLessThanOrEqual(10);
  }, 180_000);
});
