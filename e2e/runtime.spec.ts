// One runtime format (issue 39, item 5): cards, the movie page and the admin table show a film's
// length as "2h", "1h 52m", "45m", or "12s" for a clip under a minute, and the format stays the same
// once the video is measured: never "2 Hr" beside "12 Sec".
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import pg from "pg";
import { ADMIN, apiToken, signIn } from "./support/accounts";
import { createCategory, createMovie } from "./support/catalogue";

// Eight page loads and three edits: room on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** What the transcode records once it has probed the video; an admin edit then expires the cached pages, as the job does. */
async function measure(request: APIRequestContext, movieId: string, durationSeconds: number) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`UPDATE "Movie" SET "durationSeconds" = $1 WHERE id = $2`, [durationSeconds, movieId]);
  } finally {
    await client.end();
  }
  const edited = await request.put(`/api/movie/${movieId}`, {
    data: { desc: "Measured." },
    headers: { authorization: `Bearer ${await apiToken(request, ADMIN)}` },
  });
  expect(edited.status(), await edited.text()).toBe(200);
}

async function cardAndPage(page: Page, movie: { _id: string; name: string }, runtime: string) {
  await page.goto(`/movies/${encodeURIComponent(movie.name)}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: movie.name, exact: true }) });
  await expect(card).toContainText(`2020 · ${runtime}`);
  await page.goto(`/movie/${movie._id}`);
  await expect(page.getByRole("list", { name: "Details" }).locator("time")).toHaveText(runtime);
}

test("a film's runtime keeps one format on its card and page, typed and then measured", async ({ page, request }) => {
  const category = await createCategory(request, "Runtime");
  const movie = await createMovie(request, category._id, "Runtime");
  await cardAndPage(page, movie, "2h");

  await measure(request, movie._id, 6725);
  await cardAndPage(page, movie, "1h 52m");

  await measure(request, movie._id, 2700);
  await cardAndPage(page, movie, "45m");

  // A clip under a minute is the one case that shows seconds.
  await measure(request, movie._id, 12);
  await cardAndPage(page, movie, "12s");
});

test("the admin movie table shows runtimes in the same format", async ({ page, request }) => {
  const category = await createCategory(request, "Runtime admin");
  const typed = await createMovie(request, category._id, "Typed");
  const measured = await createMovie(request, category._id, "Measured");
  await measure(request, measured._id, 6725);

  await signIn(page, ADMIN);
  await page.goto(`/admin/list?category=${category._id}`);
  await expect(page.getByRole("row").filter({ hasText: typed.name })).toContainText("2h");
  await expect(page.getByRole("row").filter({ hasText: measured.name })).toContainText("1h 52m");
  await expect(page.getByRole("table").getByText(/\d+ (Hr|Min|Sec)\b/)).toHaveCount(0);
});
