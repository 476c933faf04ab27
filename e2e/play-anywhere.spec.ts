// Play from anywhere (issue 28, item 5): a card's Play and the Continue watching row open the
// player directly (/watch/{id}?play=1), at the resume point.
import { expect, test, type Page } from "@playwright/test";
import { registerAccount, signIn } from "./support/accounts";
import { playerReady, saveProgress, seededMovie } from "./support/cinema";

test.describe.configure({ timeout: 90_000 });

const mediaTime = (page: Page) => page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime);

test("Continue watching's Play resumes where the member stopped, without the poster", async ({ page }) => {
  const movie = await seededMovie(page, 8);
  await signIn(page, await registerAccount(page.request, "play-resume"));
  await saveProgress(page, movie._id, 6);

  await page.goto("/");
  const row = page.getByRole("region", { name: "Continue watching" });
  await row.getByRole("link", { name: `Play ${movie.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${movie._id}\\?play=1$`));
  await expect(page.getByRole("button", { name: /^Resume from/ })).toHaveCount(0);
  await playerReady(page);
  await expect.poll(() => mediaTime(page)).toBeGreaterThanOrEqual(5.5);
});

test("a card's Play opens the player at once, from the start for a visitor", async ({ page }) => {
  const movie = await seededMovie(page, 9);
  await page.goto(`/movies/${encodeURIComponent(movie.name)}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: movie.name, exact: true }) });
  await card.getByRole("link", { name: `Play ${movie.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${movie._id}\\?play=1$`));
  await expect(page.getByRole("heading", { name: movie.name, level: 1 })).toBeVisible();
  // The player itself, not the poster and its Play button.
  await expect(page.getByRole("button", { name: "Play", exact: true })).toHaveCount(0);
  await playerReady(page);
  // Where playback began (the first range the video has played), not where it has got to: on a loaded
  // runner seconds of autoplay can pass before this is read.
  const startedAt = await page
    .locator("video")
    .evaluate((video: HTMLVideoElement) => (video.played.length > 0 ? video.played.start(0) : video.currentTime));
  expect(startedAt).toBeLessThan(1);
});
