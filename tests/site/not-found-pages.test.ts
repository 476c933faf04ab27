// Pages whose path names nothing answer 404 with the not-found page, not a 200 with an error in it
// (issue 24 item 10): an unknown, malformed or deleted movie's /watch/{id}, and a /movies/{term}
// search whose term has a control character (the search box must not show a raw NUL either).
import { describe, expect, test } from "vitest";
import { createTestMovie } from "../support/catalogue";
import { api, baseUrl, BROWSER_USER_AGENT } from "../support/http";
import { adminToken } from "../support/users";

const page = (path: string) => fetch(`${baseUrl}${path}`, { headers: { "user-agent": BROWSER_USER_AGENT } });

async function expectNotFoundPage(path: string) {
  const response = await page(path);
  const html = await response.text();
  expect([path, response.status]).toEqual([path, 404]);
  expect(html).toContain("Page not found");
  // Nothing of the request's own text comes back raw (the header's search box among it).
  expect(html).not.toContain("\u0000");
}

describe("pages that name nothing are 404s", () => {
  test.each([
    "/watch/00000000-0000-4000-8000-000000000000",
    "/watch/not-a-movie-id",
    "/watch/%00",
    "/movies/a%00b",
    "/movies/%1Bterm",
    "/movies/two/segments",
  ])("%s", async (path) => {
    await expectNotFoundPage(path);
  });

  test("the not-found page is rendered in place, not fetched by the server from itself", async () => {
    // Next sends a rewrite it takes for another site's through its HTTP proxy, and then names it with a
    // whole URL here: it did so for every 404 while server.ts told Next the hostname it listens on.
    const response = await page("/watch/00000000-0000-4000-8000-000000000000");
    expect(response.status).toBe(404);
    expect(response.headers.get("x-middleware-rewrite")).toBe("/_marquee/not-found");
  });

  test("a deleted movie's watch page is a 404 once it is gone", async () => {
    const movie = await createTestMovie();
    expect((await page(`/watch/${movie._id}`)).status).toBe(200);
    expect((await api("DELETE", `/api/movie/${movie._id}`, { token: await adminToken() })).status).toBe(200);
    await expectNotFoundPage(`/watch/${movie._id}`);
  });

  test("a search term with ordinary characters is still a results page", async () => {
    const response = await page(`/movies/${encodeURIComponent("crème brûlée")}`);
    expect(response.status).toBe(200);
  });
});
