// Cards that say more (issue 28, item 7): listing cards show the rating and the runtime, the same
// runtime as the movie page, and carry Play, My List and the heart.
import { expect, test } from "@playwright/test";
import { movieRuntime } from "../lib/media/runtime";
import { createCategory, createMovie } from "./support/catalogue";
import { seededMovie } from "./support/cinema";

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
