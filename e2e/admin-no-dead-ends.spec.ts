// The admin's rough edges (issue 39), on a desktop and on a phone: a published film can go back to
// draft (bulk bar and edit dialog).
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, signIn, toast } from "./support/accounts";
import { createCategory, createMovie } from "./support/catalogue";

// Each walks several pages of a busy admin area: the long flows' budget, as in admin-movies.spec.ts.
test.describe.configure({ timeout: 60_000 });

const publicStatus = async (page: Page, id: string) => (await page.request.get(`/api/movie/${id}`)).status();

test("unpublish from the bulk bar; publish and unpublish again from the edit dialog's status", async ({ page }) => {
  const category = await createCategory(page.request, "Unpublish");
  const movie = await createMovie(page.request, category._id, "Unpublish");
  await signIn(page, ADMIN);
  await page.goto(`/admin/list?search=${encodeURIComponent(movie.name)}`);
  const row = page.getByRole("table", { name: "Movies" }).getByRole("row").filter({ hasText: movie.name });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText("Draft");

  await page.getByLabel(`Select ${movie.name}`).check();
  const selection = page.getByRole("region", { name: "Selected movies" });
  await selection.getByRole("button", { name: "Unpublish", exact: true }).click();
  await expect(toast(page, "1 movie unpublished")).toBeVisible();
  await expect(row).toContainText("Draft");
  expect(await publicStatus(page, movie._id)).toBe(404);

  // The edit dialog says it is a draft, and publishes it from its status.
  await row.getByRole("button", { name: `Edit ${movie.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Movie" });
  const status = dialog.getByRole("radiogroup", { name: "Status" });
  await expect(status.getByRole("radio", { name: "Draft" })).toBeChecked();
  await status.getByRole("radio", { name: "Published" }).check();
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(toast(page, "Movie published")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).not.toContainText("Draft");
  expect(await publicStatus(page, movie._id)).toBe(200);

  // And takes it back to draft the same way: the button names what it does.
  await row.getByRole("button", { name: `Edit ${movie.name}` }).click();
  await expect(status.getByRole("radio", { name: "Published" })).toBeChecked();
  await expect(dialog.getByRole("button", { name: "Update Movie" })).toBeVisible();
  await status.getByRole("radio", { name: "Draft" }).check();
  await expect(dialog.getByRole("button", { name: "Update Movie" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Unpublish", exact: true }).click();
  await expect(toast(page, "Movie unpublished")).toBeVisible();
  await expect(row).toContainText("Draft");
  expect(await publicStatus(page, movie._id)).toBe(404);
});
