import { beforeAll, describe, expect, test } from "vitest";
import type { MovieDetail } from "@/lib/data/movie-shapes";
import { absolute, api } from "../support/http";
import { createTestCategory, createTestMovie } from "../support/catalogue";
import { freshUser } from "../support/users";

type Item = {
  _id: string;
  name: string;
  language: string;
  year: number;
  hour: number;
  rate: number;
  countReviews: number;
  category: { _id: string; name: string };
};

const LIST_ITEM_KEYS = [
  "_id",
  "category",
  "countReviews",
  "createdAt",
  "desc",
  "durationSeconds", // an extra field (docs/api.md "Using another client" allows them): the cards' runtime
  "hour",
  "image",
  "language",
  "name",
  "rate",
  "titleImage",
  "video",
  "year",
];

/** A category of our own with five movies, so exact results do not depend on other tests. */
let category: { _id: string; name: string };
const movies: Record<string, MovieDetail> = {};
const names = (list: Item[]) => list.map((m) => m.name);
const list = async (query: string) => {
  const response = await api("GET", `/api/movie?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { movies: Item[]; moviesCount: number; totalPage: number; currentPage: number };
};

beforeAll(async () => {
  category = await createTestCategory();
  const specs = {
    // Created in this order: newest first lists them backwards.
    alpha: { name: "Quasar", language: "French", year: 2001, hour: 1 },
    beta: { name: "Quasar Returns", language: "English", year: 2001, hour: 3 },
    gamma: { name: "The Quasar Files", language: "Korean", year: 2015, hour: 3 },
    delta: { name: "Lighthouse Keeper", language: "English", year: 2015, hour: 9 },
    epsilon: { name: "Éclair Noir", language: "english", year: 2010, hour: 2 },
  };
  for (const [key, spec] of Object.entries(specs)) movies[key] = await createTestMovie(spec, category._id);
  const reviewer = await freshUser("lister");
  await api("POST", `/api/movie/review/${movies.alpha!._id}`, {
    token: reviewer.token,
    body: { rating: 5, message: "superb film" },
  });
  await api("POST", `/api/movie/review/${movies.beta!._id}`, {
    token: reviewer.token,
    body: { rating: 3, message: "decent film" },
  });
});

describe("GET /api/movie", () => {
  test("without filters: 20 newest first, with the listing shape", async () => {
    const page = await list("");
    expect(page.movies).toHaveLength(20);
    expect(page.currentPage).toBe(1);
    expect(page.moviesCount).toBeGreaterThanOrEqual(44);
    expect(page.totalPage).toBe(Math.ceil(page.moviesCount / 20));
    expect(Object.keys(page.movies[0]!).sort()).toEqual(LIST_ITEM_KEYS);
    const created = page.movies.map((m) => (m as unknown as { createdAt: string }).createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  test("category by id: that category's movies, newest first", async () => {
    const page = await list(`category=${category._id}`);
    expect(names(page.movies)).toEqual([
      "Éclair Noir",
      "Lighthouse Keeper",
      "The Quasar Files",
      "Quasar Returns",
      "Quasar",
    ]);
    expect(page).toMatchObject({ moviesCount: 5, totalPage: 1, currentPage: 1 });
    expect(page.movies[0]!.category).toEqual({ _id: category._id, name: category.name });
  });

  test("category by name, in any case", async () => {
    expect(names((await list(`category=${encodeURIComponent(category.name.toUpperCase())}`)).movies)).toHaveLength(5);
    const drama = await list("category=drama&limit=50");
    expect(drama.movies.length).toBeGreaterThan(0);
    expect(drama.movies.every((m) => m.category.name === "Drama")).toBe(true);
  });

  test("time matches hour exactly", async () => {
    expect(names((await list(`category=${category._id}&time=3`)).movies)).toEqual([
      "The Quasar Files",
      "Quasar Returns",
    ]);
    const all = await list("time=3&limit=50");
    expect(all.movies.length).toBeGreaterThan(2);
    expect(all.movies.every((m) => m.hour === 3)).toBe(true);
  });

  test("language matches in any case", async () => {
    expect(names((await list(`category=${category._id}&language=ENGLISH`)).movies)).toEqual([
      "Éclair Noir",
      "Lighthouse Keeper",
      "Quasar Returns",
    ]);
    const french = await list("language=french&limit=50");
    expect(french.movies.every((m) => m.language.toLowerCase() === "french")).toBe(true);
    expect(names(french.movies)).toContain("Quasar");
  });

  test("rate=N keeps movies rated at least N", async () => {
    expect(names((await list(`category=${category._id}&rate=3`)).movies)).toEqual(["Quasar Returns", "Quasar"]);
    expect(names((await list(`category=${category._id}&rate=4`)).movies)).toEqual(["Quasar"]);
    const all = await list("rate=4&limit=50");
    expect(all.movies.every((m) => m.rate >= 4)).toBe(true);
  });

  test("year matches exactly", async () => {
    expect(names((await list(`category=${category._id}&year=2015`)).movies)).toEqual([
      "Lighthouse Keeper",
      "The Quasar Files",
    ]);
    expect((await list("year=2015&limit=50")).movies.every((m) => m.year === 2015)).toBe(true);
  });

  test("filters combine", async () => {
    const page = await list(`category=${category._id}&language=english&year=2001&time=3&rate=3`);
    expect(names(page.movies)).toEqual(["Quasar Returns"]);
    expect(page).toMatchObject({ moviesCount: 1, totalPage: 1 });
    expect(names((await list(`category=${category._id}&language=english&year=2001&time=3&rate=4`)).movies)).toEqual([]);
  });

  test("empty values mean no filter", async () => {
    const page = await list(`category=${category._id}&time=&language=&rate=&year=&search=&page=`);
    expect(page.moviesCount).toBe(5);
  });

  test("pagination: limit, last page, a page past the end", async () => {
    const first = await list(`category=${category._id}&limit=2`);
    expect(first).toMatchObject({ moviesCount: 5, totalPage: 3, currentPage: 1 });
    expect(names(first.movies)).toEqual(["Éclair Noir", "Lighthouse Keeper"]);
    expect(names((await list(`category=${category._id}&limit=2&page=3`)).movies)).toEqual(["Quasar"]);
    expect(await list(`category=${category._id}&limit=2&page=4`)).toEqual({
      movies: [],
      moviesCount: 5,
      totalPage: 3,
      currentPage: 4,
    });
    expect((await list("limit=50")).movies).toHaveLength(50);
  });

  test("no match is 200 with no movies", async () => {
    expect(await list("search=zzzzqqqqxxxx")).toEqual({ movies: [], moviesCount: 0, totalPage: 0, currentPage: 1 });
    expect((await list("category=00000000-0000-4000-8000-000000000000")).movies).toEqual([]);
    expect((await list("category=No%20Such%20Category")).movies).toEqual([]);
  });

  test.each([
    ["time=abc", "time must contain digits only"],
    ["rate=4.5", "rate must contain digits only"],
    ["year=-2001", "year must contain digits only"],
    ["page=0", "page must be at least 1"],
    ["page=1e3", "page must contain digits only"],
    ["limit=0", "limit must be at least 1"],
    ["limit=51", "limit must be at most 50"],
    [`search=${"a".repeat(201)}`, "search must be at most 200 characters"],
  ])("?%s is 400 %s", async (query, message) => {
    expect(await api("GET", `/api/movie?${query}`)).toMatchObject({ status: 400, body: { message } });
  });
});

describe("search", () => {
  test("exact name first, then names starting with it, then other matches", async () => {
    expect(names((await list(`category=${category._id}&search=quasar`)).movies)).toEqual([
      "Quasar",
      "Quasar Returns",
      "The Quasar Files",
    ]);
  });

  test("forgives case and a typo", async () => {
    expect((await list("search=AMBER%20COMPAS")).movies[0]?.name).toBe("The Amber Compass");
    expect((await list("search=lighthose%20keper")).movies.map((m) => m.name)).toContain("Lighthouse Keeper");
    expect((await list("search=Iron%20Monsoom")).movies[0]?.name).toBe("Iron Monsoon");
  });

  test("forgives missing accents, both ways", async () => {
    expect((await list("search=creme%20brulee")).movies[0]?.name).toBe("Crème Brûlée Protocol");
    expect((await list("search=nino%20de%20la%20tormenta")).movies[0]?.name).toBe("Niño de la Tormenta");
    expect(names((await list(`category=${category._id}&search=eclair`)).movies)).toEqual(["Éclair Noir"]);
    expect((await list("search=Valpara%C3%ADso")).movies[0]?.name).toBe("Two Tickets to Valparaíso");
  });

  test("wildcards are plain characters", async () => {
    expect((await list("search=%25")).movies).toEqual([]);
    expect((await list("search=_")).movies).toEqual([]);
  });

  test("combines with filters and paginates", async () => {
    const page = await list(`category=${category._id}&search=quasar&limit=2&page=2`);
    expect(page).toMatchObject({ moviesCount: 3, totalPage: 2, currentPage: 2 });
    expect(names(page.movies)).toEqual(["The Quasar Files"]);
  });
});

describe("GET /api/movie/{id}", () => {
  test("the detail shape: category id, cast, reviews", async () => {
    const response = await api("GET", `/api/movie/${movies.alpha!._id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      _id: movies.alpha!._id,
      name: "Quasar",
      category: category._id,
      rate: 5,
      countReviews: 1,
    });
    expect(response.body.casts).toEqual([
      {
        _id: expect.any(String),
        name: "Test Actor",
        img: absolute("/api/upload/image/demo-test.webp"),
        image: absolute("/api/upload/image/demo-test.webp"),
      },
    ]);
    expect(response.body.reviews).toEqual([
      {
        _id: expect.any(String),
        userId: expect.any(String),
        userName: "Test lister",
        userImage: "",
        rating: 5,
        comment: "superb film",
        createdAt: expect.any(String),
      },
    ]);
  });

  test("404 for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "123", "' OR 1=1 --"]) {
      expect(await api("GET", `/api/movie/${encodeURIComponent(id)}`)).toMatchObject({
        status: 404,
        body: { message: "Movie not found" },
      });
    }
  });
});

describe("home page lists", () => {
  test("random: 8 distinct movies", async () => {
    const response = await api("GET", "/api/movie/random");
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(8);
    expect(new Set(response.body.map((m: Item) => m._id)).size).toBe(8);
    expect(Object.keys(response.body[0]).sort()).toEqual(LIST_ITEM_KEYS);
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) for (const m of (await api("GET", "/api/movie/random")).body as Item[]) seen.add(m._id);
    expect(seen.size).toBeGreaterThan(8);
  });

  test("toprate: 10 by rate, then countReviews, then name", async () => {
    const response = await api("GET", "/api/movie/toprate");
    expect(response.status).toBe(200);
    const top = response.body as Item[];
    expect(top).toHaveLength(10);
    const sorted = [...top].sort(
      (a, b) => b.rate - a.rate || b.countReviews - a.countReviews || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
    expect(top.map((m) => m._id)).toEqual(sorted.map((m) => m._id));
    expect(top[0]!.rate).toBeGreaterThanOrEqual(4);
  });
});
