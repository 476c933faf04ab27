// The watching experience: the player, resume, Continue watching, keyboard shortcuts, subtitles
// and accessibility, on a one-minute clip (the demo clips are 12 s, too short to leave at 30 s).
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ADMIN, apiToken, registerAccount, signIn } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createCategory } from "./support/catalogue";
import { sameOrigin } from "./support/cinema";
import { openPlayerSettings } from "./support/player";

// Media tests load a player, a video and often a second page: give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });

const MINUTE_CLIP = path.join(process.cwd(), "e2e/fixtures/minute.mp4");
const SUBTITLES_SRT =
  "1\n00:00:01,000 --> 00:00:03,000\nThe first line\n\n2\n00:00:05,000 --> 00:00:07,000\nThe second line\n";

async function adminUpload(
  request: APIRequestContext,
  url: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const response = await request.post(url, {
    multipart: { file },
    headers: { authorization: `Bearer ${await apiToken(request, ADMIN)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as string;
}

/** A movie playing the one-minute clip, with an English subtitle track when asked. */
async function minuteMovie(
  request: APIRequestContext,
  { withSubtitles = false } = {},
): Promise<{ _id: string; name: string }> {
  const video = await adminUpload(request, "/api/upload", {
    name: "minute.mp4",
    mimeType: "video/mp4",
    buffer: fs.readFileSync(MINUTE_CLIP),
  });
  const subtitles = withSubtitles
    ? [
        {
          language: "en",
          label: "English",
          url: await adminUpload(request, "/api/upload/subtitle", {
            name: "en.srt",
            mimeType: "application/x-subrip",
            buffer: Buffer.from(SUBTITLES_SRT),
          }),
        },
      ]
    : [];
  const category = await createCategory(request, "Watch");
  const data = {
    name: `E2E Minute ${randomUUID().slice(0, 8)}`,
    desc: "A one-minute clip for the player tests.",
    titleImage: "https://images.example.test/title.jpg",
    image: "https://images.example.test/image.jpg",
    language: "English",
    year: 2024,
    hour: 1,
    video,
    category: category._id,
    casts: [{ name: "Test Actor", image: "https://images.example.test/actor.jpg" }],
    subtitles,
  };
  const response = await request.post("/api/movie", {
    data,
    headers: { authorization: `Bearer ${await apiToken(request, ADMIN)}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const movie = (await response.json()) as { _id: string; name: string };
  return movie;
}

const videoOf = (page: Page) => page.locator("video");
const mediaTime = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);

/** Presses Play (or a resume choice) and waits until the clip has loaded. */
async function startPlaying(page: Page, button: Locator) {
  await button.click();
  const video = videoOf(page);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  return video;
}

/** One of the player's preferences as Vidstack keeps them in localStorage (components/movie/video-player.tsx). */
const storedPreference = (page: Page, name: "captions" | "rate") =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem("marquee-player") ?? "{}") as Record<string, unknown>)[key],
    name,
  );

/**
 * Pauses the video at `seconds`. A seek the player makes of its own (resuming where the viewer left)
 * can overtake this one, and a busy machine can drop a "seeked": waited for up to 3 s a try, and
 * tried again until the video stands there (it once hung a CI run's test for its whole 90 s).
 */
async function pauseAt(video: Locator, seconds: number) {
  await expect(async () => {
    const at = await video.evaluate(async (element: HTMLVideoElement, to: number) => {
      element.pause();
      if (element.seeking || Math.abs(element.currentTime - to) > 0.05) {
        element.currentTime = to;
        await new Promise((resolve) => {
          element.addEventListener("seeked", resolve, { once: true });
          setTimeout(resolve, 3_000);
        });
      }
      return element.seeking ? Number.NaN : element.currentTime;
    }, seconds);
    expect(Math.abs(at - seconds)).toBeLessThan(0.1);
  }).toPass({ timeout: 20_000 });
}

