// Up next (issue 28, item 4): when a film ends the player offers the next one with a 10-second
// countdown that Cancel stops; "Autoplay next" off, it is only offered (per member, or per browser).
// The page's clock is Playwright's (time flows as usual until a test moves it on), so the ten seconds
// of a countdown, and the wait that shows no countdown runs, pass at once instead of in real time.
import { expect, test, type Page } from "@playwright/test";
import { registerAccount, signIn } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { playToTheEnd, sameOrigin, seededMovie, type SeededMovie } from "./support/cinema";

test.describe.configure({ timeout: 90_000 });

const upNext = (page: Page) => page.getByRole("region", { name: "Up next" });
const autoplaySwitch = (page: Page) => page.getByRole("switch", { name: "Autoplay next" });

/** What GET /api/movie/{id}/next suggests to this page's viewer. */
async function suggestion(page: Page, movie: SeededMovie): Promise<SeededMovie> {
  const { movie: next } = (await (await page.request.get(`/api/movie/${movie._id}/next`)).json()) as {
    movie: SeededMovie;
  };
  return next;
}

test("the next film counts down from 10 and plays; Cancel stops it", async ({ page, isMobile }) => {
  // The countdown is the same code on every screen; the card's phone layout is checked by the next test.
  test.skip(isMobile, "one screen is enough for the countdown");
  const movie = await seededMovie(page, 10);
  const next = await suggestion(page, movie);

  await page.clock.install();
  await page.goto(`/watch/${movie._id}?play=1`);
  await playToTheEnd(page);
  await expect(upNext(page).getByRole("heading", { name: next.name })).toBeVisible({ timeout: 20_000 });
  await expect(upNext(page)).toContainText("More like this");
  await expect(upNext(page).getByText(/^Playing in \d+ s$/)).toBeVisible();
  await expect(upNext(page).getByRole("button", { name: "Cancel" })).toBeFocused();
  // The countdown moves, then Cancel stops it: the page stays past the countdown's end.
  await page.clock.runFor(2_000);
  await expect(upNext(page).getByText(/^Playing in [0-8] s$/)).toBeVisible();
  await upNext(page).getByRole("button", { name: "Cancel" }).click();
  await expect(upNext(page)).toHaveCount(0);
  await page.clock.runFor(11_000);
  // A countdown still running would have asked for the next page by now: a second for that request.
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(new RegExp(`/watch/${movie._id}\\?play=1$`));

  // Played to the end again, and left to count down: the next film starts.
  await playToTheEnd(page);
  await expect(upNext(page).getByText(/^Playing in \d+ s$/)).toBeVisible({ timeout: 20_000 });
  await page.clock.runFor(10_000);
  await expect(page).toHaveURL(new RegExp(`/watch/${next._id}\\?play=1$`), { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: next.name, level: 1 })).toBeVisible();
});

test("a member's My List comes next; with autoplay off (saved for the member) it is only offered", async ({ page }) => {
  const [movie, listed] = [await seededMovie(page, 11), await seededMovie(page, 12)];
  await signIn(page, await registerAccount(page.request, "upnext"));
  expect((await page.request.put(`/api/user/list/${listed._id}`, { headers: sameOrigin })).status()).toBe(200);

  await page.goto(`/watch/${movie._id}?play=1`);
  await expect(autoplaySwitch(page)).toBeChecked();
  await expect(autoplaySwitch(page)).toBeEnabled();
  await autoplaySwitch(page).uncheck();
  await expect
    .poll(async () => (await (await page.request.get("/api/user/preferences")).json()) as unknown)
    .toEqual({ autoplayNext: false });

  await page.clock.install();
  await page.reload();
  await expect(autoplaySwitch(page)).not.toBeChecked();
  await playToTheEnd(page);
  await expect(upNext(page).getByRole("heading", { name: listed.name })).toBeVisible({ timeout: 20_000 });
  await expect(upNext(page)).toContainText("Next in My List");
  await expect(upNext(page).getByText(/Playing in/)).toHaveCount(0);
  await expect(upNext(page).getByRole("link", { name: "Play now" })).toBeFocused();
  expect(await seriousViolations(page, { include: "section[aria-label='Up next']" })).toEqual([]);
  await page.clock.runFor(11_000);
  await page.waitForTimeout(1_000); // as above
  await expect(page).toHaveURL(new RegExp(`/watch/${movie._id}\\?play=1$`));
  await upNext(page).getByRole("link", { name: "Play now" }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${listed._id}\\?play=1$`));
});

test("a visitor's autoplay setting is kept in the browser", async ({ page }) => {
  const movie = await seededMovie(page, 10);
  await page.goto(`/watch/${movie._id}`);
  await expect(autoplaySwitch(page)).toBeEnabled();
  await autoplaySwitch(page).uncheck();
  await page.reload();
  await expect(autoplaySwitch(page)).toBeEnabled();
  await expect(autoplaySwitch(page)).not.toBeChecked();
  await autoplaySwitch(page).check();
  await page.reload();
  await expect(autoplaySwitch(page)).toBeChecked();
});
