import { describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { absolute, api } from "../support/http";
import { IMAGE, createTestMovie } from "../support/catalogue";
import { adminToken, freshUser } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
const UNKNOWN_MOVIE = "00000000-0000-4000-8000-000000000000";

const listIds = async (token: string) =>
  ((await api("GET", "/api/user/list", { token })).body as { _id: string }[]).map((movie) => movie._id);

describe("My List (/api/user/list)", () => {
  test("PUT adds, GET lists the most recently added first as MovieListItems, DELETE removes", async () => {
    const [first, second] = [await createTestMovie(), await createTestMovie()];
    const user = await freshUser("mylist");
    expect(await api("GET", "/api/user/list", { token: user.token })).toMatchObject({ status: 200, body: [] });

    for (const movie of [first, second]) {
      expect(await api("PUT", `/api/user/list/${movie._id}`, { token: user.token })).toMatchObject({
        status: 200,
        body: { message: "Added to My List", inList: true },
      });
    }
    const listed = await api("GET", "/api/user/list", { token: user.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((movie: { _id: string }) => movie._id)).toEqual([second._id, first._id]);
    expect(listed.body[0]).toMatchObject({
      _id: second._id,
      name: second.name,
      image: absolute(IMAGE),
      category: { _id: second.category },
      durationSeconds: null,
    });

    expect(await api("DELETE", `/api/user/list/${second._id}`, { token: user.token })).toMatchObject({
      status: 200,
      body: { message: "Removed from My List", inList: false },
    });
    expect(await listIds(user.token)).toEqual([first._id]);
  });

  test("adding twice keeps one entry in its place; removing twice is fine (idempotent)", async () => {
    const [older, newer] = [await createTestMovie(), await createTestMovie()];
    const user = await freshUser("mylist-idem");
    await api("PUT", `/api/user/list/${older._id}`, { token: user.token });
    await api("PUT", `/api/user/list/${newer._id}`, { token: user.token });
    // Added again at once (a double click): still one entry each, and the older one stays second.
    const again = await Promise.all([
      api("PUT", `/api/user/list/${older._id}`, { token: user.token }),
      api("PUT", `/api/user/list/${older._id}`, { token: user.token }),
    ]);
    expect(again.map((response) => response.status)).toEqual([200, 200]);
    expect(await listIds(user.token)).toEqual([newer._id, older._id]);
    for (let i = 0; i < 2; i++) {
      expect(await api("DELETE", `/api/user/list/${older._id}`, { token: user.token })).toMatchObject({
        status: 200,
        body: { inList: false },
      });
    }
    expect(await listIds(user.token)).toEqual([newer._id]);
  });

  test("visitors get 401; an unknown or malformed movie is 404 and adds nothing", async () => {
    const movie = await createTestMovie();
    const user = await freshUser("mylist-404");
    for (const [method, path] of [
      ["GET", "/api/user/list"],
      ["PUT", `/api/user/list/${movie._id}`],
      ["DELETE", `/api/user/list/${movie._id}`],
    ] as const) {
      expect(await api(method, path)).toMatchObject({ status: 401, body: { message: "Not authorized, no token" } });
    }
    for (const id of [UNKNOWN_MOVIE, "nope"]) {
      expect(await api("PUT", `/api/user/list/${id}`, { token: user.token })).toMatchObject({
        status: 404,
        body: { message: "Movie not found" },
      });
    }
    expect(await api("DELETE", "/api/user/list/nope", { token: user.token })).toMatchObject({
      status: 404,
      body: { message: "Movie not found" },
    });
    expect(await db.myListEntry.count({ where: { userId: user._id } })).toBe(0);
  });

  test("each user has their own list, apart from favourites; deleting a movie or the user removes entries", async () => {
    const [kept, deleted] = [await createTestMovie(), await createTestMovie()];
    const ann = await freshUser("mylist-ann");
    const ben = await freshUser("mylist-ben");
    for (const movie of [kept, deleted]) await api("PUT", `/api/user/list/${movie._id}`, { token: ann.token });
    expect(await listIds(ben.token)).toEqual([]);
    expect((await api("GET", "/api/user/favorite", { token: ann.token })).body).toEqual([]);

    expect(await api("DELETE", `/api/movie/${deleted._id}`, { token: await adminToken() })).toMatchObject({
      status: 200,
    });
    expect(await listIds(ann.token)).toEqual([kept._id]);
    expect(await api("DELETE", "/api/user", { token: ann.token })).toMatchObject({ status: 200 });
    expect(await db.myListEntry.count({ where: { userId: ann._id } })).toBe(0);
  });
});
