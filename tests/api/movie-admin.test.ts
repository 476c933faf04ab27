import { beforeAll, describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { absolute, api } from "../support/http";
import { IMAGE, VIDEO, createTestCategory, createTestMovie, movieBody } from "../support/catalogue";
import { adminToken, freshUser, memberToken } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
let categoryId: string;
beforeAll(async () => {
  categoryId = (await createTestCategory())._id;
});

describe("POST /api/movie", () => {
  test("creates the movie with its cast: 201 MovieDetail", async () => {
    const body = movieBody(categoryId, {
      name: "  Night Train  ",
      language: "french",
      year: "2019",
      casts: [
        { name: "Ana", image: IMAGE },
        { name: "Bo", img: "https://cdn.example.com/bo.jpg" },
      ],
      rate: 5, // not a create field: ignored
    });
    const response = await api("POST", "/api/movie", { token: await adminToken(), body });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Night Train",
      language: "French",
      year: 2019,
      hour: 2,
      rate: 0,
      countReviews: 0,
      category: categoryId,
      reviews: [],
    });
    expect(response.body.casts.map((c: { name: string; image: string }) => [c.name, c.image])).toEqual([
      ["Ana", absolute(IMAGE)],
      ["Bo", "https://cdn.example.com/bo.jpg"],
    ]);
    expect((await api("GET", `/api/movie/${response.body._id}`)).body).toEqual(response.body);
  });

  const required: [string, string][] = [
    ["name", "Name is required"],
    ["desc", "Decs is required"],
    ["titleImage", "Title image is required"],
    ["image", "Image is required"],
    ["language", "Language is required"],
    ["year", "Year is required"],
    ["hour", "Hour is required"],
    ["video", "Video is required"],
    ["category", "Category is required"],
    ["casts", "Cast is required"],
  ];
  test.each(required)("missing %s is 400 %s", async (field, message) => {
    const body: Record<string, unknown> = movieBody(categoryId);
    delete body[field];
    const response = await api("POST", "/api/movie", { token: await adminToken(), body });
    expect(response).toMatchObject({ status: 400, body: { message, errors: { [field]: [message] } } });
  });

  test("an empty body lists every required field", async () => {
    const response = await api("POST", "/api/movie", { token: await adminToken(), body: {} });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Name is required");
    expect(Object.fromEntries(Object.entries(response.body.errors).map(([k, v]) => [k, (v as string[])[0]]))).toEqual(
      Object.fromEntries(required),
    );
  });

  const THIS_YEAR = new Date().getFullYear();
  test.each([
    [{ name: "x".repeat(201) }, "name", "Name must be at most 200 characters"],
    [{ desc: "x".repeat(5001) }, "desc", "Decs must be at most 5000 characters"],
    [{ year: 1887 }, "year", `Year must be between 1888 and ${THIS_YEAR + 1}`],
    [{ year: THIS_YEAR + 2 }, "year", `Year must be between 1888 and ${THIS_YEAR + 1}`],
    [{ year: "twenty" }, "year", "year must be a number"],
    [{ year: 2000.5 }, "year", "year must be a whole number"],
    [{ hour: 0 }, "hour", "Hour must be between 1 and 10"],
    [{ hour: 11 }, "hour", "Hour must be between 1 and 10"],
    [{ hour: true }, "hour", "hour must be a number"],
    [{ language: "Klingon" }, "language", "Language is not supported"],
    [{ image: "http://example.com/a.jpg" }, "image", "Image must be an uploaded image or an https URL"],
    [{ image: "/etc/passwd" }, "image", "Image must be an uploaded image or an https URL"],
    [{ titleImage: VIDEO }, "titleImage", "Title image must be an uploaded image or an https URL"],
    [{ video: IMAGE }, "video", "Video must be an uploaded video or an https URL"],
    [{ video: "javascript:alert(1)" }, "video", "Video must be an uploaded video or an https URL"],
    [{ category: "00000000-0000-4000-8000-000000000000" }, "category", "Category not found"],
    [{ category: "Drama" }, "category", "Category not found"],
    [{ casts: [] }, "casts", "Cast is required"],
    [{ casts: "Ana" }, "casts", "casts must be a list"],
    [{ casts: [{ image: IMAGE }] }, "casts.0.name", "Cast name is required"],
    [{ casts: [{ name: "Ana" }] }, "casts.0.image", "Cast image is required"],
    [{ name: 12 }, "name", "name must be a string"],
    [{ name: { $gt: "" } }, "name", "name must be a string"],
  ])("%j is 400 with errors[%s] = %s", async (overrides, field, message) => {
    const before = await db.movie.count({ where: { categoryId } });
    const response = await api("POST", "/api/movie", {
      token: await adminToken(),
      body: movieBody(categoryId, overrides),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toEqual([message]);
    expect(response.body.message).toBe(message);
    expect(await db.movie.count({ where: { categoryId } })).toBe(before);
  });
});

describe("PUT /api/movie/{id}", () => {
  test("changes only the fields sent; casts replace the cast; lists replaced files", async () => {
    const movie = await createTestMovie(
      { casts: [{ name: "Old Actor", image: "/api/upload/image/old-cast.webp" }] },
      categoryId,
    );
    const other = await createTestCategory();
    const response = await api("PUT", `/api/movie/${movie._id}`, {
      token: await adminToken(),
      body: { name: "Renamed", hour: "4", category: other._id, casts: [{ name: "New Actor", image: IMAGE }] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      _id: movie._id,
      name: "Renamed",
      hour: 4,
      year: movie.year,
      desc: movie.desc,
      category: other._id,
      categoryName: other.name,
    });
    expect(response.body.casts.map((c: { name: string }) => c.name)).toEqual(["New Actor"]);
    expect(await db.castMember.count({ where: { movieId: movie._id } })).toBe(1);
    // Searchable under the new name at once (the trigger keeps searchName in step).
    expect((await api("GET", `/api/movie?category=${other._id}&search=renamed`)).body.movies[0]._id).toBe(movie._id);
  });

  test("an empty body changes nothing", async () => {
    const movie = await createTestMovie({}, categoryId);
    const response = await api("PUT", `/api/movie/${movie._id}`, { token: await adminToken(), body: {} });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(movie);
  });

  test("invalid fields are 400 and change nothing", async () => {
    const movie = await createTestMovie({}, categoryId);
    const response = await api("PUT", `/api/movie/${movie._id}`, {
      token: await adminToken(),
      body: { name: "Fine", hour: 99 },
    });
    expect(response).toMatchObject({ status: 400, body: { message: "Hour must be between 1 and 10" } });
    const unknownCategory = await api("PUT", `/api/movie/${movie._id}`, {
      token: await adminToken(),
      body: { name: "Fine", casts: [{ name: "X", image: IMAGE }], category: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknownCategory).toMatchObject({ status: 400, body: { message: "Category not found" } });
    expect((await api("GET", `/api/movie/${movie._id}`)).body).toEqual(movie);
  });

  test("404 for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "bad"]) {
      expect(await api("PUT", `/api/movie/${id}`, { token: await adminToken(), body: { name: "X" } })).toMatchObject({
        status: 404,
        body: { message: "Movie not found" },
      });
    }
  });
});

describe("DELETE /api/movie/{id}", () => {
  test("deletes the movie with its reviews, favourites and cast", async () => {
    const movie = await createTestMovie({}, categoryId);
    const fan = await freshUser("fan");
    await api("POST", `/api/movie/review/${movie._id}`, { token: fan.token, body: { rating: 4, message: "good one" } });
    await api("POST", "/api/user/favorite", { token: fan.token, body: { idMovie: movie._id } });
    const response = await api("DELETE", `/api/movie/${movie._id}`, { token: await adminToken() });
    expect(response).toEqual(expect.objectContaining({ status: 200, body: { message: "Movie deleted successfully" } }));
    expect((await api("GET", `/api/movie/${movie._id}`)).status).toBe(404);
    expect(await db.review.count({ where: { movieId: movie._id } })).toBe(0);
    expect(await db.favorite.count({ where: { movieId: movie._id } })).toBe(0);
    expect(await db.castMember.count({ where: { movieId: movie._id } })).toBe(0);
    expect((await api("GET", "/api/user/favorite", { token: fan.token })).body).toEqual([]);
    expect(await api("DELETE", `/api/movie/${movie._id}`, { token: await adminToken() })).toMatchObject({
      status: 404,
      body: { message: "Movie not found" },
    });
    expect((await api("DELETE", "/api/movie/not-an-id", { token: await adminToken() })).status).toBe(404);
  });
});

test("anonymous is 401 and members 403 on every movie write; nothing changes", async () => {
  const movie = await createTestMovie({}, categoryId);
  const member = await memberToken();
  const writes: [string, string, unknown][] = [
    ["POST", "/api/movie", movieBody(categoryId)],
    ["PUT", `/api/movie/${movie._id}`, { name: "Hijacked" }],
    ["DELETE", `/api/movie/${movie._id}`, undefined],
  ];
  for (const [method, path, body] of writes) {
    expect(await api(method, path, { body })).toMatchObject({
      status: 401,
      body: { message: "Not authorized, no token" },
    });
    expect(await api(method, path, { body, token: member })).toMatchObject({
      status: 403,
      body: { message: "Not authorized as an admin" },
    });
  }
  expect((await api("GET", `/api/movie/${movie._id}`)).body).toEqual(movie);
  expect(await db.movie.count({ where: { categoryId, name: { startsWith: "Test Movie" } } })).toBeGreaterThan(0);
});
