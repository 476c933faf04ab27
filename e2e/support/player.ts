// The Vidstack player's controls, as a viewer reaches them.
import { expect, type Page } from "@playwright/test";

/**
 * Opens the player's Settings menu. The controls hide after 2 s without a pointer move (paused or
 * not), and on a loaded runner that can pass between showing them and clicking: so they are shown
 * (a pointer move, on a phone a tap) and clicked until the click lands.
 */
export async function openPlayerSettings(page: Page, isMobile: boolean) {
  const player = page.locator("[data-media-player]");
  const settings = page.getByRole("button", { name: "Settings" });
  let tries = 0;
  await expect(async () => {
    // A pointer move each time: a new spot.
    const position = { x: 20 + (++tries % 2) * 10, y: 20 };
    if (isMobile) await player.tap({ position });
    else await player.hover({ position });
    await settings.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
