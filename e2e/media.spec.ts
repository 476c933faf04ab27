// Media as a browser gets it: posters sized for the screen, and a video player seeking by ranges.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { demoMovies } from "../prisma/seed/catalogue";
import { posterSvg } from "../prisma/seed/art";
import { ADMIN, apiToken } from "./support/accounts";
import { createCategory } from "./support/catalogue";

test.describe("a phone (390x844 at 3x)", () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  test("a poster on the listing page downloads at most 60 kB, though the uploaded file is far bigger", async ({ page }) => {
    test.skip(test.info().project.name !== "phone", "the phone's viewport is set here: one run is enough");
    // The first request for a width waits for the optimizer (sharp): slow on a busy machine.
    test.setTimeout(90_000);
    // What an admin uploads from a studio kit: a 1800x2700 JPEG poster (the seed's art, enlarged).
    const art = await sharp(Buffer.from(posterSvg(demoMovies[0]!))).png().toBuffer();
    const upload = await sharp(art).resize(1800, 2700).jpeg({ quality: 92 }).toBuffer();
    expect(upload.length).toBeGreaterThan(200_000);
    const token = await apiToken(page.request, ADMIN);
    const stored = await page.request.post("/api/upload", { multipart: { file: { name: "poster.jpg", mimeType: "image/jpeg", buffer: upload } }, headers: { authorization: `Bearer ${token}` } });
    expect(stored.status(), await stored.text()).toBe(200);
    const posterUrl = (await stored.json()) as string;
    const category = await createCategory(page.request, "Poster");
    const name = `Poster size ${randomUUID().slice(0, 8)}`;
    const movie = await page.request.post("/api/movie", {
      data: { name, desc: "A movie with a big poster.", titleImage: posterUrl, image: posterUrl, language: "English", year: 2020, hour: 2, video: "https://videos.example.test/movie.mp4", category: category._id, casts: [{ name: "Test Actor", image: posterUrl }] },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(movie.status(), await movie.text()).toBe(201);

    const posterKey = posterUrl.split("/").pop()!;
    const posterResponses: { url: string; type: string | null; bytes: number }[] = [];
    page.on("response", async (response) => {
      if (!decodeURIComponent(response.url()).includes(posterKey)) return;
      posterResponses.push({ url: response.url(), type: response.headers()["content-type"] ?? null, bytes: (await response.body()).length });
    });
    await page.goto(`/movies/${encodeURIComponent(name)}`);
    const poster = page.getByRole("link", { name: new RegExp(name) }).locator("img");
    await expect(poster).toBeVisible();
    await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 60_000 }).toBeGreaterThan(0);

    // Every download of this poster (the page may fetch it again as it hydrates) is a resized WebP.
    expect(posterResponses.length).toBeGreaterThan(0);
    for (const response of posterResponses) {
      expect(response.url).toContain("/_next/image");
      expect(response.type).toBe("image/webp");
      expect(response.bytes).toBeLessThanOrEqual(60_000);
    }
  });
});

test("seeking the player to the middle of a video: every answer is a 206 with its range and length", async ({ page }) => {
  const name = demoMovies[4]!.name;
  const { movies } = (await (await page.request.get(`/api/movie?search=${encodeURIComponent(name)}`)).json()) as { movies: { _id: string; name: string; video: string }[] };
  const movie = movies.find((candidate) => candidate.name === name)!;
  const videoPath = new URL(movie.video, "http://x").pathname;
  const answers: { range: string | null; status: number; contentRange: string | null; contentLength: string | null }[] = [];
  page.on("response", async (response) => {
    // The player's requests (GETs), not the HEAD this test sends to learn the size.
    if (new URL(response.url()).pathname !== videoPath || response.request().method() !== "GET") return;
    const headers = await response.allHeaders();
    answers.push({ range: (await response.request().allHeaders()).range ?? null, status: response.status(), contentRange: headers["content-range"] ?? null, contentLength: headers["content-length"] ?? null });
  });

  await page.goto(`/watch/${movie._id}`);
  await page.getByRole("button", { name: "Play" }).click();
  const video = page.locator("video");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  const { duration, size } = await video.evaluate(async (element: HTMLVideoElement) => {
    const head = await fetch(element.currentSrc, { method: "HEAD" });
    return { duration: element.duration, size: Number(head.headers.get("content-length")) };
  });
  expect(size).toBeGreaterThan(0);
  await video.evaluate((element: HTMLVideoElement, to: number) => (element.currentTime = to), duration / 2);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.seeking && element.currentTime), { timeout: 20_000 }).toBeGreaterThan(duration / 2 - 1);

  // The browser asked for ranges and the server answered each with 206, its part and its length.
  // (Chromium fetches a clip this small whole from its first request, `bytes=0-`; with a longer
  // video the seek itself starts a new range, which tests/media/serve.test.ts covers over HTTP.)
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) {
    expect(answer.range).toMatch(/^bytes=\d+-\d*$/);
    expect(answer.status).toBe(206);
    const [, start, end, total] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.contentRange ?? "") ?? [];
    expect(Number(total)).toBe(size);
    expect(Number(answer.contentLength)).toBe(Number(end) - Number(start) + 1);
  }
});
