// The original single-page client runs on another origin (listed in CORS_ORIGINS) with only its API
// base URL changed. Its stand-in, e2e/support/other-client.html, is served by scripts/test.ts from a
// second loopback origin (TEST_OTHER_CLIENT_ORIGIN): it calls the API across origins and shows a
// poster and plays a video from the URLs the API returned, as that client does.
import { expect, test } from "@playwright/test";
import { demoMovies } from "../prisma/seed/catalogue";

const otherClient = process.env.TEST_OTHER_CLIENT_ORIGIN!;

test("a client on another origin shows the poster and plays the video at the URLs the API gave it", async ({
  page,
  baseURL,
}) => {
  const movie = demoMovies[0]!;
  expect(new URL(otherClient).origin).not.toBe(new URL(baseURL!).origin);
  await page.goto(`${otherClient}/?api=${encodeURIComponent(baseURL!)}&search=${encodeURIComponent(movie.name)}`);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(movie.name);
  const poster = page.getByRole("img", { name: "Poster" });
  // Absolute on the API's address, not resolved against this page's origin.
  await expect(poster).toHaveAttribute("src", new RegExp(`^${baseURL}/api/upload/image/`));
  await expect
    .poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);

  await expect(page.locator("body")).toHaveAttribute("data-video", new RegExp(`^${baseURL}/api/upload/movie/`));
  const player = page.locator("video");
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);
  expect(await player.evaluate((video: HTMLVideoElement) => video.error)).toBeNull();
});
