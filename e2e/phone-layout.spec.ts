// Phone layouts (the "phone" project, a 412 px wide Pixel 7): two posters a row, tables as cards
// with their buttons in reach, pictures in their own proportions, toasts clear of the header.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { apiToken, registerAccount, registerAdmin, signIn, toast } from "./support/accounts";
import { hydrated } from "./support/hydration";
import { pngFile } from "./support/media";

test.beforeEach(({ isMobile }) => {
  test.skip(!isMobile, "phone layouts: the phone project");
});

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** Nothing wider than the screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Fully on screen horizontally (a button one would otherwise have to scroll sideways to). */
async function expectWithinWidth(page: Page, locator: Locator) {
  const { x, width } = await box(locator);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test("home and listing grids show two posters a row, captions below the art", async ({ page }) => {
  for (const path of ["/", "/movies"]) {
    await page.goto(path);
    const cards = page.getByRole("main").getByRole("list").first().getByRole("article");
    const [first, second, third] = [await box(cards.nth(0)), await box(cards.nth(1)), await box(cards.nth(2))];
    expect(Math.abs(first.y - second.y)).toBeLessThan(1); // side by side
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
    expect(third.y).toBeGreaterThan(first.y + first.height - 1); // the third starts the next row
    // The caption sits below the poster picture, not on it.
    const picture = await box(cards.nth(0).locator("img"));
    const caption = await box(cards.nth(0).getByRole("heading"));
    expect(caption.y).toBeGreaterThanOrEqual(picture.y + picture.height - 1);
    await expectNoSidewaysScroll(page);
  }
});

test("favourites and admin tables become cards: no sideways scrolling, every button in reach", async ({ page }) => {
  const admin = await registerAdmin(page.request, "phone-tables");
  const token = await apiToken(page.request, admin);
  const { movies } = (await (await page.request.get("/api/movie?limit=1")).json()) as {
    movies: { _id: string; name: string }[];
  };
  const movie = movies[0]!;
  expect(
    (
      await page.request.post("/api/user/favorite", {
        data: { idMovie: movie._id },
        headers: { authorization: `Bearer ${token}` },
      })
    ).ok(),
  ).toBe(true);
  await signIn(page, admin);

  await page.goto("/favorite");
  await expect(page.getByRole("table", { name: "Favorite movies" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectWithinWidth(page, page.getByRole("button", { name: `Remove ${movie.name}` }));
  await expectWithinWidth(page, page.getByRole("link", { name: `View ${movie.name}` }));

  await page.goto("/admin/list");
  await expect(page.getByRole("table", { name: "Movies" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectWithinWidth(page, page.getByRole("button", { name: /^Edit / }).first());
  await expectWithinWidth(page, page.getByRole("button", { name: /^Delete / }).first());

  await page.goto("/admin/users");
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectWithinWidth(page, page.getByRole("button", { name: /^Delete / }).first());
});

test("toasts stay below the header, and the profile picture preview keeps the picture's proportions", async ({
  page,
}) => {
  // Where a toast rests, not where its slide from above passes: with reduced motion react-hot-toast
  // only fades. (Measured mid-slide on a loaded runner, a toast was at y 31, under the header.)
  await page.emulateMedia({ reducedMotion: "reduce" });
  await signIn(page, await registerAccount(page.request, "phone-profile"));
  await page.goto("/profile");
  // A portrait picture (64 x 96) must not be stretched or cropped into another shape.
  // A file chosen before React takes the picker over is not uploaded (nothing listens yet).
  await (await hydrated(page.locator('input[type="file"]'))).setInputFiles(await pngFile("me.png"));
  const upload = toast(page, "Upload successfully");
  await expect(upload).toBeVisible();
  // It sits wholly below the sticky header.
  const header = await box(page.locator("header").first());
  await expect.poll(async () => (await upload.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(header.y + header.height);
  const preview = page.getByRole("img", { name: "Your profile picture" });
  await expect(preview).toBeVisible();
  const { width, height } = await box(preview);
  expect(height / width).toBeCloseTo(96 / 64, 1);
});
