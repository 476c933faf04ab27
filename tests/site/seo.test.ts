import { expect, test } from "vitest";
import { api, baseUrl } from "../support/http";
import { createTestMovie } from "../support/catalogue";

test("robots.txt lets crawlers into the catalogue, keeps them out of the API, accounts and admin, and names the sitemap", async () => {
  const response = await api("GET", "/robots.txt");
  expect(response.status).toBe(200);
  const lines = String(response.body).split("\n").map((line) => line.trim());
  expect(lines).toEqual(expect.arrayContaining(["User-Agent: *", "Allow: /", "Disallow: /api/", "Disallow: /admin", "Disallow: /profile", `Sitemap: ${baseUrl}/sitemap.xml`]));
});

test("the sitemap lists the public pages and every movie, a new one included", async () => {
  const movie = await createTestMovie();
  const seeded = (await api("GET", "/api/movie?limit=1&page=3")).body.movies[0] as { _id: string };
  const response = await api("GET", "/sitemap.xml");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("xml");
  const urls = [...String(response.body).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  expect(urls).toEqual(expect.arrayContaining([`${baseUrl}/`, `${baseUrl}/movies`, `${baseUrl}/about-us`, `${baseUrl}/contact`, `${baseUrl}/movie/${movie._id}`]));
  expect(urls).toContain(`${baseUrl}/movie/${seeded._id}`);
});
