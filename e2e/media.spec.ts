// Media as a browser gets it: posters sized for the screen, and a video player seeking by ranges.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { demoMovies } from "../prisma/seed/catalogue";
import { posterSvg } from "../prisma/seed/art";
import { ADMIN, apiToken } from "./support/accounts";
import { createCategory } from "./support/catalogue";
import { longMp4File } from "./support/media";

test.describe("a phone (390x844 at 3x)", () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  test("a poster on the listing page downloads at most 60 kB, though the uploaded file is far bigger", async ({
    page,
  }) => {
    test.skip(test.info().project.name !== "phone", "the phone's viewport is set here: one run is enough");
    // The first request for a width waits for the optimizer (sharp): slow on a busy machine.
    test.setTimeout(90_000);
    // What an admin uploads from a studio kit: a 1800x2700 JPEG poster (the seed's art, enlarged).
    const art = await sharp(Buffer.from(posterSvg(demoMovies[0]!)))
      .png()
      .toBuffer();
    const upload = await sharp(art).resize(1800, 2700).jpeg({ quality: 92 }).toBuffer();
    expect(upload.length).toBeGreaterThan(200_000);
    const token = await apiToken(page.request, ADMIN);
    const stored = await page.request.post("/api/upload", {
      multipart: { file: { name: "poster.jpg", mimeType: "image/jpeg", buffer: upload } },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stored.status(), await stored.text()).toBe(200);
    const posterUrl = (await stored.json()) as string;
    const category = await createCategory(page.request, "Poster");
    const name = `Poster size ${randomUUID().slice(0, 8)}`;
    const movie = await page.request.post("/api/movie", {
      data: {
        name,
        desc: "A movie with a big poster.",
        titleImage: posterUrl,
        image: posterUrl,
        language: "English",
        year: 2020,
        hour: 2,
        video: "https://videos.example.test/movie.mp4",
        category: category._id,
        casts: [{ name: "Test Actor", image: posterUrl }],
      },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(movie.status(), await movie.text()).toBe(201);

    const posterKey = posterUrl.split("/").pop()!;
    const posterResponses: { url: string; type: string | null; bytes: number }[] = [];
    page.on("response", async (response) => {
      if (!decodeURIComponent(response.url()).includes(posterKey)) return;
      posterResponses.push({
        url: response.url(),
        type: response.headers()["content-type"] ?? null,
        bytes: (await response.body()).length,
      });
    });
    await page.goto(`/movies/${encodeURIComponent(name)}`);
    const poster = page.getByRole("link", { name: new RegExp(name) }).locator("img");
    await expect(poster).toBeVisible();
    await expect
      .poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);

    // Every download of this poster (the page may fetch it again as it hydrates) is a resized AVIF
    // (Chromium accepts AVIF; next.config.ts offers it first).
    expect(posterResponses.length).toBeGreaterThan(0);
    for (const response of posterResponses) {
      expect(response.url).toContain("/_next/image");
      expect(response.type).toBe("image/avif");
      expect(response.bytes).toBeLessThanOrEqual(60_000);
    }
  });
});

test("seeking the player to the middle of a long video asks for a range past the start and gets a 206 with its length", async ({
  page,
}) => {
  // An upload, a movie, a minute of video, and a transcode of it running meanwhile: room to breathe.
  test.setTimeout(120_000);
  const token = await apiToken(page.request, ADMIN);
  const upload = longMp4File();
  const stored = await page.request.post("/api/upload", {
    multipart: { file: upload },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(stored.status(), await stored.text()).toBe(200);
  const videoUrl = (await stored.json()) as string;
  const videoPath = new URL(videoUrl).pathname;
  const movie = await page.request.post("/api/movie", {
    data: {
      ...{
        name: `Seek ${randomUUID().slice(0, 8)}`,
        desc: "A minute of video to seek in.",
        language: "English",
        year: 2024,
        hour: 1,
        video: videoUrl,
      },
      ...{
        titleImage: "https://images.example.test/title.jpg",
        image: "https://images.example.test/image.jpg",
        casts: [{ name: "Test Actor", image: "https://images.example.test/actor.jpg" }],
      },
      category: (await createCategory(page.request, "Seek"))._id,
    },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(movie.status(), await movie.text()).toBe(201);
  const { _id: movieId } = (await movie.json()) as { _id: string };

  const answers: { range: string | null; status: number; contentRange: string | null; contentLength: string | null }[] =
    [];
  page.on("response", async (response) => {
    if (new URL(response.url()).pathname !== videoPath) return;
    const headers = await response.allHeaders();
    answers.push({
      range: (await response.request().allHeaders()).range ?? null,
      status: response.status(),
      contentRange: headers["content-range"] ?? null,
      contentLength: headers["content-length"] ?? null,
    });
  });
  const rangeStart = (contentRange: string | null) => Number(/^bytes (\d+)-/.exec(contentRange ?? "")?.[1] ?? 0);

  // Saving the movie queued a transcode; until it is done the watch page plays the MP4 itself.
  await page.goto(`/watch/${movieId}`);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const video = page.locator("video");
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  const seekAnswer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === videoPath &&
      response.request().method() === "GET" &&
      response.status() === 206 &&
      rangeStart(response.headers()["content-range"] ?? null) > 0,
  );
  // Straight to the middle, before the browser reads that far ahead on its own.
  const { duration, bufferedUpTo, src } = await video.evaluate((element: HTMLVideoElement) => {
    const state = {
      duration: element.duration,
      bufferedUpTo: element.buffered.length ? element.buffered.end(element.buffered.length - 1) : 0,
      src: element.currentSrc,
    };
    element.currentTime = element.duration / 2;
    return state;
  });
  expect(new URL(src).pathname).toBe(videoPath);
  expect(duration).toBeCloseTo(60, 0);
  expect(
    bufferedUpTo,
    "the browser had already read past the middle: the seek could not need a new range",
  ).toBeLessThan(duration / 2);
  const size = upload.buffer.length;
  const answer = await seekAnswer;
  // The range starts about where the middle of the file is (the bitrate is constant), not at 0.
  expect(rangeStart(answer.headers()["content-range"] ?? null)).toBeGreaterThan(size / 4);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => !element.seeking && element.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(duration / 2 - 1);

  // Every request the browser made asked for one range, and every answer was a 206 with its part
  // and its length.
  expect(answers.length).toBeGreaterThanOrEqual(2);
  for (const { range, status, contentRange, contentLength } of answers) {
    expect(range).toMatch(/^bytes=\d+-\d*$/);
    expect(status).toBe(206);
    const [, start, end, total] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange ?? "") ?? [];
    expect(Number(total)).toBe(size);
    expect(Number(contentLength)).toBe(Number(end) - Number(start) + 1);
  }
});
