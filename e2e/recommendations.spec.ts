// Recommendations in the browser: "More like this" beside Related Movies on the movie page,
// "Because you watched <title>" rows on a member's home page, "Trending this week" for everyone.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiToken, registerAccount, signIn } from "./support/accounts";
import { createCategory, createMovie } from "./support/catalogue";

type Movie = { _id: string; name: string };

/** A movie of its own cast (movies sharing a cast are alike), in the given category. */
const movieIn = (request: APIRequestContext, categoryId: string, label: string) =>
  createMovie(request, categoryId, label, `Actor ${randomUUID()}`);

/** A fresh account that watched these movies to the end, through the API. */
async function viewerOf(request: APIRequestContext, movies: Movie[]) {
  const account = await registerAccount(request, "viewer");
  const headers = { authorization: `Bearer ${await apiToken(request, account)}` };
  for (const movie of movies) {
    const saved = await request.put(`/api/user/progress/${movie._id}`, {
      data: { position: 600, duration: 600 },
      headers,
    });
    expect(saved.status()).toBe(200);
  }
  return account;
}

const section = (page: Page, heading: string | RegExp) =>
  page.locator("section", { has: page.getByRole("heading", { name: heading, level: 2 }) });
/** Where each card of a row leads: its movie page (a card's Play, My List and Like are its actions). */
const cardLinks = (page: Page, heading: string | RegExp) =>
  section(page, heading)
    .getByRole("listitem")
    .locator('a[href^="/movie/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
/** A card's link to its movie page, by the title it shows. */
const cardLink = (page: Page, heading: string | RegExp, title: string) =>
  section(page, heading).locator('a[href^="/movie/"]').filter({ hasText: title });

/** The page never scrolls sideways: a row of cards scrolls within itself. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test("the movie page shows More like this (what its audience also watched) beside Related Movies (its category)", async ({
  page,
}) => {
  const home = await createCategory(page.request, "Alike");
  const seed = await movieIn(page.request, home._id, "Seed");
  const sibling = await movieIn(page.request, home._id, "Sibling");
  const elsewhere = await movieIn(page.request, (await createCategory(page.request, "Elsewhere"))._id, "Co-watched");
  for (let i = 0; i < 2; i++) await viewerOf(page.request, [seed, elsewhere]);

  await page.goto(`/movie/${seed._id}`);
  await expect(page.getByRole("heading", { name: "More like this", level: 2 })).toBeVisible();
  // Each film shows once: the category's own film stays in Related Movies.
  expect(await cardLinks(page, "More like this")).toEqual([`/movie/${elsewhere._id}`]);
  expect(await cardLinks(page, "Related Movies")).toEqual([`/movie/${sibling._id}`]);
  await cardLink(page, "More like this", elsewhere.name).click();
  await expect(page).toHaveURL(`/movie/${elsewhere._id}`);
  await expect(page.getByRole("heading", { level: 1, name: elsewhere.name })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("a member's home page has Because you watched rows, without what they have seen; visitors get none", async ({
  page,
}) => {
  const category = await createCategory(page.request, "Because");
  const seed = await movieIn(page.request, category._id, "Seed");
  const alike = [
    await movieIn(page.request, category._id, "Alike A"),
    await movieIn(page.request, category._id, "Alike B"),
    await movieIn(page.request, category._id, "Alike C"),
  ];
  const seen = await movieIn(page.request, category._id, "Seen");
  await viewerOf(page.request, [seed, ...alike, seen]);
  const member = await registerAccount(page.request, "member");
  const token = await apiToken(page.request, member);
  for (const movie of [seen, seed])
    await page.request.put(`/api/user/progress/${movie._id}`, {
      data: { position: 600, duration: 600 },
      headers: { authorization: `Bearer ${token}` },
    });

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Populate Film" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Because you watched/ })).toHaveCount(0);

  await signIn(page, member);
  await page.goto("/");
  const heading = page.getByRole("heading", { name: `Because you watched ${seed.name}`, level: 2 });
  await expect(heading).toBeVisible();
  await expect(heading.getByRole("link", { name: seed.name })).toHaveAttribute("href", `/movie/${seed._id}`);
  const shown = await cardLinks(page, `Because you watched ${seed.name}`);
  expect(shown.toSorted()).toEqual(alike.map((movie) => `/movie/${movie._id}`).toSorted());
  await expectNoSidewaysScroll(page);
});

test("the home page shows Trending this week: the movies played most in the last 7 days", async ({ page }) => {
  test.setTimeout(150_000);
  const hit = await movieIn(page.request, (await createCategory(page.request, "Trending"))._id, "Hit");
  for (let i = 0; i < 3; i++) await viewerOf(page.request, [hit]);
  // The list is cached for a minute, and the home page kept with it: it shows within that minute.
  await expect(async () => {
    await page.goto("/");
    await expect(cardLink(page, "Trending this week", hit.name)).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 120_000, intervals: [5000] });
  await expectNoSidewaysScroll(page);
});
