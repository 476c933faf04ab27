// Cards that say more (issue 28, item 7): listing cards show the rating and the runtime, the same
// runtime as the movie page, and carry Play, My List and the heart.
import { expect, test, type Page, type Request } from "@playwright/test";
import { movieRuntime } from "../lib/media/runtime";
import { createCategory, createMovie } from "./support/catalogue";
import { seededMovie } from "./support/cinema";
import { hydrated } from "./support/hydration";

type Detail = {
  _id: string;
  name: string;
  year: number;
  hour: number;
  durationSeconds: number | null;
  rate: number;
  countReviews: number;
};

test("a listing card shows year, runtime and rating, as the movie page does, and its actions", async ({ page }) => {
  const seeded = await seededMovie(page, 13);
  const movie = (await (await page.request.get(`/api/movie/${seeded._id}`)).json()) as Detail;
  expect(movie.countReviews).toBeGreaterThan(0);
  const runtime = movieRuntime(movie.hour, movie.durationSeconds).text;

  await page.goto(`/movies/${encodeURIComponent(movie.name)}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: movie.name, exact: true }) });
  await expect(card).toContainText(`${movie.year} · ${runtime}`);
  await expect(card).toContainText(`Rated ${movie.rate} out of 5 (${movie.countReviews})`);
  await expect(card.getByRole("link", { name: `Play ${movie.name}` })).toBeVisible();
  await expect(card.getByRole("button", { name: `Add ${movie.name} to My List` })).toBeVisible();
  await expect(card.getByRole("button", { name: `Add ${movie.name} to favorites` })).toBeVisible();

  await card.getByRole("heading", { name: movie.name }).click();
  await expect(page).toHaveURL(new RegExp(`/movie/${movie._id}$`));
  await expect(page.getByRole("list", { name: "Details" })).toContainText(runtime);
});

test("a movie nobody reviewed says so on its card, with the hours typed for it", async ({ page, request }) => {
  const category = await createCategory(request, "Cards");
  const movie = await createMovie(request, category._id, "Unrated");
  await page.goto(`/movies/${encodeURIComponent(movie.name)}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: movie.name, exact: true }) });
  await expect(card).toContainText("2020 · 2h");
  await expect(card).toContainText("No ratings yet");
});

/** The path of a page Next's router fetches ahead of a click (its React payload, asked for with `_rsc`). */
const aheadPath = (request: Request) => {
  const url = new URL(request.url());
  return url.searchParams.has("_rsc") ? url.pathname : null;
};

/** Every page fetched ahead from now on. */
function pagesFetchedAhead(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    const path = aheadPath(request);
    if (path !== null) paths.push(path);
  });
  return paths;
}

/** Resolves when `path` is fetched ahead. */
const fetchedAhead = (page: Page, path: string) => page.waitForRequest((request) => aheadPath(request) === path);

// docs/performance.md, "Pages fetched ahead when reached for, not when seen": a phone on the listing
// used to fetch every movie page in view while its own pictures were still loading.
test("a card's page is fetched ahead when the visitor reaches for it, not when it comes into view", async ({
  page,
  isMobile,
}) => {
  const pagesAhead = pagesFetchedAhead(page);
  await page.goto("/movies");
  const card = await hydrated(page.getByRole("article").first().getByRole("link").first());
  await page.waitForLoadState("networkidle");
  expect(pagesAhead).toEqual([]);

  const moviePath = new URL((await card.getAttribute("href"))!, page.url()).pathname;
  const fetched = fetchedAhead(page, moviePath);
  // A finger landing on the card on a phone, the pointer over it on a desktop.
  if (isMobile) await card.dispatchEvent("touchstart");
  else await card.hover();
  await fetched;

  await card.click();
  await expect(page).toHaveURL(new RegExp(`${moviePath}$`));
  await expect(page.getByRole("list", { name: "Details" })).toBeVisible();
});

test("keyboard focus on a card fetches its page ahead too", async ({ page }) => {
  const pagesAhead = pagesFetchedAhead(page);
  await page.goto("/movies");
  const card = await hydrated(page.getByRole("article").nth(1).getByRole("link").first());
  await page.waitForLoadState("networkidle");
  const moviePath = new URL((await card.getAttribute("href"))!, page.url()).pathname;
  expect(pagesAhead).not.toContain(moviePath);

  const fetched = fetchedAhead(page, moviePath);
  await card.focus();
  await fetched;
});
