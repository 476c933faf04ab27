import { expect, test, type APIRequestContext } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { apiToken, registerAdmin, signIn } from "./support/accounts";

// The account and admin screens render their data on the server: the HTML the server sends already
// has the rows, before any script runs (the HTML is read raw, not from the DOM after hydration).
// A table cell ending in the text is markup; the same text inside the page's data payload is not.
const cell = (text: string, tag = "td") => new RegExp(`>${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</${tag}>`);

async function rawHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  // A table waiting for rows from the browser says "Loading"; the route's skeleton ("Loading page",
  // loading.tsx) may stream ahead of the rows in this same response.
  expect(html, `${path} shows a loading spinner`).not.toContain('aria-label="Loading"');
  return html;
}

test("admin and account pages send their data in the first HTML", async ({ page }) => {
  const admin = await registerAdmin(page.request, "first-html");
  const token = await apiToken(page.request, admin);
  const headers = { authorization: `Bearer ${token}` };
  const category = (await (
    await page.request.post("/api/category", { data: { name: `First HTML ${randomUUID().slice(0, 8)}` }, headers })
  ).json()) as { _id: string; name: string };
  const movieBody = {
    name: `First HTML Movie ${randomUUID().slice(0, 8)}`,
    desc: "Rendered on the server.",
    titleImage: "/api/upload/image/x.webp",
    image: "/api/upload/image/x.webp",
    language: "English",
    year: 2021,
    hour: 2,
    video: "/api/upload/movie/x.mp4",
    category: category._id,
    casts: [{ name: "First Actor", image: "/api/upload/image/x.webp" }],
  };
  const created = await page.request.post("/api/movie", { data: movieBody, headers });
  expect(created.status()).toBe(201);
  const movie = (await created.json()) as { _id: string; name: string };
  expect((await page.request.post("/api/user/favorite", { data: { idMovie: movie._id }, headers })).status()).toBe(200);
  await signIn(page, admin);

  // The list puts a name in a span of its cell, beside a Draft badge when it is one.
  expect(await rawHtml(page.request, "/admin/list")).toMatch(cell(movie.name, "span"));
  expect(await rawHtml(page.request, "/admin/categories")).toMatch(cell(category.name));
  expect(await rawHtml(page.request, "/admin/users")).toMatch(cell(admin.email));
  expect(await rawHtml(page.request, "/admin/add")).toMatch(cell(category.name, "option"));
  expect(await rawHtml(page.request, "/favorite")).toMatch(cell(movie.name));
});

test("a table picture that fails before the page's scripts run leaves the empty frame, not a broken image", async ({
  page,
}) => {
  const admin = await registerAdmin(page.request, "broken-picture");
  const headers = { authorization: `Bearer ${await apiToken(page.request, admin)}` };
  const category = (await (
    await page.request.post("/api/category", { data: { name: `Broken ${randomUUID().slice(0, 8)}` }, headers })
  ).json()) as { _id: string };
  const created = await page.request.post("/api/movie", {
    data: {
      name: `Broken Picture ${randomUUID().slice(0, 8)}`,
      desc: "Its pictures are missing from storage.",
      titleImage: "/api/upload/image/missing.webp",
      image: "/api/upload/image/missing.webp",
      language: "English",
      year: 2021,
      hour: 2,
      video: "/api/upload/movie/x.mp4",
      category: category._id,
      casts: [{ name: "An Actor", image: "/api/upload/image/missing.webp" }],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const movie = (await created.json()) as { _id: string; name: string };
  expect((await page.request.post("/api/user/favorite", { data: { idMovie: movie._id }, headers })).status()).toBe(200);
  await signIn(page, admin);

  // The page's scripts wait until its picture has failed: React takes the page over after the error.
  let releaseScripts: () => void = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/favorite", { waitUntil: "commit" });
  const row = page.getByRole("row").filter({ hasText: movie.name });
  await expect
    .poll(() => row.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0))
    .toBe(true);
  releaseScripts();
  await expect(row.locator("img")).toHaveCount(0);
  await expect(row.getByRole("cell").first()).toBeVisible();
});
