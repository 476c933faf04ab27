// The catalogue is cached (docs/architecture.md, "Caching"): every test here reads first, so the
// entry exists, then writes through the API, and expects the very next request (API and page HTML)
// to show the change. A missing or wrong tag in lib/data fails one of these.
//
// Pages are read from two instances of the app: the suite's own, without a configured address (every
// page rendered per request, from the cached reads), and one with PUBLIC_URL, as in production, where
// Next keeps the catalogue pages whole. The writes go through the first; the second learns of them
// from the CacheTag table, as every instance of a deployment does.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { MovieDetail } from "@/lib/data/movie-shapes";
import { createTestCategory, createTestMovie, uniqueName } from "../support/catalogue";
import { api, baseUrl, browserFetch, keptPage } from "../support/http";
import { startInstance, type Instance } from "../support/instances";
import { adminToken, freshUser } from "../support/users";

let keeping: Instance;
beforeAll(async () => {
  // The suite's own app runs the scheduled jobs on this database.
  keeping = await startInstance({ PUBLIC_URL: "http://marquee.example", JOBS_IN_APP: "false" });
}, 150_000);
afterAll(async () => {
  await keeping?.stop();
});

/** The page as a browser gets it from each instance (kept on the one with an address). */
async function pageHtmls(path: string): Promise<[string, string][]> {
  return Promise.all(
    [baseUrl, keeping.baseUrl].map(async (base) => {
      const response = await browserFetch(`${base}${path}`);
      expect(response.status, `${base}${path}`).toBe(200);
      return [base, await response.text()] as [string, string];
    }),
  );
}

/** On both instances, the page shows every one of `shown` and none of `gone`. */
async function expectPage(path: string, shown: string[], gone: string[] = []) {
  for (const [base, html] of await pageHtmls(path)) {
    for (const text of shown) expect(html, `${base}${path} shows ${text}`).toContain(text);
    for (const text of gone) expect(html, `${base}${path} no longer shows ${text}`).not.toContain(text);
  }
}

async function movieDetail(id: string): Promise<MovieDetail> {
  const response = await api<MovieDetail>("GET", `/api/movie/${id}`);
  expect(response.status).toBe(200);
  return response.body;
}

const listNames = async (categoryId: string) =>
  ((await api("GET", `/api/movie?category=${categoryId}`)).body.movies as { name: string }[]).map(
    (movie) => movie.name,
  );

