import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support/hydration";

type Listing = {
  movies: { _id: string; name: string; year: number; language: string; category: { _id: string; name: string } }[];
  moviesCount: number;
  totalPage: number;
};

const listing = async (page: Page, query: string) =>
  (await (await page.request.get(`/api/movie?${query}`)).json()) as Listing;
const cardNames = (page: Page) => page.getByRole("main").getByRole("listitem").getByRole("heading");

test("the listing shows the catalogue's total, the newest movies, and pages with '<<' and '>>'", async ({ page }) => {
  await page.goto("/movies");
  const api = await listing(page, "");
  await expect(page.getByText(/^Total \d+ Movies$/)).toBeVisible();
  const shown = Number((await page.getByText(/^Total \d+ Movies$/).textContent())!.match(/\d+/)![0]);
  expect(Math.abs(shown - api.moviesCount)).toBeLessThanOrEqual(3); // other tests add movies meanwhile
  await expect(cardNames(page)).toHaveCount(api.movies.length);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByRole("link", { name: /^Page \d+$/ })).toHaveCount(Math.min(5, api.totalPage));
  await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await pagination.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/movies\?page=2$/);
  await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(pagination.getByText(">>")).toBeVisible();
  await pagination.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(/\/movies$/);
});

test("a filter narrows the listing, resets the page, and survives a reload", async ({ page }) => {
  const api = await listing(page, "year=2015&limit=50");
  await page.goto("/movies?page=2");
  const year = await hydrated(page.getByRole("combobox").filter({ hasText: "Sort By Year" }));
  await year.selectOption("2015");
  await expect(page).toHaveURL(/\/movies\?year=2015$/);
  await expect(page.getByText(`Total ${api.moviesCount} Movies`)).toBeVisible();
  await expect(cardNames(page)).toHaveText(api.movies.map((movie) => movie.name));
  await page.reload();
  await expect(page.getByRole("combobox").filter({ hasText: "Sort By Year" })).toHaveValue("2015");

  const combined = await listing(page, "year=2015&language=English&limit=50");
  const language = await hydrated(page.getByRole("combobox").filter({ hasText: "Sort By Language" }));
  await language.selectOption("English");
  await expect(page).toHaveURL(/year=2015/);
  await expect(page).toHaveURL(/language=English/);
  await expect(page.getByText(`Total ${combined.moviesCount} Movies`)).toBeVisible();
  await expect(cardNames(page)).toHaveCount(combined.movies.length);
});

test("the filter bar offers the spec's options", async ({ page }) => {
  await page.goto("/movies");
  await expect(page.getByRole("combobox").filter({ hasText: "Sort By Rates" })).toBeVisible();
  const options = async (first: string) =>
    page.getByRole("combobox").filter({ hasText: first }).locator("option").allTextContents();
  expect(await options("Sort By Rates")).toEqual(["Sort By Rates", "1 Star", "2 Star", "3 Star", "4 Star", "5 Star"]);
  expect(await options("Sort By Hours")).toEqual([
    "Sort By Hours",
    ...Array.from({ length: 10 }, (_, i) => `${i + 1} Hours`),
  ]);
  // The catalogue's own years, newest first (docs/product.md "Catalogue and filters"), not a fixed 2022 to 2000.
  const catalogueYears = [
    ...new Set((await listing(page, "sort=year&limit=50")).movies.map((movie) => String(movie.year))),
  ];
  const years = await options("Sort By Year");
  expect(years.slice(0, 3)).toEqual(["Sort By Year", ...catalogueYears.slice(0, 2)]);
  expect(years.slice(1)).toEqual([...years.slice(1)].sort().reverse());
  expect(await options("Sort: Newest")).toEqual(["Sort: Newest", "Sort: Top Rated", "Sort: Year", "Sort: A-Z"]);
  expect((await options("Sort By Language")).slice(0, 3)).toEqual(["Sort By Language", "English", "Arabic"]);
});

test("a search path forgives a typo, and impossible filters say 'No movies found'", async ({ page }) => {
  // A title whose last word is long enough (5+ letters) to forgive a typo.
  const target = (await listing(page, "limit=50")).movies.find((movie) => /[a-z]{5,}$/i.test(movie.name));
  const typo = target!.name.slice(0, -2) + target!.name.slice(-1); // drop one letter near the end
  await page.goto(`/movies/${encodeURIComponent(typo)}`);
  await expect(cardNames(page).filter({ hasText: target!.name }).first()).toBeVisible();
  await page.goto("/movies/zzzzqqqqxxxx?year=2001&rate=5");
  await expect(page.getByText("No movies found")).toBeVisible();
  await expect(page.getByText("Total 0 Movies")).toBeVisible();
  const response = await page.goto("/movies?rate=abc&page=0");
  expect(response?.status()).toBe(200);
  await expect(cardNames(page).first()).toBeVisible();
});
