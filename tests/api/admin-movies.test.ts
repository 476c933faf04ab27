// The admin movie list at scale (issue 26): search by the site's own rules, filters, sorts, pages and
// bulk actions; and drafts, which only this list shows.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { api } from "../support/http";
import { IMAGE, createTestCategory, createTestMovie } from "../support/catalogue";
import { adminToken, freshUser, memberToken } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
type Row = {
  _id: string;
  name: string;
  year: number;
  draft: boolean;
  category: { _id: string; name: string } | null;
  media: { state: string } | null;
};
const list = async (query: string) => {
  const response = await api<{ movies: Row[]; moviesCount: number; totalPage: number; currentPage: number }>(
    "GET",
    `/api/admin/movies?${query}`,
    { token: await adminToken() },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const names = (rows: Row[]) => rows.map((row) => row.name);

const EXTERNAL_VIDEO = "https://videos.example.test/movie.mp4";

/** A word no other test's movie holds, so a search or a category filter sees only this test's rows. */
const word = () =>
  `zq${randomUUID()
    .replace(/[^a-z]/g, "")
    .slice(0, 8)}`;

let category: { _id: string; name: string };
let other: { _id: string; name: string };
let tag: string;
let movies: Record<"alpha" | "bravo" | "charlie", { _id: string; name: string }>;

beforeAll(async () => {
  category = await createTestCategory();
  other = await createTestCategory();
  tag = word();
  // Videos on another site: nothing to transcode, so their video state stays "not transcoded".
  const video = EXTERNAL_VIDEO;
  movies = {
    alpha: await createTestMovie(
      { name: `Alpha ${tag} Lighthouse`, year: 2001, hour: 3, language: "French", video },
      category._id,
    ),
    bravo: await createTestMovie(
      { name: `Bravo ${tag} Harbor`, year: 1999, hour: 1, language: "German", video },
      category._id,
    ),
    charlie: await createTestMovie({ name: `Charlie ${tag} Meridian`, year: 2010, hour: 2, video }, other._id),
  };
});

describe("GET /api/admin/movies: who may call", () => {
  test("401 without a token, 403 for a member", async () => {
    expect((await api("GET", "/api/admin/movies")).status).toBe(401);
    expect(await api("GET", "/api/admin/movies", { token: await memberToken() })).toMatchObject({
      status: 403,
      body: { message: "Not authorized as an admin" },
    });
  });
});

describe("GET /api/admin/movies", () => {
  test("searches by the site's own rules: a typo in a word still finds the movie", async () => {
    const page = await list(`search=${encodeURIComponent(`${tag} lihgthouse`)}`);
    expect(names(page.movies)).toEqual([movies.alpha.name]);
    expect(page.moviesCount).toBe(1);
  });

  test("filters by category, and sorts by each column both ways", async () => {
    const byYear = await list(`category=${category._id}&sort=year`);
    expect(names(byYear.movies)).toEqual([movies.bravo.name, movies.alpha.name]);
    const byYearDesc = await list(`category=${category._id}&sort=year&order=desc`);
    expect(names(byYearDesc.movies)).toEqual([movies.alpha.name, movies.bravo.name]);
    expect(names((await list(`search=${tag}&sort=name&order=desc`)).movies)).toEqual([
      movies.charlie.name,
      movies.bravo.name,
      movies.alpha.name,
    ]);
    expect(names((await list(`search=${tag}&sort=hour`)).movies)).toEqual([
      movies.bravo.name,
      movies.charlie.name,
      movies.alpha.name,
    ]);
    expect(names((await list(`search=${tag}&sort=language`)).movies)).toEqual([
      movies.charlie.name,
      movies.alpha.name,
      movies.bravo.name,
    ]);
    // Category names sort the rows of both categories.
    const byCategory = names((await list(`search=${tag}&sort=category`)).movies);
    const firstCategory = [category.name, other.name].sort()[0] === category.name;
    expect(byCategory.at(firstCategory ? -1 : 0)).toBe(movies.charlie.name);
  });

  test("the category sort follows a category renamed and a movie moved, both ways, any case", async () => {
    const own = word();
    const first = await createTestCategory(`aa ${own}`);
    const second = await createTestCategory(`AB ${own}`);
    const one = await createTestMovie({ name: `One ${own}` }, first._id);
    const two = await createTestMovie({ name: `Two ${own}` }, second._id);
    const sorted = async (order: string) => names((await list(`search=${own}&sort=category&order=${order}`)).movies);
    // "aa" before "AB": the name's case does not count, as the category list orders them.
    expect(await sorted("asc")).toEqual([one.name, two.name]);
    expect(await sorted("desc")).toEqual([two.name, one.name]);
    const renamed = await api("PUT", `/api/category/${first._id}`, {
      token: await adminToken(),
      body: { name: `ac ${own}` },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await sorted("asc")).toEqual([two.name, one.name]);
    const third = await createTestCategory(`ad ${own}`);
    const moved = await api("PUT", `/api/movie/${two._id}`, {
      token: await adminToken(),
      body: { category: third._id },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await sorted("asc")).toEqual([one.name, two.name]);
    expect((await list(`search=${own}&sort=category`)).movies.map((row) => row.category?.name)).toEqual([
      `ac ${own}`,
      `ad ${own}`,
    ]);
  });

  test("pages with the page size asked for; other sizes are a 400", async () => {
    const first = await list("limit=20&page=1");
    expect(first.movies).toHaveLength(20);
    expect(first.totalPage).toBe(Math.ceil(first.moviesCount / 20));
    // The exact totals, drafts included unless only the published are asked for.
    const draft = await createTestMovie({ name: `Draft ${word()}` }, category._id);
    await db.movie.update({ where: { id: draft._id }, data: { draft: true } });
    expect((await list("")).moviesCount).toBe(await db.movie.count());
    expect((await list("status=published")).moviesCount).toBe(await db.movie.count({ where: { draft: false } }));
    expect((await list("status=draft")).moviesCount).toBe(await db.movie.count({ where: { draft: true } }));
    const second = await list("limit=20&page=2");
    expect(second.movies.map((m) => m._id)).not.toContain(first.movies[0]!._id);
    expect(await api("GET", "/api/admin/movies?limit=30", { token: await adminToken() })).toMatchObject({
      status: 400,
      body: { message: "limit must be one of 20, 50, 100", errors: { limit: ["limit must be one of 20, 50, 100"] } },
    });
    expect(await api("GET", "/api/admin/movies?media=broken", { token: await adminToken() })).toMatchObject({
      status: 400,
      body: { message: "media must be one of queued, transcoding, failed, cancelled, ready, original, none" },
    });
  });

  test("every page follows the order, without a gap or a repeat, the later ones read from the list's other end", async () => {
    const cases: [string, Prisma.MovieOrderByWithRelationInput[]][] = [
      ["sort=hour&order=asc", [{ hour: { sort: "asc", nulls: "last" } }, { createdAt: "desc" }, { id: "asc" }]],
      [
        "sort=media&order=desc",
        [{ mediaState: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { id: "asc" }],
      ],
      [
        "sort=category&order=asc",
        [{ categoryName: { sort: "asc", nulls: "last" } }, { createdAt: "desc" }, { id: "asc" }],
      ],
      [`category=${category._id}&order=asc`, [{ createdAt: "asc" }, { id: "asc" }]],
      ["", [{ createdAt: "desc" }, { id: "asc" }]],
    ];
    for (const [query, orderBy] of cases) {
      const where = query.startsWith("category=") ? { categoryId: category._id } : {};
      const databaseOrder = async () =>
        (await db.movie.findMany({ where, orderBy, select: { id: true } })).map((movie) => movie.id);
      // Other test files run beside this one: a video they upload changes its movie's state, and so
      // its place in sort=media, while the pages are read. The database's order is read before and
      // after; when they differ, the rows moved during the read, and the case is read again.
      for (let attempt = 1; ; attempt++) {
        const before = await databaseOrder();
        const first = await list(`${query}&limit=20&page=1`);
        const pages = [first.movies];
        for (let page = 2; page <= first.totalPage + 1; page++)
          pages.push((await list(`${query}&limit=20&page=${page}`)).movies);
        const expected = await databaseOrder();
        if (attempt < 3 && before.join() !== expected.join()) continue;
        expect(pages.at(-1), `${query}: the page after the last`).toEqual([]);
        expect(
          pages.flat().map((movie) => movie._id),
          query,
        ).toEqual(expected);
        break;
      }
    }
  });

  test("filters by video state and by draft", async () => {
    const movie = await createTestMovie({ name: `Delta ${tag}`, video: EXTERNAL_VIDEO }, category._id);
    await db.movie.update({ where: { id: movie._id }, data: { mediaState: "failed", mediaError: "Bad file" } });
    expect(names((await list(`search=${tag}&media=failed`)).movies)).toEqual([movie.name]);
    expect(names((await list(`category=${category._id}&media=original`)).movies).sort()).toEqual(
      [movies.alpha.name, movies.bravo.name].sort(),
    );
    // Hidden from the public: the list still has it, as a draft.
    expect(
      (await api("PUT", `/api/movie/${movie._id}`, { token: await adminToken(), body: { draft: true } })).status,
    ).toBe(200);
    const drafts = await list(`search=${tag}&status=draft`);
    expect(drafts.movies).toMatchObject([{ _id: movie._id, draft: true, media: { state: "failed" } }]);
    expect(names((await list(`search=${tag}&status=published`)).movies)).not.toContain(movie.name);
  });
});

describe("drafts are hidden from everything public", () => {
  test("listing, search, suggest, detail, related, top rated, favourites, reviews, progress, sitemap", async () => {
    const cat = await createTestCategory();
    const name = `Hidden ${word()}`;
    const published = await createTestMovie({ name: `${name} Sibling` }, cat._id);
    const draft = await createTestMovie({ name }, cat._id);
    const user = await freshUser("draft-viewer");
    expect((await api("POST", "/api/user/favorite", { token: user.token, body: { idMovie: draft._id } })).status).toBe(
      200,
    );
    expect(
      (await api("PUT", `/api/movie/${draft._id}`, { token: await adminToken(), body: { draft: true } })).status,
    ).toBe(200);

    const listed = await api("GET", `/api/movie?category=${cat._id}`);
    expect(listed.body.movies.map((m: Row) => m._id)).toEqual([published._id]);
    expect(listed.body.moviesCount).toBe(1);
    const searched = await api("GET", `/api/movie?search=${encodeURIComponent(name)}`);
    expect(searched.body.movies.map((m: Row) => m._id)).toEqual([published._id]);
    const suggested = await api("GET", `/api/movie/suggest?q=${encodeURIComponent(name)}`);
    expect(suggested.body.map((m: Row) => m._id)).toEqual([published._id]);
    expect(await api("GET", `/api/movie/${draft._id}`)).toMatchObject({
      status: 404,
      body: { message: "Movie not found" },
    });
    expect((await api("GET", `/movie/${draft._id}`)).status).toBe(404);
    const watch = await api<string>("GET", `/watch/${draft._id}`);
    expect(watch.status).toBe(404);
    expect(watch.body).toContain("Page not found");
    expect(watch.body).not.toContain(name);
    const favourites = await api("GET", "/api/user/favorite", { token: user.token });
    expect(favourites.body.map((m: Row) => m._id)).not.toContain(draft._id);
    expect(await api("POST", "/api/user/favorite", { token: user.token, body: { idMovie: draft._id } })).toMatchObject({
      status: 200, // the earlier like is taken back
      body: { liked: false },
    });
    expect(await api("POST", "/api/user/favorite", { token: user.token, body: { idMovie: draft._id } })).toMatchObject({
      status: 404,
    });
    expect(
      await api("POST", `/api/movie/review/${draft._id}`, {
        token: user.token,
        body: { rating: 4, message: "Great film" },
      }),
    ).toMatchObject({ status: 404, body: { message: "Movie not found" } });
    expect(
      (
        await api("PUT", `/api/user/progress/${draft._id}`, {
          token: user.token,
          body: { position: 10, duration: 100 },
        })
      ).status,
    ).toBe(404);
    const sitemap = await (await fetch(`${process.env.TEST_BASE_URL}/sitemap.xml`)).text();
    expect(sitemap).toContain(published._id);
    expect(sitemap).not.toContain(draft._id);
    // The unfiltered listing's total counts published movies only.
    const total = (await api("GET", "/api/movie?limit=1")).body.moviesCount;
    expect(total).toBe(await db.movie.count({ where: { draft: false } }));

    // Published again: back everywhere.
    expect(
      (await api("PUT", `/api/movie/${draft._id}`, { token: await adminToken(), body: { draft: false } })).status,
    ).toBe(200);
    expect((await api("GET", `/api/movie/${draft._id}`)).status).toBe(200);
  });

  test("publishing a draft that is not complete is a 400 naming what is missing, and changes nothing", async () => {
    const draft = await db.movie.create({
      data: { name: `Bare ${word()}`, year: 2001, draft: true, titleImage: "", image: IMAGE, language: "", video: "" },
    });
    const response = await api("PUT", `/api/movie/${draft.id}`, { token: await adminToken(), body: { draft: false } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Decs is required");
    expect(Object.keys(response.body.errors).sort()).toEqual(
      ["casts", "category", "desc", "hour", "language", "titleImage", "video"].sort(),
    );
    expect((await db.movie.findUniqueOrThrow({ where: { id: draft.id } })).draft).toBe(true);
    // The admin's detail shows a draft as it is.
    const detail = await api("GET", `/api/admin/movies/${draft.id}`, { token: await adminToken() });
    expect(detail).toMatchObject({
      status: 200,
      body: { _id: draft.id, draft: true, category: "", hour: 0, casts: [] },
    });
  });
});

describe("POST /api/admin/movies/bulk", () => {
  const bulk = async (body: unknown) => api("POST", "/api/admin/movies/bulk", { token: await adminToken(), body });

  test("refuses a member, an unknown action and an empty selection", async () => {
    expect((await api("POST", "/api/admin/movies/bulk", { token: await memberToken(), body: {} })).status).toBe(403);
    expect(await bulk({ action: "burn", ids: [movies.alpha._id] })).toMatchObject({
      status: 400,
      body: { message: "action must be one of delete, category, transcode, publish, unpublish" },
    });
    expect(await bulk({ action: "delete", ids: [] })).toMatchObject({
      status: 400,
      body: { message: "Select at least one movie" },
    });
    expect(await bulk({ action: "category", ids: [movies.alpha._id] })).toMatchObject({
      status: 400,
      body: { message: "Category is required", errors: { category: ["Category is required"] } },
    });
  });

  test("moves the selected movies to a category; an unknown id is reported, not fatal", async () => {
    const target = await createTestCategory();
    const one = await createTestMovie({}, category._id);
    const two = await createTestMovie({}, category._id);
    const missing = "00000000-0000-4000-8000-000000000000";
    const response = await bulk({ action: "category", ids: [one._id, two._id, missing], category: target._id });
    expect(response).toMatchObject({
      status: 200,
      body: {
        message: "2 movies moved",
        failed: [{ _id: missing, name: "", message: "Movie not found" }],
      },
    });
    expect(response.body.done.sort()).toEqual([one._id, two._id].sort());
    const listed = await api("GET", `/api/movie?category=${target._id}`);
    expect(listed.body.movies.map((m: Row) => m._id).sort()).toEqual([one._id, two._id].sort());
  });

  test("deletes the selected movies", async () => {
    const one = await createTestMovie({}, category._id);
    const two = await createTestMovie({}, category._id);
    expect(await bulk({ action: "delete", ids: [one._id, two._id] })).toMatchObject({
      status: 200,
      body: { message: "2 movies deleted", failed: [] },
    });
    expect((await api("GET", `/api/movie/${one._id}`)).status).toBe(404);
    expect((await api("GET", `/api/movie/${two._id}`)).status).toBe(404);
  });

  test("transcodes again the movies whose video is stored here; others are reported", async () => {
    const external = await createTestMovie({ video: EXTERNAL_VIDEO }, category._id);
    const stored = await createTestMovie({}, category._id);
    const response = await bulk({ action: "transcode", ids: [external._id, stored._id] });
    expect(response).toMatchObject({
      status: 200,
      body: {
        message: "1 transcode queued",
        done: [stored._id],
        failed: [
          {
            _id: external._id,
            message: "Its video is not a file stored here, so it cannot be transcoded.",
          },
        ],
      },
    });
    expect((await db.movie.findUniqueOrThrow({ where: { id: stored._id } })).mediaState).not.toBeNull();
  });

  test("publishes complete drafts and reports the incomplete ones", async () => {
    const complete = await createTestMovie({}, category._id);
    await db.movie.update({ where: { id: complete._id }, data: { draft: true } });
    const bare = await db.movie.create({
      data: { name: `Bare ${word()}`, year: 2001, draft: true, titleImage: "", image: "", language: "", video: "" },
    });
    const response = await bulk({ action: "publish", ids: [complete._id, bare.id] });
    expect(response).toMatchObject({
      status: 200,
      body: {
        message: "1 movie published",
        done: [complete._id],
        failed: [{ _id: bare.id, name: bare.name, message: "Decs is required" }],
      },
    });
    expect((await api("GET", `/api/movie/${complete._id}`)).status).toBe(200);
  });

  test("unpublishes the selected movies: hidden from the public at once, listed as drafts", async () => {
    // A category of their own: the other tests leave drafts in the shared one.
    const own = await createTestCategory();
    const one = await createTestMovie({}, own._id);
    const two = await createTestMovie({}, own._id);
    // Read once, so the public detail is in the cache that unpublishing must expire.
    expect((await api("GET", `/api/movie/${one._id}`)).status).toBe(200);
    const missing = "00000000-0000-4000-8000-000000000000";
    const response = await bulk({ action: "unpublish", ids: [one._id, two._id, missing] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: "2 movies unpublished",
      done: expect.arrayContaining([one._id, two._id]),
      failed: [{ _id: missing, name: "", message: "Movie not found" }],
    });
    expect(response.body.done).toHaveLength(2);
    for (const movie of [one, two]) {
      expect(await api("GET", `/api/movie/${movie._id}`)).toMatchObject({
        status: 404,
        body: { message: "Movie not found" },
      });
      expect((await api("GET", `/movie/${movie._id}`)).status).toBe(404);
    }
    const drafts = await list(`category=${own._id}&status=draft`);
    expect(drafts.movies.map((m) => m._id).sort()).toEqual([one._id, two._id].sort());
    expect(drafts.movies.every((m) => m.draft)).toBe(true);
    // Publishing brings them back.
    expect(await bulk({ action: "publish", ids: [one._id, two._id] })).toMatchObject({
      status: 200,
      body: { message: "2 movies published", failed: [] },
    });
    expect((await api("GET", `/api/movie/${one._id}`)).status).toBe(200);
  });

  test("unpublishing is for admins only, and a draft stays a draft", async () => {
    const movie = await createTestMovie({}, category._id);
    expect(
      await api("POST", "/api/admin/movies/bulk", {
        token: await memberToken(),
        body: { action: "unpublish", ids: [movie._id] },
      }),
    ).toMatchObject({ status: 403, body: { message: "Not authorized as an admin" } });
    expect(
      (await api("POST", "/api/admin/movies/bulk", { body: { action: "unpublish", ids: [movie._id] } })).status,
    ).toBe(401);
    expect((await db.movie.findUniqueOrThrow({ where: { id: movie._id } })).draft).toBe(false);
    await db.movie.update({ where: { id: movie._id }, data: { draft: true } });
    const again = await bulk({ action: "unpublish", ids: [movie._id] });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: "1 movie unpublished", done: [movie._id], failed: [] });
  });
});

describe("PUT /api/movie/{id}: the edit dialog's status", () => {
  test("draft true unpublishes, false publishes again; members get 403 and a bad value 400", async () => {
    const movie = await createTestMovie({}, category._id);
    expect((await api("GET", `/api/movie/${movie._id}`)).status).toBe(200);
    const unpublished = await api("PUT", `/api/movie/${movie._id}`, {
      token: await adminToken(),
      body: { draft: true },
    });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body._id).toBe(movie._id);
    expect(await api("GET", `/api/movie/${movie._id}`)).toMatchObject({
      status: 404,
      body: { message: "Movie not found" },
    });
    expect(await api("GET", `/api/admin/movies/${movie._id}`, { token: await adminToken() })).toMatchObject({
      status: 200,
      body: { _id: movie._id, draft: true },
    });

    expect(
      await api("PUT", `/api/movie/${movie._id}`, { token: await memberToken(), body: { draft: false } }),
    ).toMatchObject({ status: 403, body: { message: "Not authorized as an admin" } });
    expect(
      await api("PUT", `/api/movie/${movie._id}`, { token: await adminToken(), body: { draft: "no" } }),
    ).toMatchObject({
      status: 400,
      body: { message: "draft must be true or false", errors: { draft: ["draft must be true or false"] } },
    });
    expect((await db.movie.findUniqueOrThrow({ where: { id: movie._id } })).draft).toBe(true);

    expect(
      (await api("PUT", `/api/movie/${movie._id}`, { token: await adminToken(), body: { draft: false } })).status,
    ).toBe(200);
    expect((await api("GET", `/api/movie/${movie._id}`)).status).toBe(200);
  });
});