describe("an admin's change shows on the next request", () => {
  // Two kept pages to wait for (tests/support/http.ts keptPage): up to 30 s each.
  test(
    "a movie edit: its API record, its page, the list and the listing pages, kept or not",
    { timeout: 120_000 },
    async () => {
      const movie = await createTestMovie();
      const categoryId = movie.category;
      expect((await movieDetail(movie._id)).name).toBe(movie.name);
      await expectPage(`/movie/${movie._id}`, [movie.name]);
      expect(await listNames(categoryId)).toEqual([movie.name]);
      await expectPage(`/movies?category=${categoryId}`, [movie.name]);
      // The unfiltered list, newest first, and the movie's page are kept whole by the instance with an address.
      expect(await (await keptPage(`${keeping.baseUrl}/movies`)).text()).toContain(movie.name);
      expect(await (await keptPage(`${keeping.baseUrl}/movie/${movie._id}`)).text()).toContain(movie.name);

      const renamed = uniqueName("Renamed Movie");
      const update = await api("PUT", `/api/movie/${movie._id}`, {
        token: await adminToken(),
        body: { name: renamed, year: 1999 },
      });
      expect(update.status).toBe(200);

      const detail = await movieDetail(movie._id);
      expect([detail.name, detail.year]).toEqual([renamed, 1999]);
      await expectPage(`/movie/${movie._id}`, [renamed], [movie.name]);
      expect(await listNames(categoryId)).toEqual([renamed]);
      await expectPage(`/movies?category=${categoryId}`, [renamed]);
      await expectPage("/movies", [renamed], [movie.name]);
    },
  );

  test("a new movie joins its list, a deleted one leaves its page and the list", async () => {
    const category = await createTestCategory();
    expect(await listNames(category._id)).toEqual([]);
    const movie = await createTestMovie({}, category._id);
    expect(await listNames(category._id)).toEqual([movie.name]);
    await expectPage(`/movie/${movie._id}`, [movie.name]);

    expect((await api("DELETE", `/api/movie/${movie._id}`, { token: await adminToken() })).status).toBe(200);
    expect(await listNames(category._id)).toEqual([]);
    expect((await api("GET", `/api/movie/${movie._id}`)).status).toBe(404);
    for (const base of [baseUrl, keeping.baseUrl]) {
      const gone = await browserFetch(`${base}/movie/${movie._id}`);
      expect(gone.status, base).toBe(404);
      expect(await gone.text(), base).toContain("Page not found");
    }
  });

  test("a review: the movie's reviews, rating and its page", async () => {
    const movie = await createTestMovie();
    expect((await movieDetail(movie._id)).countReviews).toBe(0);
    await pageHtmls(`/movie/${movie._id}`);

    const reviewer = await freshUser("reviewer");
    const comment = uniqueName("Fresh review");
    const posted = await api("POST", `/api/movie/review/${movie._id}`, {
      token: reviewer.token,
      body: { rating: 4, message: comment },
    });
    expect(posted.status).toBe(200);

    const detail = await movieDetail(movie._id);
    expect([
      detail.rate,
      detail.countReviews,
      detail.reviews.map((review: { comment: string }) => review.comment),
    ]).toEqual([4, 1, [comment]]);
    await expectPage(`/movie/${movie._id}`, [comment]);
    expect(
      ((await api("GET", `/api/movie?category=${movie.category}`)).body.movies as { rate: number }[]).map(
        (item) => item.rate,
      ),
    ).toEqual([4]);
  });

  test("a category rename: the category list and its movies' records", async () => {
    const category = await createTestCategory();
    const movie = await createTestMovie({}, category._id);
    expect((await movieDetail(movie._id)).categoryName).toBe(category.name);
    await pageHtmls(`/movie/${movie._id}`);
    expect((await api("GET", "/api/category")).body.map((item: { name: string }) => item.name)).toContain(
      category.name,
    );

    const renamed = uniqueName("Renamed Category");
    expect(
      (await api("PUT", `/api/category/${category._id}`, { token: await adminToken(), body: { name: renamed } }))
        .status,
    ).toBe(200);

    expect((await movieDetail(movie._id)).categoryName).toBe(renamed);
    await expectPage(`/movie/${movie._id}`, [renamed]);
    expect((await api("GET", "/api/category")).body.map((item: { name: string }) => item.name)).toContain(renamed);
    expect((await api("GET", `/api/movie?category=${category._id}`)).body.movies[0].category.name).toBe(renamed);
  });

  test("a deleted user's review leaves the page and the rating is recomputed", async () => {
    const movie = await createTestMovie();
    const reviewer = await freshUser("leaving");
    await api("POST", `/api/movie/review/${movie._id}`, {
      token: reviewer.token,
      body: { rating: 5, message: "Gone soon" },
    });
    expect((await movieDetail(movie._id)).countReviews).toBe(1);
    await expectPage(`/movie/${movie._id}`, ["Gone soon"]);

    expect((await api("DELETE", `/api/admin/users/${reviewer._id}`, { token: await adminToken() })).status).toBe(200);

    const detail = await movieDetail(movie._id);
    expect([detail.rate, detail.countReviews, detail.reviews]).toEqual([0, 0, []]);
    await expectPage(`/movie/${movie._id}`, [], ["Gone soon"]);
  });

  test("a reviewer's new name shows on the movies it reviewed", async () => {
    const movie = await createTestMovie();
    const reviewer = await freshUser("renaming");
    await api("POST", `/api/movie/review/${movie._id}`, {
      token: reviewer.token,
      body: { rating: 3, message: "Signed by me" },
    });
    expect((await movieDetail(movie._id)).reviews[0]?.userName).toBe(reviewer.fullName);
    await expectPage(`/movie/${movie._id}`, [reviewer.fullName]);

    const fullName = uniqueName("New Name");
    expect(
      (await api("PUT", "/api/user", { token: reviewer.token, body: { fullName, email: reviewer.email } })).status,
    ).toBe(200);
    expect((await movieDetail(movie._id)).reviews[0]?.userName).toBe(fullName);
    await expectPage(`/movie/${movie._id}`, [fullName], [reviewer.fullName]);
  });
});
