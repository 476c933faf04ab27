import { expect, test, type Page } from "@playwright/test";
import { registerAccount, signIn, toast } from "./support/accounts";
import { hydrated } from "./support/hydration";

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

test("header search: a blank term lists every movie, a term goes into the path", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/about-us");
  // Enter submits through the router once React has taken the box over.
  const search = await hydrated(page.getByRole("combobox", { name: "Search movies" }));
  await expect(search).toHaveAttribute("placeholder", "Search here");
  await search.fill("   ");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/movies$/);
  await page.getByRole("combobox", { name: "Search movies" }).fill("Midnight Harbor");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/movies\/Midnight%20Harbor$/);
  // The /movies page just left stays in the DOM, hidden (Cache Components keep recent routes in <Activity>).
  await expect(page.getByText(/^Total \d+ Movies$/).filter({ visible: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test("header and mobile bar: visitors get a login icon, signed-in users their avatar", async ({ page }) => {
  await page.goto("/");
  const region = isPhone(page)
    ? page.getByRole("navigation", { name: "Mobile" })
    : page.getByRole("navigation", { name: "Main" });
  await expect(region.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await expect(region.getByRole("link", { name: "Favorites" })).toHaveAttribute("href", "/favorite");
  if (!isPhone(page)) {
    for (const [name, href] of [
      ["Movies", "/movies"],
      ["About Us", "/about-us"],
      ["Contact Us", "/contact"],
    ]) {
      await expect(region.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
    }
    // The two list icons say what they are in words a sighted visitor reads, not only to screen readers.
    for (const [name, href] of [
      ["My List", "/my-list"],
      ["Favorites", "/favorite"],
    ]) {
      const link = region.getByRole("link", { name, exact: true });
      await expect(link).toHaveText(name!);
      // Visible text, not a screen-reader-only one (1 px wide).
      const label = link.getByText(name!, { exact: true });
      await expect(label).toBeVisible();
      expect((await label.boundingBox())!.width).toBeGreaterThan(20);
      await expect(link).toHaveAttribute("href", href!);
    }
  } else {
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  }
  const account = await registerAccount(page.request, "header");
  await signIn(page, account);
  await page.reload();
  await expect(region.getByRole("link", { name: `Profile of ${account.fullName}` })).toHaveAttribute(
    "href",
    "/profile",
  );
  await expect(region.getByRole("link", { name: "Login" })).toHaveCount(0);
});

test("footer: Company, Top Categories and My Account, with the contact block", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const title of ["Company", "Top Categories", "My Account"]) {
    await expect(footer.getByRole("navigation", { name: title }).getByRole("link")).toHaveCount(4);
  }
  await expect(footer.getByText("Ho Chi Minh City")).toBeVisible();
});

test("phone drawer: the menu opens Movie, Contact and About, and closes by button and Escape", async ({ page }) => {
  test.skip(!isPhone(page), "the bottom bar is for small screens");
  await page.goto("/");
  await page.getByRole("button", { name: "Menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  for (const [name, href] of [
    ["Movie", "/movies"],
    ["Contact", "/contact"],
    ["About", "/about-us"],
  ]) {
    await expect(drawer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
  }
  await drawer.getByRole("button", { name: "Close menu" }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await drawer.getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(drawer).toBeHidden();
});

test("about and contact pages", async ({ page }) => {
  await page.goto("/about-us");
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  for (const card of ["Email", "Call", "Location"])
    await expect(page.getByRole("heading", { level: 2, name: card })).toBeVisible();
  await expect(page.getByRole("main").getByText(/Ho Chi Minh City/)).toBeVisible();
});

test("unknown paths and /404 answer 404 with the not-found screen and a way home", async ({ page }) => {
  for (const path of ["/404", "/no/such/page"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText("The page you are looking for does not exist. You may have mistyped the URL"),
    ).toBeVisible();
  }
  await page.getByRole("link", { name: "Back Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("home: three banner slides with Watch links, and the Top rate carousel", async ({ page }) => {
  await page.goto("/");
  // Top rate held still from the start, so only its buttons move it below.
  const topRate = page.locator("section", { has: page.getByRole("heading", { name: "Top rate" }) });
  await (await hydrated(topRate.getByRole("button", { name: "Pause slideshow" }))).click();
  const banner = page.getByRole("region", { name: "Featured movies" });
  const watch = banner.getByRole("link", { name: /^Watch / });
  await expect(watch).toHaveCount(3);
  await expect(watch.first()).toHaveAttribute("href", /^\/movie\/[0-9a-f-]{36}$/);
  // The banner turns by itself (every 4 s): its first slide leaves the top of the frame.
  const firstSlide = banner.getByRole("group", { name: "1 of 3" });
  const slideOffset = () =>
    firstSlide.evaluate((slide) =>
      Math.round(slide.getBoundingClientRect().top - slide.closest("section")!.getBoundingClientRect().top),
    );
  expect(await slideOffset()).toBe(0);
  await expect.poll(slideOffset, { timeout: 15_000 }).not.toBe(0);

  await expect(page.getByRole("heading", { name: "Top rate" })).toBeVisible();
  const top = (await (await page.request.get("/api/movie/toprate")).json()) as { _id: string }[];
  const carousel = page.getByRole("region", { name: "Top rated movies" });
  const first = carousel.locator(`a[href="/movie/${top[0]!._id}"]`);
  await expect(first).toBeVisible();
  // Next takes the first card out of its place, Previous brings it back. (embla has started: the row
  // came near the screen when its Pause was clicked, and the banner above has turned since.)
  const left = async () => Math.round((await first.boundingBox())!.x);
  /** Where the first card rests once the row has stopped moving. */
  const rest = async () => {
    for (let previous = NaN; ; await page.waitForTimeout(300)) {
      const now = await left();
      if (now === previous) return now;
      previous = now;
    }
  };
  const start = await rest();
  await page.getByRole("button", { name: "Next movies" }).click();
  expect(await rest()).not.toBe(start);
  await page.getByRole("button", { name: "Previous movies" }).click();
  expect(await rest()).toBe(start);
});

test("home: a carousel below the fold starts only as it comes near the screen", async ({ page }) => {
  await page.goto("/");
  // embla places its slides with an inline transform as it starts: the banner, in view, has started.
  const banner = page.getByRole("region", { name: "Featured movies" }).locator("[aria-live]");
  await expect(banner).toHaveAttribute("style", /transform/);
  const topRated = page.getByRole("region", { name: "Top rated movies" });
  const row = topRated.locator("ul").first();
  await page.waitForLoadState("networkidle");
  await expect(row).not.toHaveAttribute("style", /transform/);
  await topRated.scrollIntoViewIfNeeded();
  await expect(row).toHaveAttribute("style", /transform/);
});

test("like buttons: a visitor is asked to log in; a member adds and removes a favourite", async ({ page }) => {
  await page.goto("/movies");
  const firstLike = page
    .getByRole("main")
    .getByRole("button", { name: /^Add .* to favorites$/ })
    .first();
  await firstLike.click();
  await expect(toast(page, "You need to login to like a movie")).toBeVisible();

  const account = await registerAccount(page.request, "liker");
  await signIn(page, account);
  await page.goto("/movies");
  const card = page.getByRole("main").getByRole("listitem").first();
  const name = (await card.getByRole("heading").textContent())!;
  await card.getByRole("button", { name: `Add ${name} to favorites` }).click();
  await expect(toast(page, "Movie added to favorites")).toBeVisible();
  await expect(card.getByRole("button", { name: `Remove ${name} from favorites` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const favorites = (await (await page.request.get("/api/user/favorite")).json()) as { name: string }[];
  expect(favorites.map((movie) => movie.name)).toEqual([name]);
  await card.getByRole("button", { name: `Remove ${name} from favorites` }).click();
  await expect(toast(page, "Movie removed from favorites")).toBeVisible();
});
