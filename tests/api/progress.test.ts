import { describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { api } from "../support/http";
import { createTestMovie } from "../support/catalogue";
import { adminToken, freshUser } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
const UNKNOWN_MOVIE = "00000000-0000-4000-8000-000000000000";

const save = (token: string | undefined, movieId: string, body: unknown, method = "PUT") =>
  api(method, `/api/user/progress/${movieId}`, { token, body });

describe("PUT /api/user/progress/{movieId}", () => {
  test("saves one row per user and movie; a second save replaces the first", async () => {
    const movie = await createTestMovie();
    const ann = await freshUser("progress");
    const first = await save(ann.token, movie._id, { position: 30, duration: 600 });
    expect(first).toMatchObject({
      status: 200,
      body: { movieId: movie._id, position: 30, duration: 600, updatedAt: expect.any(String) },
    });
    await save(ann.token, movie._id, { position: 95.5, duration: 600 });
    const rows = await db.watchProgress.findMany({ where: { userId: ann._id } });
    expect(rows.map((row) => [row.movieId, row.position, row.duration])).toEqual([[movie._id, 95.5, 600]]);
  });

  test("POST is the same save (navigator.sendBeacon can only POST), with a JSON Blob", async () => {
    const movie = await createTestMovie();
    const ann = await freshUser("beacon");
    expect(await save(ann.token, movie._id, { position: 42, duration: 600 }, "POST")).toMatchObject({
      status: 200,
      body: { position: 42 },
    });
    expect(await save(ann.token, movie._id, { position: -1, duration: 600 }, "POST")).toMatchObject({
      status: 400,
      body: { message: "position must not be negative" },
    });
  });

  test.each([
    [{ duration: 600 }, "position", "position is required"],
    [{ position: "12", duration: 600 }, "position", "position must be a number"],
    [{ position: -1, duration: 600 }, "position", "position must not be negative"],
    [{ position: 601, duration: 600 }, "position", "position must not be past the duration"],
    [{ position: 10 }, "duration", "duration is required"],
    [{ position: 0, duration: 0 }, "duration", "duration must be more than 0"],
    [{ position: 1, duration: 1e9 }, "duration", "duration is too large"],
  ])("%j is 400 with errors.%s = %s, and writes nothing", async (body, field, message) => {
    const movie = await createTestMovie();
    const user = await freshUser("badprogress");
    const response = await save(user.token, movie._id, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, errors: { [field]: [message] } });
    expect(await db.watchProgress.count({ where: { userId: user._id } })).toBe(0);
  });

  test("malformed JSON is 400; visitors 401; unknown or malformed movie 404, nothing written", async () => {
    const movie = await createTestMovie();
    const user = await freshUser("progress404");
    expect(
      await api("PUT", `/api/user/progress/${movie._id}`, {
        token: user.token,
        raw: "{",
        headers: { "content-type": "application/json" },
      }),
    ).toMatchObject({ status: 400, body: { message: "Invalid JSON body" } });
    expect(await save(undefined, movie._id, { position: 1, duration: 10 })).toMatchObject({ status: 401 });
    expect(await api("GET", "/api/user/progress")).toMatchObject({ status: 401 });
    expect(await api("DELETE", `/api/user/progress/${movie._id}`)).toMatchObject({ status: 401 });
    for (const id of [UNKNOWN_MOVIE, "nope"]) {
      expect(await save(user.token, id, { position: 1, duration: 10 })).toMatchObject({
        status: 404,
        body: { message: "Movie not found" },
      });
    }
    expect(await db.watchProgress.count({ where: { userId: user._id } })).toBe(0);
  });
});

describe("GET /api/user/progress (Continue watching)", () => {
  test("lists movies between 5% and 90%, most recently watched first, with their progress", async () => {
    const [early, middle, late, finished, latest] = await Promise.all([
      createTestMovie(),
      createTestMovie(),
      createTestMovie(),
      createTestMovie(),
      createTestMovie(),
    ]);
    const user = await freshUser("continue");
    await save(user.token, early._id, { position: 29, duration: 600 }); // under 5%
    await save(user.token, middle._id, { position: 300, duration: 600 });
    await save(user.token, late._id, { position: 30, duration: 600 }); // exactly 5%
    await save(user.token, finished._id, { position: 540, duration: 600 }); // 90%: watched
    await save(user.token, latest._id, { position: 539, duration: 600 });
    const response = await api("GET", "/api/user/progress", { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body.map((item: { _id: string }) => item._id)).toEqual([latest._id, late._id, middle._id]);
    expect(response.body[2]).toMatchObject({
      _id: middle._id,
      name: middle.name,
      video: middle.video,
      category: { _id: middle.category },
      progress: { position: 300, duration: 600, updatedAt: expect.any(String) },
    });
  });

  test("two users' progress stays apart; DELETE removes only the caller's row (idempotent)", async () => {
    const movie = await createTestMovie();
    const ann = await freshUser("ann");
    const ben = await freshUser("ben");
    await save(ann.token, movie._id, { position: 100, duration: 600 });
    await save(ben.token, movie._id, { position: 200, duration: 600 });
    expect(
      (await api("GET", "/api/user/progress", { token: ann.token })).body.map(
        (m: { progress: { position: number } }) => m.progress.position,
      ),
    ).toEqual([100]);
    expect(
      (await api("GET", "/api/user/progress", { token: ben.token })).body.map(
        (m: { progress: { position: number } }) => m.progress.position,
      ),
    ).toEqual([200]);

    for (let i = 0; i < 2; i++) {
      expect(await api("DELETE", `/api/user/progress/${movie._id}`, { token: ann.token })).toMatchObject({
        status: 200,
        body: { message: "Removed from Continue watching" },
      });
    }
    expect((await api("GET", "/api/user/progress", { token: ann.token })).body).toEqual([]);
    expect((await api("GET", "/api/user/progress", { token: ben.token })).body).toHaveLength(1);
  });

  test("deleting a movie or a user removes their progress rows", async () => {
    const [kept, deleted] = await Promise.all([createTestMovie(), createTestMovie()]);
    const ann = await freshUser("cascade");
    const ben = await freshUser("cascade");
    for (const user of [ann, ben]) {
      for (const movie of [kept, deleted]) await save(user.token, movie._id, { position: 100, duration: 600 });
    }
    expect(await api("DELETE", `/api/movie/${deleted._id}`, { token: await adminToken() })).toMatchObject({
      status: 200,
    });
    expect(await db.watchProgress.count({ where: { movieId: deleted._id } })).toBe(0);
    expect(
      (await api("GET", "/api/user/progress", { token: ann.token })).body.map((m: { _id: string }) => m._id),
    ).toEqual([kept._id]);

    expect(await api("DELETE", "/api/user", { token: ann.token })).toMatchObject({ status: 200 });
    expect(await db.watchProgress.count({ where: { userId: ann._id } })).toBe(0);
    expect(await db.watchProgress.count({ where: { userId: ben._id } })).toBe(1);
  });
});
