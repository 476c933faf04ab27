// The admin Import page (issue 26): a catalogue file checked by a dry run, its report surviving a
// reload, then run for real; a folder of films imported as drafts that stay off the public site
// until an admin completes and publishes them.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN, signIn, toast } from "./support/accounts";
import { createCategory } from "./support/catalogue";
import { hydrated } from "./support/hydration";
import { pngFile } from "./support/media";

/** Writes a file into the app's IMPORT_DIR (npm test gives the e2e app one); returns its relative path. */
function putInImportDir(relative: string, content: Buffer): string {
  const full = path.join(process.env.IMPORT_DIR!, relative);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, content);
  return relative;
}
const tinyVideo = () => fs.readFileSync(path.join(process.cwd(), "tests/fixtures/media/tiny.mkv"));

test("import a CSV file: a dry run's report survives a reload, then the real run", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const poster = putInImportDir(`e2e-${tag}/poster.png`, (await pngFile()).buffer);
  const video = putInImportDir(`e2e-${tag}/clip.mkv`, tinyVideo());
  const name = `Imported In A Browser ${tag}`;
  const csv = [
    "id,name,desc,year,hour,language,category,image,titleImage,video,casts.0.name,casts.0.image",
    `e2e-${tag}-1,${name},Brought in by the Import page.,2015,2,English,E2E Imports ${tag},${poster},${poster},${video},Ada Lane,${poster}`,
    `e2e-${tag}-2,Missing Its Description,,2015,2,English,E2E Imports ${tag},${poster},${poster},${video},Ada Lane,${poster}`,
  ].join("\n");
  await signIn(page, ADMIN);
  await page.goto("/admin/import");

  // A file chosen before React hydrated the form is not in its state, and "Check file" sends nothing.
  await (
    await hydrated(page.getByLabel("Catalogue file"))
  ).setInputFiles({ name: "movies.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByLabel("Dry run: check every row and change nothing")).toBeChecked();
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(toast(page, "Dry run started")).toBeVisible();
  const report = page.getByRole("heading", { name: "Dry run: movies.csv", level: 3 }).locator("xpath=../..");
  await expect(report.getByText("Done, 1 failed")).toBeVisible({ timeout: 60_000 });
  await expect(report.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
  const rows = report.getByRole("table", { name: "Import rows" });
  await expect(rows.getByRole("row").nth(1)).toContainText("Would create");
  await expect(rows.getByRole("row").nth(2)).toContainText("Failed");
  await expect(rows.getByRole("row").nth(2)).toContainText("desc: Decs is required");
  expect(
    (
      (await (await page.request.get(`/api/movie?search=${encodeURIComponent(name)}`)).json()) as {
        moviesCount: number;
      }
    ).moviesCount,
  ).toBe(0);

  // The report is kept on the server: a reload shows it again.
  await page.reload();
  await expect(report.getByText("Done, 1 failed")).toBeVisible();
  await expect(rows.getByRole("row").nth(2)).toContainText("desc: Decs is required");

  await report.getByRole("button", { name: "Run this import" }).click();
  await expect(toast(page, "Import started")).toBeVisible();
  const run = page.getByRole("heading", { name: "Import: movies.csv", level: 3 }).locator("xpath=../..");
  await expect(run.getByText("Done, 1 failed")).toBeVisible({ timeout: 60_000 });
  await expect(run.getByTestId("count-created")).toHaveText("1");
  await expect(run.getByRole("table", { name: "Import rows" }).getByRole("row").nth(1)).toContainText("Created");
  const found = (await (await page.request.get(`/api/movie?search=${encodeURIComponent(name)}`)).json()) as {
    movies: { name: string; category: { name: string } }[];
  };
  expect(found.movies[0]).toMatchObject({ name, category: { name: `E2E Imports ${tag}` } });
});

test("a folder of films becomes drafts, public only once completed and published", async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Folder Film ${randomUUID()
    .replace(/[^a-z]/g, "")
    .slice(0, 6)}`;
  putInImportDir(`${title} (2003)/${title} (2003).mkv`, tinyVideo());
  putInImportDir(`${title} (2003)/poster.png`, (await pngFile("poster.png", "#1c8a3d")).buffer);
  const category = await createCategory(page.request, "FolderFilms");
  await signIn(page, ADMIN);
  await page.goto("/admin/import");
  await (await hydrated(page.getByRole("button", { name: "Import as drafts" }))).click();
  await expect(toast(page, "Folder import started")).toBeVisible();
  const report = page.getByRole("heading", { name: "Import: films of IMPORT_DIR", level: 3 }).locator("xpath=../..");
  await expect(report.getByText(/^Done/)).toBeVisible({ timeout: 60_000 });

  await page.goto(`/admin/list?status=draft&search=${encodeURIComponent(title)}`);
  const row = page.getByRole("table", { name: "Movies" }).getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Draft");
  const id = (
    (await (await page.request.get(`/api/admin/movies?status=draft&search=${encodeURIComponent(title)}`)).json()) as {
      movies: { _id: string }[];
    }
  ).movies[0]!._id;
  expect((await page.request.get(`/api/movie/${id}`)).status()).toBe(404);
  expect((await page.request.get(`/movie/${id}`)).status()).toBe(404);

  await row.getByRole("button", { name: `Edit ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Movie" });
  await expect(dialog.getByText("This movie is a draft: visitors cannot see it.")).toBeVisible();
  await expect(dialog.getByLabel("Movie Title")).toHaveValue(title);
  await expect(dialog.getByLabel("Year of Release")).toHaveValue("2003");
  await dialog.getByLabel("Hours").fill("2");
  await dialog.getByLabel("Language", { exact: true }).selectOption("English");
  await dialog.getByLabel("Category").selectOption(category._id);
  await dialog.getByLabel("Movie Description").fill("Found in the folder, completed in the browser.");
  await dialog
    .getByRole("group", { name: "Movie Image" })
    .locator('input[type="file"]')
    .setInputFiles(await pngFile("wide.png", "#3d1c8a"));
  await expect(dialog.getByRole("img", { name: "Movie image" })).toBeVisible();
  await dialog.getByRole("button", { name: "Add Cast" }).click();
  const cast = page.getByRole("dialog", { name: "Add Cast" });
  await cast.getByLabel("Cast Name").fill("Ada Lane");
  await cast
    .getByRole("group", { name: "Cast Image" })
    .locator('input[type="file"]')
    .setInputFiles(await pngFile("ada.png"));
  await expect(cast.getByRole("img")).toBeVisible();
  await cast.getByRole("button", { name: "Add" }).click();
  await dialog.getByRole("radiogroup", { name: "Status" }).getByRole("radio", { name: "Published" }).check();
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(toast(page, "Movie published")).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await page.request.get(`/api/movie/${id}`)).status()).toBe(200);
  await page.goto(`/movie/${id}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
});
