import { expect, test } from "@playwright/test";

test("a page that fails to render shows the error page inside the site, and Try again renders it afresh", async ({
  page,
}) => {
  const logged: string[] = [];
  page.on("console", (message) => message.type() === "error" && logged.push(message.text()));
  await page.goto("/test/broken");
  await page.getByRole("button", { name: "Break this page" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "This page could not be shown. Please try again." }),
  ).toBeVisible();
  // The root layout stays around it: the site's header and footer.
  await expect(page.getByRole("banner").getByRole("link", { name: "Marquee" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back Home" })).toHaveAttribute("href", "/");
  expect(logged.join("\n")).toContain("This test page broke on purpose");

  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("button", { name: "Break this page" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeHidden();
});

test("/movies/a%00b is the 404 page, and the search box stays empty (no raw NUL in it)", async ({ page }) => {
  const response = await page.goto("/movies/a%00b");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Search movies" })).toHaveValue("");
});

test("an unknown movie's watch page is the 404 page", async ({ page }) => {
  const response = await page.goto("/watch/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
