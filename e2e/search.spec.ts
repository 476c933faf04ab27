import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support/hydration";

const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search movies" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Suggested movies" });

/** Reaches the header search with Tab only, as a keyboard user does, once it takes typing (hydrated). */
async function tabToSearch(page: Page) {
  await hydrated(searchBox(page));
  for (let presses = 0; presses < 10; presses++) {
    await page.keyboard.press("Tab");
    // Asked of the page, not of a located element: the box is replaced by the suggesting one as it is
    // first focused (components/layout/search-form.tsx), and an element found a moment before may be the old one.
    if (await page.evaluate(() => document.activeElement?.getAttribute("aria-label") === "Search movies")) return;
  }
  throw new Error("Tab never reached the search box");
}

test("keyboard only: suggestions while typing, arrows, Enter opens the movie", async ({ page }) => {
  await page.goto("/about-us");
  await tabToSearch(page);
  await page.keyboard.type("blackw");
  const option = suggestions(page).getByRole("option", { name: /Blackwater Verdict/ });
  await expect(option).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute("aria-expanded", "true");
  // The typed part is marked in the suggestion, and the poster is shown beside it.
  await expect(option.locator("mark")).toHaveText("Blackw");
  await expect(option.locator("img")).toHaveAttribute("src", /\/api\/upload\//);

  await page.keyboard.press("ArrowDown");
  await expect(suggestions(page).getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await expect(searchBox(page)).toHaveAttribute(
    "aria-activedescendant",
    (await suggestions(page).getByRole("option").first().getAttribute("id"))!,
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/movie\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blackwater Verdict" })).toBeVisible();
});

test("keyboard only: Escape closes the list; Enter with nothing highlighted opens the results page, which keeps the term", async ({
  page,
}) => {
  await page.goto("/about-us");
  await tabToSearch(page);
  await page.keyboard.type("lighthose");
  await expect(suggestions(page).getByRole("option").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(suggestions(page)).toBeHidden();
  await expect(searchBox(page)).toHaveAttribute("aria-expanded", "false");
  await expect(searchBox(page)).toHaveValue("lighthose");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/movies\/lighthose$/);
  await expect(
    page.getByRole("main").getByRole("heading", { name: "Do Not Answer the Lighthouse", exact: true }),
  ).toBeVisible();
  await expect(searchBox(page)).toHaveValue("lighthose");
});

test("Enter on the typed text opens the results with the suggestions closed over them", async ({ page }) => {
  await page.goto("/about-us");
  await hydrated(searchBox(page));
  await searchBox(page).click();
  await page.keyboard.type("lighthouse");
  await expect(suggestions(page).getByRole("option").first()).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/movies\/lighthouse$/);
  await expect(
    page.getByRole("main").getByRole("heading", { name: "Do Not Answer the Lighthouse", exact: true }),
  ).toBeVisible();
  await expect(suggestions(page).getByRole("option")).toHaveCount(0);
  await expect(searchBox(page)).toHaveAttribute("aria-expanded", "false");
  // Nor do they come back with a late answer for the same text: the results page is the answer.
  await page.waitForTimeout(1_000);
  await expect(suggestions(page).getByRole("option")).toHaveCount(0);
  await expect(searchBox(page)).toHaveValue("lighthouse");
});

test("opening the suggestions moves nothing on the page", async ({ page }) => {
  const answer = (await (await page.request.get("/api/movie/suggest?q=the")).json()) as unknown[];
  expect(answer.length).toBeGreaterThan(0);
  await page.goto("/movies");
  const mainTop = async () => (await page.getByRole("main").boundingBox())!.y;
  const before = await mainTop();
  // Typed before React takes the box over, the letters would stay in it and ask for nothing.
  await (await hydrated(searchBox(page))).fill("the");
  await expect(suggestions(page).getByRole("option")).toHaveCount(answer.length);
  expect(await mainTop()).toBe(before);
});

test("an answer that arrives late never replaces the suggestions for newer text", async ({ page }) => {
  const expected = (
    (await (await page.request.get("/api/movie/suggest?q=the%20hollow")).json()) as { name: string }[]
  ).map((movie) => new RegExp(movie.name));
  expect(expected.length).toBeGreaterThan(0);
  await page.goto("/about-us");
  let releaseFirst: () => void = () => {};
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  await page.route(/\/api\/movie\/suggest\?q=the$/, async (route) => {
    await firstHeld;
    await route.continue();
  });
  const firstAsked = page.waitForRequest(/\/api\/movie\/suggest\?q=the$/);
  await (await hydrated(searchBox(page))).pressSequentially("the");
  await firstAsked;
  await searchBox(page).pressSequentially(" hollow");
  await expect(suggestions(page).getByRole("option")).toHaveText(expected);
  const lateAnswer = page.waitForResponse(/\/api\/movie\/suggest\?q=the$/);
  releaseFirst();
  await lateAnswer;
  await expect(suggestions(page).getByRole("option")).toHaveText(expected);
});

test("no dead end: an empty result offers the closest title", async ({ page }) => {
  await page.goto(`/movies/${encodeURIComponent("blakwtr verdict")}`);
  await expect(page.getByText("No movies found")).toBeVisible();
  await page.getByRole("link", { name: "Blackwater Verdict" }).click();
  await expect(page).toHaveURL(/\/movies\/Blackwater%20Verdict$/);
  await expect(page.getByRole("main").getByRole("heading", { name: "Blackwater Verdict", exact: true })).toBeVisible();
});

test("the Sort control orders the listing and lives in the URL", async ({ page }) => {
  await page.goto("/movies");
  const sort = await hydrated(page.getByRole("combobox").filter({ hasText: "Sort: Newest" }));
  await sort.selectOption({ label: "Sort: A-Z" });
  await expect(page).toHaveURL(/\/movies\?sort=name$/);
  const api = (await (await page.request.get("/api/movie?sort=name")).json()) as { movies: { name: string }[] };
  await expect(page.getByRole("main").getByRole("listitem").getByRole("heading")).toHaveText(
    api.movies.map((movie) => movie.name),
  );
  await page.reload();
  await expect(page.getByRole("combobox").filter({ hasText: "Sort: Newest" })).toHaveValue("name");
});

/**
 * Holds every script the page asks for from now on (its own are in once it has hydrated): the
 * suggesting box's, loaded as the box is first used. Resolves once one is asked for, with the release.
 */
async function holdLateScripts(page: Page): Promise<{ asked: Promise<unknown>; release: () => void }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked = page.waitForRequest(/\/_next\/static\/chunks\/.+\.js$/);
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { asked, release };
}

test("the suggesting box loads on first use and takes over what was typed meanwhile", async ({ page }) => {
  await page.goto("/about-us");
  await hydrated(searchBox(page));
  const scripts = await holdLateScripts(page);
  await searchBox(page).focus();
  await scripts.asked;
  await page.keyboard.type("blackw");
  await expect(searchBox(page)).toHaveAttribute("aria-expanded", "false");
  scripts.release();

  const option = suggestions(page).getByRole("option", { name: /Blackwater Verdict/ });
  await expect(option).toBeVisible();
  await expect(searchBox(page)).toHaveValue("blackw");
  await expect(searchBox(page)).toBeFocused();
  // Typing goes on where it stopped, in the box that now suggests.
  await page.keyboard.press("Backspace");
  await page.keyboard.type("W");
  await expect(searchBox(page)).toHaveValue("blackW");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Blackwater Verdict" })).toBeVisible();
});

test("the box keeps the focus while the suggesting one loads, the field's or its button's", async ({ page }) => {
  for (const focused of ["field", "button"] as const) {
    await page.goto("/about-us");
    await hydrated(searchBox(page));
    const scripts = await holdLateScripts(page);
    await searchBox(page).focus();
    await scripts.asked;
    if (focused === "button") await page.keyboard.press("Tab");
    scripts.release();
    // The suggesting field says which option is highlighted, none yet; the plain one has no such attribute.
    await expect(searchBox(page)).toHaveAttribute("aria-activedescendant", "");
    if (focused === "field") {
      await expect(searchBox(page)).toBeFocused();
      await page.keyboard.type("lighthose");
      await expect(suggestions(page).getByRole("option").first()).toBeVisible();
    } else {
      await expect(page.getByRole("button", { name: "Search", exact: true })).toBeFocused();
    }
    await page.unrouteAll();
  }
});
