// Adaptive streaming in Chromium: once the transcode job has made the ladder, the watch page plays
// the HLS master playlist through hls.js (a MediaSource blob, not the MP4), the quality menu offers
// each rendition, picking one selects it while playback carries on, and scrubbing shows previews.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, apiToken, registerAccount, signIn } from "./support/accounts";
import { createCategory } from "./support/catalogue";
import { sameOrigin } from "./support/cinema";
import { openPlayerSettings } from "./support/player";

/** A 12-second 854×480 clip with a tone: the ladder is 360p + 480p. */
function makeClip(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-e2e-hls-"));
  const file = path.join(dir, "clip.mp4");
  try {
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y"],
      ...[
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=854x480:rate=24:duration=12",
        "-f",
        "lavfi",
        "-i",
        "sine=frequency=440:duration=12",
      ],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", file],
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function transcodedMovie(request: APIRequestContext): Promise<{ _id: string; name: string }> {
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const upload = await request.post("/api/upload", {
    multipart: { file: { name: "clip.mp4", mimeType: "video/mp4", buffer: makeClip() } },
    headers,
  });
  expect(upload.status()).toBe(200);
  const category = await createCategory(request, "Streaming");
  const created = await request.post("/api/movie", {
    headers,
    data: {
      name: `E2E Stream ${randomUUID().slice(0, 8)}`,
      desc: "A clip transcoded to HLS.",
      titleImage: "https://images.example.test/title.jpg",
      image: "https://images.example.test/image.jpg",
      language: "English",
      year: 2024,
      hour: 1,
      video: await upload.json(),
      category: category._id,
      casts: [{ name: "Test Actor", image: "https://images.example.test/actor.jpg" }],
    },
  });
  expect(created.status()).toBe(201);
  const movie = (await created.json()) as { _id: string; name: string };
  await expect
    .poll(
      async () =>
        (
          (await (await request.get("/api/admin/media", { headers })).json()) as {
            movies: Record<string, { state: string }>;
          }
        ).movies[movie._id]?.state,
      {
        timeout: 120_000,
        intervals: [500],
      },
    )
    .toBe("ready");
  return movie;
}

/** One transcoded movie per worker, shared by the tests that only play it. */
let shared: Promise<{ _id: string; name: string }> | undefined;
const streamingMovie = (request: APIRequestContext) => (shared ??= transcodedMovie(request));

test("the watch page plays the HLS ladder and switches quality", async ({ page, request, isMobile }) => {
  test.skip(
    isMobile,
    "hovering the time slider and the settings menu are desktop interactions; phones play the same stream (watching.spec.ts)",
  );
  test.setTimeout(180_000);
  const movie = await streamingMovie(request);
  const segments: string[] = [];
  page.on("request", (request) => {
    const match = /\/(\d+p)_\d+\.ts$/.exec(request.url());
    if (match) segments.push(match[1]!);
  });
  // The player may fetch the seek-preview sprite as soon as the thumbnails track loads, before the
  // hover below: its response is recorded from the start.
  const sprites: { status: number; type: string | undefined }[] = [];
  page.on("response", (response) => {
    if (/\/thumbs_001\.jpg$/.test(response.url()))
      sprites.push({ status: response.status(), type: response.headers()["content-type"] });
  });

  await page.goto(`/watch/${movie._id}`);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const video = page.locator("video");
  // hls.js feeds the element through Media Source Extensions: its source is a blob, not the MP4.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(/^blob:/);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  // Segments of the ladder, not the MP4, are what plays.
  expect(segments.length).toBeGreaterThan(0);
  // Paused, so the short clip cannot end while the menu is used.
  await video.evaluate((element: HTMLVideoElement) => element.pause());

  // Seek preview: hovering the time slider shows that moment's frame, a tile of the sprite the
  // thumbnails track names, loaded from the ladder's folder (not resolved against the page).
  const slider = page.getByRole("slider", { name: "Seek" });
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const preview = page.locator(".vds-thumbnail img").first();
  await expect(preview).toHaveAttribute(
    "src",
    new RegExp(`/api/upload/hls/${movie._id}/[0-9a-f-]{36}/thumbs_001\\.jpg$`),
  );
  await expect.poll(() => sprites[0]).toEqual({ status: 200, type: "image/jpeg" });
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(1600);
  await expect(preview).toBeVisible();

  // Settings → Quality lists Auto and each rendition, highest first.
  await openPlayerSettings(page, false);
  await page.getByRole("menuitem", { name: /Quality/ }).click();
  await expect(page.getByRole("menuitemradio")).toHaveText([/Auto/, /480p/, /360p/]);
  // The menu re-renders as hls.js reports its levels; a click that lands mid-render is tried again.
  const lowest = page.getByRole("menuitemradio", { name: /360p/ });
  await expect(async () => {
    await lowest.click();
    await expect(lowest).toBeChecked({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const at = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await video.evaluate((element: HTMLVideoElement) => void element.play());
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(at + 0.5);
});

test("a returning viewer's stream loads once: it resumes where they stopped, at the speed they chose", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const movie = await streamingMovie(request);
  await signIn(page, await registerAccount(request, "stream-resume"));
  const saved = await page.request.put(`/api/user/progress/${movie._id}`, {
    data: { position: 6, duration: 12 },
    headers: sameOrigin,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // The speed they chose last time, as the player keeps it (components/movie/video-player.tsx).
  await page.addInitScript(() => localStorage.setItem("marquee-player", JSON.stringify({ rate: 1.25 })));
  const masterLoads: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/master.m3u8")) masterLoads.push(request.url());
  });

  await page.goto(`/watch/${movie._id}`);
  await page.getByRole("button", { name: "Resume from 0:06" }).click();
  const video = page.locator("video");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(/^blob:/);
  const playing = () =>
    video.evaluate((element: HTMLVideoElement) => ({
      afterResumePoint: element.currentTime >= 6,
      rate: element.playbackRate,
    }));
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(6.5);
  expect(await playing()).toEqual({ afterResumePoint: true, rate: 1.25 });
  // Played on for a while: neither was lost to a second load of the stream.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(8);
  expect(await playing()).toEqual({ afterResumePoint: true, rate: 1.25 });
  expect(masterLoads).toHaveLength(1);
});

test("with its HLS playlist unreachable, the player plays the MP4 instead", async ({ page, request }) => {
  test.setTimeout(180_000);
  const movie = await streamingMovie(request);
  await page.route("**/master.m3u8", (route) => route.abort());
  await page.goto(`/watch/${movie._id}`);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const video = page.locator("video");
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc), { timeout: 30_000 })
    .toMatch(/\/api\/upload\/movie\/[0-9a-f-]{36}\.mp4$/);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  await expect(page.getByRole("alert").filter({ hasText: "Something went wrong" })).toHaveCount(0);
});

test("when nothing plays, the player says so and offers Retry, which plays once it can", async ({ page, request }) => {
  test.setTimeout(180_000);
  const movie = await streamingMovie(request);
  const unreachable = (url: URL) => url.pathname.endsWith(".m3u8") || url.pathname.startsWith("/api/upload/movie/");
  await page.route(unreachable, (route) => route.abort());
  await page.goto(`/watch/${movie._id}`);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Something went wrong. Please try again" })).toBeVisible({
    timeout: 30_000,
  });
  const retry = page.getByRole("button", { name: "Retry" });
  await expect(retry).toBeVisible();

  await page.unroute(unreachable);
  await retry.click();
  const video = page.locator("video");
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
});

test("the admin movie list shows a transcoded video as Ready", async ({ page, request }) => {
  test.setTimeout(180_000);
  const movie = await streamingMovie(request);
  await signIn(page, ADMIN);
  await page.goto("/admin/list");
  const row = page.getByRole("row").filter({ hasText: movie.name });
  await expect(row.getByRole("cell", { name: "Ready", exact: true })).toBeVisible({ timeout: 30_000 });
});
