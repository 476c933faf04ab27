import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ADMIN, signIn, toast } from "./support/accounts";
import { createCategory, createMovie } from "./support/catalogue";

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

test("create, edit and delete a category", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/admin/categories");
  const name = `E2E Drama ${randomUUID().slice(0, 6)}`;

  await page.getByRole("button", { name: "Create" }).click();
  const create = page.getByRole("dialog", { name: "Create Category" });
  await create.getByRole("button", { name: "Add" }).click();
  await expect(create.getByText("Title Category is required")).toBeVisible();
  // Closing clears the form.
  await create.getByLabel("Category Name").fill("half typed");
  await page.keyboard.press("Escape");
  await expect(create).toBeHidden();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(create.getByLabel("Category Name")).toHaveValue("");
  await expect(create.getByText("Title Category is required")).toHaveCount(0);

  await create.getByLabel("Category Name").fill(name);
  await create.getByRole("button", { name: "Add" }).click();
  await expect(toast(page, "Category created successfully")).toBeVisible();
  await expect(create).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  const categories = (await (await page.request.get("/api/category")).json()) as {
    _id: string;
    name: string;
    createdAt: string;
  }[];
  const created = categories.find((c) => c.name === name)!;
  await expect(row.getByRole("cell").nth(0)).toHaveText(created._id.slice(0, 8).toUpperCase());
  await expect(row.getByRole("cell").nth(1)).toHaveText(longDate(created.createdAt));
  await expect(row.getByRole("cell").nth(2)).toHaveText(name);
  await expect(row.getByRole("cell").nth(3)).toHaveText("0 movies");

  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Category" });
  await expect(edit.getByLabel("Category Name")).toHaveValue(name);
  await edit.getByLabel("Category Name").fill(`${name} II`);
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "Category updated successfully")).toBeVisible();
  const renamed = page.getByRole("row").filter({ hasText: `${name} II` });
  await expect(renamed).toBeVisible();

  await renamed.getByRole("button", { name: `Delete ${name} II` }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm" });
  await expect(confirm.getByText("Are you sure you want to delete this category?")).toBeVisible();
  await confirm.getByRole("button", { name: "No" }).click();
  await expect(renamed).toBeVisible();
  await renamed.getByRole("button", { name: `Delete ${name} II` }).click();
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(toast(page, "Delete category successfully")).toBeVisible();
  await expect(renamed).toHaveCount(0);
});

test("a category that a movie uses is not deleted: an error toast with the server's text", async ({ page }) => {
  const category = await createCategory(page.request, "InUse");
  await createMovie(page.request, category._id, "Keeps category");
  await signIn(page, ADMIN);
  await page.goto("/admin/categories");
  const row = page.getByRole("row").filter({ hasText: category.name });
  await row.getByRole("button", { name: `Delete ${category.name}` }).click();
  await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Yes" }).click();
  const error = toast(page, "This category is used by 1 movie: move or delete it first");
  await expect(error).toBeVisible();
  await expect(page.getByText("Delete category successfully")).toHaveCount(0);
  await expect(row).toBeVisible();
});
