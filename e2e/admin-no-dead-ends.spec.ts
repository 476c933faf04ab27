// The admin's rough edges (issue 39), on a desktop and on a phone: a published film can go back to
// draft (bulk bar and edit dialog), the categories table says how many movies use each category
// beside the original id, date and title, the edit dialog's pictures are labelled as the site
// uses them, and a confirmation's button names what it does.
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, apiToken, registerAccount, registerAdmin, signIn, toast } from "./support/accounts";
import { createCategory, createMovie } from "./support/catalogue";

// Each walks several pages of a busy admin area: the long flows' budget, as in admin-movies.spec.ts.
test.describe.configure({ timeout: 60_000 });

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

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
  // Exact: the bulk bar's "1 movie unpublished" may still be showing, and contains these words.
  await expect(page.getByRole("status").getByText("Movie unpublished", { exact: true })).toBeVisible();
  await expect(row).toContainText("Draft");
  expect(await publicStatus(page, movie._id)).toBe(404);
});

test("the categories table: the spec's id, date and title, and how many movies use it (a link to them)", async ({
  page,
}) => {
  const category = await createCategory(page.request, "Counted");
  await createMovie(page.request, category._id, "Counted");
  await createMovie(page.request, category._id, "Counted");
  const empty = await createCategory(page.request, "Unused");
  const categories = (await (await page.request.get("/api/category")).json()) as { _id: string; createdAt: string }[];
  const created = categories.find((c) => c._id === category._id)!;
  await signIn(page, ADMIN);
  await page.goto("/admin/categories");

  const table = page.getByRole("table", { name: "Categories" });
  await expect(table.getByRole("columnheader")).toHaveText(["ID", "Date", "Title", "Movies", "Actions"]);
  const row = table.getByRole("row").filter({ hasText: category.name });
  await expect(row.getByRole("cell").nth(0)).toHaveText(category._id.slice(0, 8).toUpperCase());
  await expect(row.getByRole("cell").nth(1)).toHaveText(longDate(created.createdAt));
  await expect(row.getByRole("cell").nth(2)).toHaveText(category.name);
  await expect(row.getByRole("cell").nth(3)).toHaveText("2 movies");
  await expect(table.getByRole("row").filter({ hasText: empty.name }).getByRole("cell").nth(3)).toHaveText("0 movies");

  // The count leads to those movies in the admin list.
  await row.getByRole("link", { name: `2 movies in ${category.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/list\\?category=${category._id}$`));
  await expect(page.getByRole("table", { name: "Movies" }).getByRole("row")).toHaveCount(3);
});

test("the edit dialog labels the poster and the title image as the movie page uses them", async ({ page }) => {
  const category = await createCategory(page.request, "Pictures");
  const movie = await createMovie(page.request, category._id, "Pictures");
  await signIn(page, ADMIN);
  await page.goto(`/admin/list?search=${encodeURIComponent(movie.name)}`);
  await page.getByRole("button", { name: `Edit ${movie.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Movie" });
  // createMovie's poster (image) is image.jpg; its title image (the wide picture) is title.jpg.
  await expect(dialog.getByRole("img", { name: "Poster image" })).toHaveAttribute("src", /\/image\.jpg$/);
  await expect(dialog.getByRole("img", { name: "Movie image" })).toHaveAttribute("src", /\/title\.jpg$/);
  await expect(dialog.getByText("Portrait: shown on movie cards, lists and beside the movie's title.")).toBeVisible();
  await expect(
    dialog.getByText("Wide: shown behind the movie page's title, in the home banner and before the video plays."),
  ).toBeVisible();
});

test("admin confirmations name their action: Cancel, or Delete movie, Make admin, Delete users", async ({ page }) => {
  const category = await createCategory(page.request, "Confirm");
  const movie = await createMovie(page.request, category._id, "Confirm");
  const admin = await registerAdmin(page.request, "confirm-admin");
  const member = await registerAccount(page.request, "confirm-member");
  await signIn(page, admin);
  const confirm = page.getByRole("dialog", { name: "Confirm" });

  await page.goto(`/admin/list?search=${encodeURIComponent(movie.name)}`);
  await page.getByRole("button", { name: `Delete ${movie.name}` }).click();
  await expect(confirm.getByRole("button")).toHaveText(["✕", "Cancel", "Delete movie"]);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect(await publicStatus(page, movie._id)).toBe(200);
  await page.getByLabel(`Select ${movie.name}`).check();
  await page.getByRole("region", { name: "Selected movies" }).getByRole("button", { name: "Delete selected" }).click();
  await expect(confirm.getByRole("button")).toHaveText(["✕", "Cancel", "Delete 1 movie"]);
  await confirm.getByRole("button", { name: "Delete 1 movie" }).click();
  await expect(toast(page, "1 movie deleted")).toBeVisible();
  expect(await publicStatus(page, movie._id)).toBe(404);

  await page.goto(`/admin/users?search=${encodeURIComponent(member.email)}`);
  await page.getByRole("button", { name: `Make admin ${member.email}` }).click();
  await expect(confirm.getByRole("button")).toHaveText(["✕", "Cancel", "Make admin"]);
  await confirm.getByRole("button", { name: "Make admin" }).click();
  await expect(toast(page, "Admin role granted")).toBeVisible();
  await page.getByRole("button", { name: `Delete ${member.email}` }).click();
  await expect(confirm.getByRole("button")).toHaveText(["✕", "Cancel", "Delete user"]);
  await confirm.getByRole("button", { name: "Cancel" }).click();

  // The categories' delete keeps the original words: 'Confirm', its question, Yes and No.
  const spare = await createCategory(page.request, "Spare");
  await page.goto("/admin/categories");
  await page.getByRole("button", { name: `Delete ${spare.name}` }).click();
  await expect(confirm).toContainText("Are you sure you want to delete this category?");
  await expect(confirm.getByRole("button")).toHaveText(["✕", "No", "Yes"]);
  await confirm.getByRole("button", { name: "No" }).click();
});

test("a member's confirmations name their action: Remove all favourites, Delete review", async ({ page }) => {
  const account = await registerAccount(page.request, "confirm-viewer");
  const token = await apiToken(page.request, account);
  const category = await createCategory(page.request, "Liked");
  const movie = await createMovie(page.request, category._id, "Liked");
  const headers = { authorization: `Bearer ${token}` };
  expect((await page.request.post("/api/user/favorite", { data: { idMovie: movie._id }, headers })).ok()).toBe(true);
  expect(
    (
      await page.request.post(`/api/movie/review/${movie._id}`, {
        data: { rating: 4, message: `Worth it ${randomUUID().slice(0, 4)}` },
        headers,
      })
    ).ok(),
  ).toBe(true);
  await signIn(page, account);
  const confirm = page.getByRole("dialog", { name: "Confirm" });

  await page.goto(`/movie/${movie._id}`);
  await page.getByRole("button", { name: "Delete review" }).click();
  await expect(confirm.getByRole("button")).toHaveText(["✕", "Cancel", "Delete review"]);
  await confirm.getByRole("button", { name: "Cancel" }).click();

  await page.goto("/favorite");
  await page.getByRole("button", { name: "Delete All" }).click();
  await expect(confirm.getByRole("button")).toHaveText(["✕", "Cancel", "Remove all"]);
  await confirm.getByRole("button", { name: "Remove all" }).click();
  await expect(toast(page, "All favorite movies deleted successfully")).toBeVisible();
});
