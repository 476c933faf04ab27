// The player fits the screen (issue 39, item 3): once a film plays, the whole player, its seek bar
// and control bar included, is in view below the sticky header and above the phone's bar, without
// scrolling, on every common screen from a small phone to a 1440p monitor, and on a phone held sideways.
import { expect, test, type Page } from "@playwright/test";
import { playerReady, seededMovie } from "./support/cinema";

test.describe.configure({ timeout: 90_000 });
// A visitor: the poster offers Play, never "Resume from".
test.use({ storageState: { cookies: [], origins: [] } });

const DESKTOP_SIZES = [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 2560, height: 1440 },
];
const PHONE_SIZES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  // Held sideways.
  { width: 844, height: 390 },
  { width: 640, height: 360 },
];

type Box = { top: number; bottom: number; left: number; right: number; height: number };

/** Where things are on the screen as it is (no scrolling), and what bounds the visible area. */
function layout(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null): Box | null => {
      if (!element) return null;
      const { top, bottom, left, right, height } = element.getBoundingClientRect();
      return { top, bottom, left, right, height };
    };
    const mobileBar = document.querySelector('nav[aria-label="Mobile"]');
    const barShown = mobileBar !== null && getComputedStyle(mobileBar).display !== "none";
    return {
      scrollY: window.scrollY,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      header: box(document.querySelector("body > header")),
      visibleBottom: barShown ? mobileBar.getBoundingClientRect().top : window.innerHeight,
      player: box(document.querySelector("[data-media-player]")),
      seekBar: box(document.querySelector("[data-media-player] .vds-time-slider")),
      controls: [...document.querySelectorAll("[data-media-player] .vds-controls-group")].map(box),
    };
  });
}

for (const size of [...DESKTOP_SIZES, ...PHONE_SIZES]) {
  const phone = PHONE_SIZES.includes(size);
  test(`${size.width}x${size.height}: after Play, the player and its controls are in view without scrolling`, async ({
    page,
    isMobile,
  }) => {
    test.skip(phone !== isMobile, phone ? "a phone's screen" : "a desktop's screen");
    await page.setViewportSize(size);
    const movie = await seededMovie(page, 3);
    await page.goto(`/watch/${movie._id}`);
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await playerReady(page);
    // Playwright scrolls what it clicks into view: back to where the page opened, to measure it as a viewer sees it.
    await page.evaluate(() => window.scrollTo(0, 0));

    const seen = await layout(page);
    expect(seen.scrollY).toBe(0);
    expect(seen.header).not.toBeNull();
    expect(seen.player).not.toBeNull();
    expect(seen.seekBar).not.toBeNull();
    const { player, seekBar, header } = { player: seen.player!, seekBar: seen.seekBar!, header: seen.header! };
    // Below the sticky header, and wholly above the bottom of what is visible.
    expect(player.top).toBeGreaterThanOrEqual(header.bottom);
    expect(player.bottom).toBeLessThanOrEqual(seen.visibleBottom);
    expect(seekBar.bottom).toBeLessThanOrEqual(seen.visibleBottom);
    for (const group of seen.controls) expect(group!.bottom).toBeLessThanOrEqual(seen.visibleBottom);
    expect(player.left).toBeGreaterThanOrEqual(0);
    expect(player.right).toBeLessThanOrEqual(seen.viewport.width);
    // Not shrunk to nothing: at least half the height between the header and the bottom, or the page's whole width.
    const available = seen.visibleBottom - header.bottom;
    const fillsHeight = player.height >= available / 2;
    const fillsWidth = player.right - player.left >= Math.min(seen.viewport.width, 1280) - 64;
    expect(fillsHeight || fillsWidth, JSON.stringify(seen)).toBe(true);
  });
}
