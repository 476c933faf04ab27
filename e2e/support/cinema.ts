// The personal parts of watching (issue 28): seeded movies to use, and the member's own data set
// through the API as their browser would (cookie-authenticated writes must come from this site).
import { expect, type Page } from "@playwright/test";
import { demoMovies } from "../../prisma/seed/catalogue";

/** A cookie-authenticated write from this site, as a page makes it (the API refuses cross-site ones). */
export const sameOrigin = { origin: process.env.TEST_BASE_URL! };

export type SeededMovie = { _id: string; name: string };

/** The nth movie of the demo catalogue (its clips are 12 s long and play in the browser). */
export async function seededMovie(page: Page, index: number): Promise<SeededMovie> {
  const name = demoMovies[index]!.name;
  const response = await page.request.get(`/api/movie?search=${encodeURIComponent(name)}`);
  const { movies } = (await response.json()) as { movies: SeededMovie[] };
  const movie = movies.find((item) => item.name === name);
  expect(movie, name).toBeDefined();
  return { _id: movie!._id, name: movie!.name };
}

/** The signed-in page's user stopped at `position` of `duration` seconds. */
export async function saveProgress(page: Page, movieId: string, position: number, duration = 12) {
  const response = await page.request.put(`/api/user/progress/${movieId}`, {
    data: { position, duration },
    headers: sameOrigin,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The demo clip has loaded in the player. */
export async function playerReady(page: Page) {
  await expect
    .poll(() => page.locator("video").evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
}

/** Jumps to the last moments of the film and lets it play to its end. */
export async function playToTheEnd(page: Page) {
  await playerReady(page);
  await page.locator("video").evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    video.currentTime = Math.max(0, video.duration - 0.5);
    await video.play().catch(() => {});
  });
}