test("leave at 30 s, come back: Continue watching shows it, and the watch page resumes there", async ({
  page,
  request,
}) => {
  const movie = await minuteMovie(request);
  await signIn(page, await registerAccount(request, "resume"));

  await page.goto(`/watch/${movie._id}`);
  await expect(page.getByRole("button", { name: /^Resume from/ })).toHaveCount(0);
  const video = await startPlaying(page, page.getByRole("button", { name: "Play", exact: true }));
  await pauseAt(video, 30);
  // Leaving the page sends the last position with navigator.sendBeacon.
  await page.goto("/");
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get("/api/user/progress")).json()) as {
            _id: string;
            progress: { position: number };
          }[]
        ).find((m) => m._id === movie._id)?.progress.position,
    )
    .toBeCloseTo(30, 0);

  await page.reload();
  const row = page.getByRole("region", { name: "Continue watching" });
  const card = row.getByRole("listitem").filter({ has: page.getByRole("heading", { name: movie.name, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole("progressbar", { name: `${movie.name}: watched` })).toHaveAttribute(
    "aria-valuenow",
    "50",
  );

  await page.goto(`/watch/${movie._id}`);
  await expect(page.getByRole("button", { name: "Start over" })).toBeVisible();
  const resumed = await startPlaying(page, page.getByRole("button", { name: "Resume from 0:30" }));
  await expect.poll(() => mediaTime(resumed)).toBeGreaterThanOrEqual(29.5);
  expect(await mediaTime(resumed)).toBeLessThan(40);
});

test("Start over plays from the beginning", async ({ page, request, isMobile }) => {
  test.skip(isMobile, "where playback starts is the same on every screen");
  const movie = await minuteMovie(request);
  await signIn(page, await registerAccount(request, "startover"));
  expect(
    (
      await page.request.put(`/api/user/progress/${movie._id}`, {
        data: { position: 40, duration: 60 },
        headers: sameOrigin,
      })
    ).status(),
  ).toBe(200);
  await page.goto(`/watch/${movie._id}`);
  const video = await startPlaying(page, page.getByRole("button", { name: "Start over" }));
  expect(await mediaTime(video)).toBeLessThan(5);
});

test("'Remove from row' takes a movie off the Continue watching row", async ({ page, request }) => {
  const [kept, removed] = [await minuteMovie(request), await minuteMovie(request)];
  await signIn(page, await registerAccount(request, "removerow"));
  for (const movie of [removed, kept]) {
    expect(
      (
        await page.request.put(`/api/user/progress/${movie._id}`, {
          data: { position: 40, duration: 60 },
          headers: sameOrigin,
        })
      ).status(),
    ).toBe(200);
  }
  await page.goto("/");
  const row = page.getByRole("region", { name: "Continue watching" });
  await expect(row.getByRole("heading", { name: kept.name, exact: true })).toBeVisible();
  await row.getByRole("button", { name: `Remove ${removed.name} from row` }).click();
  await expect(row.getByRole("heading", { name: removed.name, exact: true })).toHaveCount(0);
  await expect(row.getByRole("heading", { name: kept.name, exact: true })).toBeVisible();
  const listed = (await (await page.request.get("/api/user/progress")).json()) as { _id: string }[];
  expect(listed.map((item) => item._id)).toEqual([kept._id]);
});

test("past 95% a movie counts as watched: no resume prompt, it starts from the beginning", async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(isMobile, "where playback starts is the same on every screen");
  const movie = await minuteMovie(request);
  await signIn(page, await registerAccount(request, "watched"));
  expect(
    (
      await page.request.put(`/api/user/progress/${movie._id}`, {
        data: { position: 58, duration: 60 },
        headers: sameOrigin,
      })
    ).status(),
  ).toBe(200);
  await page.goto(`/watch/${movie._id}`);
  await expect(page.getByRole("button", { name: "Start over" })).toHaveCount(0);
  const video = await startPlaying(page, page.getByRole("button", { name: "Play", exact: true }));
  expect(await mediaTime(video)).toBeLessThan(5);
});

test("keyboard shortcuts: K pauses and plays, arrows seek 10 s and change the volume, M mutes, F fullscreen; volume and speed are remembered", async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(isMobile, "keyboard shortcuts are for keyboards");
  const movie = await minuteMovie(request);
  await page.goto(`/watch/${movie._id}`);
  const video = await startPlaying(page, page.getByRole("button", { name: "Play", exact: true }));
  const paused = () => video.evaluate((element: HTMLVideoElement) => element.paused);
  await expect.poll(paused).toBe(false);

  await page.keyboard.press("k");
  await expect.poll(paused).toBe(true);
  await pauseAt(video, 20);
  // Arrows seek from the player's own time, which follows the element's once a seek has settled
  // (an HLS stream takes a moment to fetch the new segment): press the next key after that.
  const player = page.locator("[data-media-player]");
  const seekedTo = async (seconds: number) => {
    await expect.poll(() => mediaTime(video)).toBeCloseTo(seconds, 0);
    await expect(player).not.toHaveAttribute("data-seeking");
  };
  await seekedTo(20);
  await page.keyboard.press("ArrowRight");
  await seekedTo(30);
  await page.keyboard.press("ArrowLeft");
  await seekedTo(20);
  await page.keyboard.press("ArrowLeft");
  await seekedTo(10);
  // Space toggles from the player's own state too: press it once the player says it is paused (on a
  // busy machine the seeks above left it a moment behind the element, and Space then paused again).
  await expect(player).toHaveAttribute("data-paused", "");
  await page.keyboard.press(" ");
  await expect.poll(paused).toBe(false);

  const volume = () => video.evaluate((element: HTMLVideoElement) => element.volume);
  const before = await volume();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect.poll(volume).toBeLessThan(before);
  const lowered = await volume();
  await page.keyboard.press("m");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
  // As with fullscreen below: M toggles from the player's own state, which follows the element's.
  await expect(page.locator("[data-media-player]")).toHaveAttribute("data-muted", "");
  await page.keyboard.press("m");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);
  await page.keyboard.press(">");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.25);

  await page.keyboard.press("f");
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  // The player's own state follows the browser's a moment later; F toggles from that state.
  await expect(page.locator("[data-media-player]")).toHaveAttribute("data-fullscreen", "");
  await page.keyboard.press("f");
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

  // Volume and speed survive a reload (Vidstack's preferences in localStorage, written a moment after
  // the change).
  await expect.poll(() => storedPreference(page, "rate")).toBe(1.25);
  await page.reload();
  const again = await startPlaying(page, page.getByRole("button", { name: "Play", exact: true }));
  await expect.poll(() => again.evaluate((element: HTMLVideoElement) => element.volume)).toBeCloseTo(lowered, 2);
  await expect.poll(() => again.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.25);
});

