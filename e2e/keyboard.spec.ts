// Keyboard use (WCAG 2.1.1, 2.4.1, 2.4.3, 2.4.7) and the home banner's pause control (2.2.2).
import { expect, test } from "@playwright/test";
import { demoMovies } from "../prisma/seed/catalogue";
import { registerAccount, signIn, toast } from "./support/accounts";

test.beforeEach(({ isMobile }) => {
  test.skip(isMobile, "keyboard use: the desktop project");
});
// Signing in and rendering the full listing take a while on a busy machine.
test.describe.configure({ timeout: 60_000 });

test("the first Tab reaches 'Skip to content', which moves focus past the header", async ({ page }) => {
  await page.goto("/movies");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("#content")).toBeFocused();
  // The next Tab lands in the page, not in the header.
  await page.keyboard.press("Tab");
  expect(
    await page.evaluate(
      () =>
        document.activeElement?.closest("header") === null &&
        document.getElementById("content")!.contains(document.activeElement),
    ),
  ).toBe(true);
});

test("header search: the field comes before its button, with a visible focus ring", async ({ page }) => {
  await page.goto("/about-us");
  const field = page.getByRole("combobox", { name: "Search movies" });
  await field.focus();
  const ring = await page.getByRole("search").evaluate((form) => getComputedStyle(form).boxShadow);
  expect(ring).not.toBe("none");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Search", exact: true })).toBeFocused();
});

test("Like keeps keyboard focus after toggling", async ({ page }) => {
  await signIn(page, await registerAccount(page.request, "kbd-like"));
  await page.goto("/movies");
  const card = page.getByRole("main").getByRole("listitem").first();
  const name = (await card.getByRole("heading").textContent())!;
  const like = card.getByRole("button", { name: `Add ${name} to favorites` });
  // The listing streams in after its skeleton: the button acts once the page has hydrated and knows
  // who is signed in, which it shows by dropping aria-disabled.
  await expect(like).toHaveAttribute("aria-disabled", "false");
  await like.focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Movie added to favorites")).toBeVisible();
  const liked = card.getByRole("button", { name: `Remove ${name} from favorites` });
  await expect(liked).toHaveAttribute("aria-pressed", "true");
  await expect(liked).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Movie removed from favorites")).toBeVisible();
  await expect(card.getByRole("button", { name: `Add ${name} to favorites` })).toBeFocused();
});

test("Play on the watch page hands focus to the player", async ({ page }) => {
  const name = demoMovies[0]!.name;
  const { movies } = (await (await page.request.get(`/api/movie?search=${encodeURIComponent(name)}`)).json()) as {
    movies: { _id: string; name: string }[];
  };
  await page.goto(`/watch/${movies.find((movie) => movie.name === name)!._id}`);
  await page.waitForLoadState("networkidle"); // hydrated: the button acts on Enter
  await page.getByRole("button", { name: "Play" }).focus();
  await page.keyboard.press("Enter");
  // The player loads when asked for; then keyboard focus is on it (or inside it).
  await expect(page.locator("[data-media-player]")).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("[data-media-player]"))))
    .toBe(true);
});

test("the home banner has a pause control, and holds still while focus is inside it", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Featured movies" });
  // aria-live is "off" while the slides turn by themselves and "polite" while they hold still.
  const slides = banner.locator("[aria-live]");
  await expect(slides).toHaveAttribute("aria-live", "off");

  await banner
    .getByRole("link", { name: /^Watch / })
    .first()
    .focus();
  await expect(slides).toHaveAttribute("aria-live", "polite");
  await page.getByRole("combobox", { name: "Search movies" }).focus();
  await expect(slides).toHaveAttribute("aria-live", "off");

  await banner.getByRole("button", { name: "Pause slideshow" }).click();
  const play = banner.getByRole("button", { name: "Play slideshow" });
  await expect(play).toBeVisible();
  await page.mouse.move(0, 0);
  await page.getByRole("combobox", { name: "Search movies" }).focus();
  // Paused stays paused after focus and pointer leave, until Play.
  await expect(slides).toHaveAttribute("aria-live", "polite");
  await play.click();
  await expect(banner.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.getByRole("combobox", { name: "Search movies" }).focus();
  await expect(slides).toHaveAttribute("aria-live", "off");
});
