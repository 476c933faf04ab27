// The original single-page client runs on another origin (listed in CORS_ORIGINS) with only its API
// base URL changed. This page stands in for it: served from http://spa.example.test (Playwright
// answers for that origin, so no second server or DNS entry is needed), it calls the API across
// origins and shows a poster and plays a video from the URLs the API returned, as that client does.
import { expect, test } from "@playwright/test";
import { demoMovies } from "../prisma/seed/catalogue";

const SPA_ORIGIN = "http://spa.example.test"; // scripts/test.ts lists it in CORS_ORIGINS

const spaPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Other client</title></head>
<body>
<h1 id="title">Loading</h1>
<img id="poster" alt="Poster">
<video id="player" muted playsinline></video>
<script>
  const api = new URLSearchParams(location.search).get("api");
  const search = new URLSearchParams(location.search).get("search");
  (async () => {
    const list = await (await fetch(api + "/api/movie?search=" + encodeURIComponent(search))).json();
    const movie = await (await fetch(api + "/api/movie/" + list.movies[0]._id)).json();
    document.getElementById("title").textContent = movie.name;
    document.getElementById("poster").src = movie.image;
    const player = document.getElementById("player");
    player.src = movie.video;
    await player.play();
    document.body.dataset.video = movie.video;
  })().catch((error) => (document.getElementById("title").textContent = "Failed: " + error));
</script>
</body></html>`;

test("a client on another origin shows the poster and plays the video at the URLs the API gave it", async ({ page, baseURL }) => {
  await page.route(`${SPA_ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: spaPage }));
  const movie = demoMovies[0]!;
  await page.goto(`${SPA_ORIGIN}/?api=${encodeURIComponent(baseURL!)}&search=${encodeURIComponent(movie.name)}`);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(movie.name);
  const poster = page.getByRole("img", { name: "Poster" });
  // Absolute on the API's address, not resolved against this page's origin.
  await expect(poster).toHaveAttribute("src", new RegExp(`^${baseURL}/api/upload/image/`));
  await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

  await expect(page.locator("body")).toHaveAttribute("data-video", new RegExp(`^${baseURL}/api/upload/movie/`));
  const player = page.locator("video");
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);
  expect(await player.evaluate((video: HTMLVideoElement) => video.error)).toBeNull();
});
