// Issue 28, item 8: what a walk through the site on a 390 x 844 phone found, and two things on any screen.
import { expect, test } from "@playwright/test";
import { footerAccount, registerAccount, signIn } from "./support/accounts";
import { seededMovie } from "./support/cinema";
import { hydrated } from "./support/hydration";

test.describe("on a 390 x 844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(({ isMobile }) => {
    test.skip(!isMobile, "phone layouts: the phone project");
  });

  test("the movie page's Watch button is in the first view, above the bottom bar", async ({ page }) => {
    const movie = await seededMovie(page, 14);
    await page.goto(`/movie/${movie._id}`);
    const watch = page.getByRole("link", { name: "Watch", exact: true });
    await expect(watch).toBeVisible();
    const button = (await watch.boundingBox())!;
    const bar = (await page.getByRole("navigation", { name: "Mobile" }).boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(0);
    expect(button.y + button.height).toBeLessThanOrEqual(bar.y);
  });

  test("search suggestions are as wide as the screen, not the search box", async ({ page }) => {
    const movie = await seededMovie(page, 14);
    await page.goto("/about-us");
    const box = await hydrated(page.getByRole("combobox", { name: "Search movies" }));
    await box.fill(movie.name.split(" ")[0]!);
    const list = page.getByRole("listbox", { name: "Suggested movies" });
    await expect(list.getByRole("option").first()).toBeVisible();
    const input = (await box.boundingBox())!;
    const suggestions = (await list.boundingBox())!;
    expect(input.width).toBeLessThan(250);
    expect(suggestions.x).toBeGreaterThanOrEqual(0);
    expect(suggestions.width).toBeGreaterThanOrEqual(370);
    expect(suggestions.x + suggestions.width).toBeLessThanOrEqual(390);
  });

  test("the search keyboard, a forgiving suggestion within the screen, a tap opens the movie", async ({ page }) => {
    await page.goto("/about-us");
    const box = page.getByRole("combobox", { name: "Search movies" });
    await expect(box).toHaveAttribute("enterkeyhint", "search");
    await expect(box).toHaveAttribute("type", "search");
    await (await hydrated(box)).tap();
    await box.pressSequentially("cncierge vanishig");
    const list = page.getByRole("listbox", { name: "Suggested movies" });
    const option = list.getByRole("option", { name: /The Vanishing Concierge/ });
    await expect(option).toBeVisible();
    const shown = (await list.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(390);
    await option.tap();
    await expect(page).toHaveURL(/\/movie\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "The Vanishing Concierge" })).toBeVisible();
  });

  test("the menu drawer links to My List", async ({ page }) => {
    await signIn(page, await registerAccount(page.request, "mylist-drawer"));
    await page.goto("/");
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "My List" }).click();
    await expect(page).toHaveURL(/\/my-list$/);
    await expect(page.getByRole("heading", { name: "My List", level: 1 })).toBeVisible();
  });
});

test("the footer offers Sign In to a visitor and My List to a signed-in member", async ({ page }) => {
  await page.goto("/about-us");
  await expect(footerAccount(page).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
  await signIn(page, await registerAccount(page.request, "footer"));
  await page.reload();
  await expect(footerAccount(page).getByRole("link", { name: "My List" })).toHaveAttribute("href", "/my-list");
  await expect(footerAccount(page).getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await expect(footerAccount(page).getByRole("link")).toHaveCount(4);
});

test("the password form submitted empty says Confirm Password is required too", async ({ page }) => {
  await signIn(page, await registerAccount(page.request, "confirm"));
  await page.goto("/password");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Password is required", { exact: true })).toBeVisible();
  await expect(page.getByText("New password is required")).toBeVisible();
  await expect(page.getByText("Confirm password is required")).toBeVisible();
});
