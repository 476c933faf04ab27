import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { ADMIN, apiToken, signIn, toast } from "./support/accounts";
import { createCategory, createMovie } from "./support/catalogue";
import { mp4File, pngFile } from "./support/media";

test("add movie: required fields, then a complete movie with uploads and a cast", async ({ page }) => {
  test.setTimeout(60_000);
  const category = await createCategory(page.request, "AddMovie");
  await signIn(page, ADMIN);
  await page.goto("/admin/add");

  await page.getByRole("button", { name: "Add Movie" }).click();
  for (const message of [
    "Name is required",
    "Decs is required",
    "Language is required",
    "Category is required",
    "Image is required",
    "Title image is required",
    "Video is required",
    "Cast is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  const name = `E2E Added ${randomUUID().slice(0, 8)}`;
  await page.getByLabel("Movie Title").fill(name);
  await page.getByLabel("Hours").fill("2");
  await page.getByLabel("Language", { exact: true }).selectOption("French");
  await page.getByLabel("Year of Release").fill("2021");
  await page.getByLabel("Category").selectOption(category._id);
  await page.getByLabel("Movie Description").fill("Made in a browser, uploaded through the drop zones.");

  await page
    .getByRole("group", { name: "Movie Image" })
    .locator('input[type="file"]')
    .setInputFiles(await pngFile("image.png"));
  await expect(page.getByRole("img", { name: "Movie image" })).toBeVisible();
  await page
    .getByRole("group", { name: "Poster Image" })
    .locator('input[type="file"]')
    .setInputFiles(await pngFile("poster.png", "#1c3d8a"));
  await expect(page.getByRole("img", { name: "Poster image" })).toBeVisible();
  await page.getByRole("group", { name: "Movie Video" }).locator('input[type="file"]').setInputFiles(mp4File());
  await expect(page.getByLabel("Video preview")).toHaveAttribute("src", /\/api\/upload\/movie\//, { timeout: 20_000 });

  await page.getByRole("button", { name: "Add Cast" }).click();
  const cast = page.getByRole("dialog", { name: "Add Cast" });
  await cast.getByRole("button", { name: "Add" }).click();
  await expect(cast.getByText("Cast name is required")).toBeVisible();
  await cast.getByLabel("Cast Name").fill("Ada Stage");
  await cast
    .getByRole("group", { name: "Cast Image" })
    .locator('input[type="file"]')
    .setInputFiles(await pngFile("actor.png", "#3d8a1c"));
  await expect(cast.getByRole("img")).toBeVisible();
  await cast.getByRole("button", { name: "Add" }).click();
  await expect(cast).toBeHidden();
  const casts = page.getByRole("list", { name: "Casts" });
  await expect(casts.getByText("Ada Stage")).toBeVisible();

  await page.getByRole("button", { name: "Add Movie" }).click();
  await expect(toast(page, "Movie created successfully")).toBeVisible();
  // Form, images, video and casts are cleared.
  await expect(page.getByLabel("Movie Title")).toHaveValue("");
  await expect(page.getByRole("img", { name: "Movie image" })).toHaveCount(0);
  await expect(page.getByLabel("Video preview")).toHaveCount(0);
  await expect(casts).toHaveCount(0);

  const { movies } = (await (await page.request.get(`/api/movie?search=${encodeURIComponent(name)}`)).json()) as {
    movies: { name: string; language: string; year: number; category: { _id: string } }[];
  };
  expect(movies[0]).toMatchObject({ name, language: "French", year: 2021, category: { _id: category._id } });
});

test("movie list: edit a movie in the modal, then delete it", async ({ page }) => {
  test.setTimeout(60_000);
  const category = await createCategory(page.request, "ListMovie");
  const movie = await createMovie(page.request, category._id, "Listed");
  await signIn(page, ADMIN);
  await page.goto("/admin/list");
  const row = page.getByRole("row").filter({ hasText: movie.name });
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: `Edit ${movie.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Movie" });
  await expect(dialog.getByLabel("Movie Title")).toHaveValue(movie.name);
  // The category select shows the movie's own category once its options have loaded.
  await expect(dialog.getByLabel("Category")).toHaveValue(category._id);
  await expect(dialog.getByLabel("Category").locator("option:checked")).toHaveText(category.name);
  await expect(dialog.getByRole("list", { name: "Casts" }).getByText("Test Actor")).toBeVisible();
  const renamed = `${movie.name} Redux`;
  await dialog.getByLabel("Movie Title").fill(renamed);
  await dialog.getByLabel("Hours").fill("3");
  await dialog.getByRole("button", { name: "Update Movie" }).click();
  await expect(toast(page, "Movie updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const renamedRow = page.getByRole("row").filter({ hasText: renamed });
  await expect(renamedRow).toContainText("3h");

  await renamedRow.getByRole("button", { name: `Delete ${renamed}` }).click();
  await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Delete movie" }).click();
  await expect(toast(page, "Movie deleted successfully")).toBeVisible();
  await expect(renamedRow).toHaveCount(0);
  expect((await page.request.get(`/api/movie/${movie._id}`)).status()).toBe(404);
});

test("statistics shows real totals and the newest movies", async ({ page }) => {
  test.setTimeout(60_000);
  const category = await createCategory(page.request, "Stats");
  const movie = await createMovie(page.request, category._id, "Newest");
  const headers = { authorization: `Bearer ${await apiToken(page.request, ADMIN)}` };
  await signIn(page, ADMIN);
  const get = async <T>(path: string) => (await (await page.request.get(path, { headers })).json()) as T;
  const counted = async () => {
    const [listing, categories, users] = await Promise.all([
      get<{ moviesCount: number }>("/api/movie?limit=1"),
      get<unknown[]>("/api/category"),
      get<{ usersCount: number }>("/api/admin/users?limit=1"),
    ]);
    return { movies: listing.moviesCount, categories: categories.length, users: users.usersCount };
  };
  const total = async (label: string) => Number(await page.getByTestId(label).textContent());
  // The totals the API counts. Parallel tests add and delete rows meanwhile: read both sides again
  // until they saw the same catalogue.
  await expect(async () => {
    const expected = await counted();
    await page.goto("/admin/statistics");
    expect({
      movies: await total("Total Movies"),
      categories: await total("Total Categories"),
      users: await total("Total Users"),
    }).toEqual(expected);
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Recent Movies" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Recent movies" })).toBeVisible();
  // Newest first. Parallel tests add movies too, so compare with the API's newest few, which
  // include what the page showed.
  const table = page.getByRole("table", { name: "Recent movies" });
  await expect(table.getByRole("row")).toHaveCount(9);
  const firstShown = await table.getByRole("row").nth(1).getByRole("cell").nth(1).textContent();
  const { movies } = (await (await page.request.get("/api/movie?limit=20")).json()) as { movies: { name: string }[] };
  expect(movies.map((m) => m.name)).toContain(firstShown);
  expect(movies.map((m) => m.name)).toContain(movie.name);
});

test("Add Movie waits, and says why, while a video is still uploading", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, ADMIN);
  await page.goto("/admin/add");
  const submit = page.getByRole("button", { name: "Add Movie" });
  await expect(submit).toBeEnabled();
  // Slow the upload down (Chromium's network emulation) so it is still running while we look.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  });
  await page.getByRole("group", { name: "Movie Video" }).locator('input[type="file"]').setInputFiles(mp4File());
  await expect(page.getByRole("button", { name: "Movie Video" })).toHaveAttribute("aria-busy", "true");
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription("Please wait until the upload has finished.");
  await expect(page.getByText("Please wait until the upload has finished.")).toBeVisible();

  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByLabel("Video preview")).toHaveAttribute("src", /\/api\/upload\/movie\//, { timeout: 20_000 });
  await expect(submit).toBeEnabled();
  await expect(page.getByText("Please wait until the upload has finished.")).toHaveCount(0);
});

test("movie list at scale: search, filter and sort kept in the URL; bulk move and delete", async ({
  page,
  isMobile,
}) => {
  test.setTimeout(90_000);
  const category = await createCategory(page.request, "Bulk");
  const target = await createCategory(page.request, "BulkTarget");
  const tag = `Qz${randomUUID()
    .replace(/[^a-z]/g, "")
    .slice(0, 6)}`;
  const one = await createMovie(page.request, category._id, `${tag} Alpha`);
  const two = await createMovie(page.request, category._id, `${tag} Bravo`);
  await signIn(page, ADMIN);
  await page.goto("/admin/list");

  const table = page.getByRole("table", { name: "Movies" });
  await page.getByLabel("Search movie list").fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(table.getByRole("row")).toHaveCount(3); // the head and two movies
  await page.getByLabel("Category", { exact: true }).selectOption(category._id);
  await expect(page).toHaveURL(new RegExp(`category=${category._id}`));
  // Sorted by name, Z to A: by the column head on a desktop, by the sort menu on a phone.
  if (isMobile) await page.getByLabel("Sort by").selectOption("name:desc");
  else {
    await table.getByRole("button", { name: "Name" }).click();
    await expect(table.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
    await table.getByRole("button", { name: "Name" }).click();
    await expect(table.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  }
  await expect(page).toHaveURL(/sort=name&order=desc|order=desc.*sort=name/);
  await expect(table.getByRole("row").nth(1)).toContainText(two.name);

  // A reload shows the same list.
  await page.reload();
  await expect(page.getByLabel("Search movie list")).toHaveValue(tag);
  await expect(table.getByRole("row").nth(1)).toContainText(two.name);
  await expect(table.getByRole("row").nth(2)).toContainText(one.name);

  // Both selected, moved to another category.
  await page.getByLabel(`Select ${one.name}`).check();
  await page.getByLabel(`Select ${two.name}`).check();
  const selection = page.getByRole("region", { name: "Selected movies" });
  await expect(selection).toContainText("2 selected");
  await selection.getByLabel("Move to category").selectOption(target._id);
  await selection.getByRole("button", { name: "Move" }).click();
  await expect(toast(page, "2 movies moved")).toBeVisible();
  await expect(page.getByText("No movies match these filters")).toBeVisible();

  // In their new category, one is deleted.
  await page.getByLabel("Category", { exact: true }).selectOption(target._id);
  await expect(table.getByRole("row")).toHaveCount(3);
  await page.getByLabel(`Select ${one.name}`).check();
  await page.getByRole("region", { name: "Selected movies" }).getByRole("button", { name: "Delete selected" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm" });
  await expect(confirm).toContainText("Delete the selected movie?");
  await confirm.getByRole("button", { name: "Delete 1 movie" }).click();
  await expect(toast(page, "1 movie deleted")).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);
  expect((await page.request.get(`/api/movie/${one._id}`)).status()).toBe(404);
  expect((await page.request.get(`/api/movie/${two._id}`)).status()).toBe(200);
});

test("a bulk action that fails for some movies says which and why, until dismissed", async ({ page }) => {
  const category = await createCategory(page.request, "BulkFail");
  // Their videos are on another site: nothing here to transcode.
  const one = await createMovie(page.request, category._id, "Elsewhere A");
  const two = await createMovie(page.request, category._id, "Elsewhere B");
  await signIn(page, ADMIN);
  await page.goto(`/admin/list?category=${category._id}`);
  await page.getByLabel(`Select ${one.name}`).check();
  await page.getByLabel(`Select ${two.name}`).check();
  await page.getByRole("region", { name: "Selected movies" }).getByRole("button", { name: "Transcode again" }).click();

  await expect(toast(page, "0 transcodes queued; 2 not")).toBeVisible();
  const failures = page.getByRole("alert").filter({ hasText: "Not done for 2 movies:" });
  const reason = "Its video is not a file stored here, so it cannot be transcoded.";
  await expect(failures.getByRole("listitem")).toHaveText([`${one.name}: ${reason}`, `${two.name}: ${reason}`]);
  await failures.getByRole("button", { name: "Dismiss" }).click();
  await expect(failures).toHaveCount(0);
});

test("movie list fits a 1366 px screen: every row's Delete button in view, nothing scrolls sideways", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "a laptop's width");
  // A row mid-transcode is the widest there is (its progress and a Cancel button): one on the first page.
  const category = await createCategory(page.request, "Wide Rows");
  const transcoding = await createMovie(page.request, category._id, "Mid Transcode");
  const database = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await database.connect();
  await database.query(`UPDATE "Movie" SET "mediaState" = 'transcoding', "mediaProgress" = 83 WHERE id = $1`, [
    transcoding._id,
  ]);
  await database.end();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, ADMIN);
  await page.goto("/admin/list");
  await expect(page.getByRole("button", { name: `Cancel transcoding ${transcoding.name}` })).toBeVisible();
  const table = page.getByRole("table", { name: "Movies" });
  await expect(table).toBeVisible();
  const deletes = table.getByRole("button", { name: /^Delete / });
  expect(await deletes.count()).toBeGreaterThan(10);
  for (const button of (await deletes.all()).slice(0, 10)) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
  }
  // The table's own scroller has nothing to scroll.
  expect(
    await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth),
  ).toBe(true);
});