test("subtitles: the captions menu lists the track, its cues show at their times, C toggles them", async ({
  page,
  request,
  isMobile,
}) => {
  const movie = await minuteMovie(request, { withSubtitles: true });
  await page.goto(`/watch/${movie._id}`);
  const video = await startPlaying(page, page.getByRole("button", { name: "Play", exact: true }));
  await pauseAt(video, 0.5);

  const captions = page.locator("[data-media-player] .vds-captions");
  await openPlayerSettings(page, isMobile);
  await page.getByRole("menuitem", { name: /Captions/ }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await page.keyboard.press("Escape");

  await pauseAt(video, 2);
  await expect(captions).toContainText("The first line");
  await pauseAt(video, 4);
  await expect(captions).not.toContainText("The first line");
  await pauseAt(video, 6);
  await expect(captions).toContainText("The second line");

  if (!isMobile) {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("c");
    await pauseAt(video, 2);
    await expect(captions).not.toContainText("The first line");
    await page.keyboard.press("c");
    await expect(captions).toContainText("The first line");
  }

  // Captions were on: the next visit turns them on again. (Vidstack writes the preference a moment
  // after the captions show: a reload in between would rightly find them off.)
  await expect.poll(() => storedPreference(page, "captions")).toBe(true);
  await page.reload();
  const again = await startPlaying(page, page.getByRole("button", { name: "Play", exact: true }));
  await pauseAt(again, 6);
  await expect(captions).toContainText("The second line");
});

test("the watch page has no serious or critical accessibility violations, before and after Play", async ({
  page,
  request,
}) => {
  const movie = await minuteMovie(request, { withSubtitles: true });
  await page.goto(`/watch/${movie._id}`);
  const serious = () => seriousViolations(page);
  expect(await serious()).toEqual([]);
  const video = await startPlaying(page, page.getByRole("button", { name: "Play", exact: true }));
  // Paused and pointed at, the player keeps its controls out (playing, it hides them after 2 s idle,
  // and a slow first frame can take longer than that): axe then checks them too.
  await video.evaluate((element: HTMLVideoElement) => element.pause());
  await page.locator("[data-media-player]").hover();
  await expect(page.getByRole("button", { name: "Settings" })).toBeVisible();
  expect(await serious()).toEqual([]);
});

test("every player control can be reached with Tab and shows its focus", async ({ page, request, isMobile }) => {
  test.skip(isMobile, "Tab is for keyboards");
  const movie = await minuteMovie(request);
  await page.goto(`/watch/${movie._id}`);
  await startPlaying(page, page.getByRole("button", { name: "Play", exact: true }));
  const reached = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element?.closest("[data-media-player]")) return null;
      const ring = (target: Element) => {
        const style = getComputedStyle(target);
        return (style.outlineStyle !== "none" && style.outlineWidth !== "0px") || style.boxShadow !== "none";
      };
      // Vidstack marks keyboard focus with data-focus and draws its ring on a part inside (a
      // slider's track, for instance), so look there too.
      const visible =
        ring(element) || (element.hasAttribute("data-focus") && [...element.querySelectorAll("*")].some(ring));
      return { label: element.getAttribute("aria-label") ?? "", visible };
    });
    if (!focused) continue;
    expect(focused.label, "every focusable control has a label").not.toBe("");
    expect(focused.visible, `${focused.label} shows its focus`).toBe(true);
    reached.add(focused.label);
  }
  expect([...reached]).toEqual(expect.arrayContaining(["Mute", "Settings"]));
});
