import fs from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { demoMovies } from "../prisma/seed/catalogue";
import { ADMIN, apiToken, registerAccount, signIn, toast } from "./support/accounts";

type Detail = {
  _id: string;
  name: string;
  desc: string;
  language: string;
  video: string;
  category: string;
  countReviews: number;
  casts: { name: string }[];
};

/** A seeded movie (other tests add movies whose videos live elsewhere), by its place in the seed. */
async function demoMovie(page: Page, index = 7): Promise<Detail> {
  const name = demoMovies[index]!.name;
  const { movies } = (await (await page.request.get(`/api/movie?search=${encodeURIComponent(name)}`)).json()) as {
    movies: { _id: string; name: string }[];
  };
  const match = movies.find((movie) => movie.name === name)!;
  return (await (await page.request.get(`/api/movie/${match._id}`)).json()) as Detail;
}

/** A movie of our own, so review counts are ours to predict. */
async function freshMovie(page: Page, name: string): Promise<Detail> {
  const token = await apiToken(page.request, ADMIN);
  const base = await demoMovie(page, 3);
  const full = (await (await page.request.get(`/api/movie/${base._id}`)).json()) as Record<string, unknown> & {
    casts: { name: string; image: string }[];
  };
  // Its own category, so it never shows up among another test's related movies.
  const category = await page.request.post("/api/category", {
    data: { name: `Tests ${name}` },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(category.status()).toBe(201);
  const body = {
    name,
    desc: "A film made by the tests.",
    titleImage: full.titleImage,
    image: full.image,
    language: "English",
    year: 2020,
    hour: 2,
    video: full.video,
    category: ((await category.json()) as { _id: string })._id,
    casts: full.casts.map(({ name: castName, image }) => ({ name: castName, image })),
  };
  const response = await page.request.post("/api/movie", { data: body, headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(201);
  return (await response.json()) as Detail;
}

test("movie details: hero, Watch link, cast, related movies of the same category, and 'Login to review' for visitors", async ({
  page,
}) => {
  const movie = await demoMovie(page);
  const response = await page.goto(`/movie/${movie._id}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${movie.name} | Marquee`);
  await expect(page.getByRole("heading", { level: 1, name: movie.name })).toBeVisible();
  await expect(page.getByText(movie.desc)).toBeVisible();
  await expect(page.getByRole("link", { name: "Watch", exact: true })).toHaveAttribute("href", `/watch/${movie._id}`);
  await expect(
    page.getByRole("region", { name: "Cast" }).getByText(movie.casts[0]!.name, { exact: true }).first(),
  ).toBeAttached();
  await expect(page.getByRole("link", { name: "Login to review" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("heading", { name: `Reviews (${movie.countReviews})` })).toBeVisible();

  const related = page
    .locator("section", { has: page.getByRole("heading", { name: "Related Movies" }) })
    .getByRole("listitem");
  const { movies: sameCategory } = (await (
    await page.request.get(`/api/movie?category=${movie.category}&limit=50`)
  ).json()) as { movies: { _id: string }[] };
  await expect(related).toHaveCount(Math.min(10, sameCategory.length - 1));
  // Each card's link to its movie page (beside it, Play links to the player: /watch/{id}?play=1).
  for (const href of await related
    .getByRole("link", { name: /^(?!Play )/ })
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
    expect(sameCategory.map((m) => `/movie/${m._id}`)).toContain(href);
    expect(href).not.toBe(`/movie/${movie._id}`);
  }
});

test("unknown and malformed movie ids answer 404 with the 404 page", async ({ page }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
    const response = await page.goto(`/movie/${id}`);
    // proxy.ts looks the movie up before the prerendered shell could commit a 200.
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText("The page you are looking for does not exist. You may have mistyped the URL"),
    ).toBeVisible();
  }
});

test("a member reviews a movie: validation first, then the review tops the list", async ({ page }) => {
  const movie = await freshMovie(page, `Review Target ${Date.now()}`);
  const account = await registerAccount(page.request, "reviewer");
  await signIn(page, account);
  await page.goto(`/movie/${movie._id}`);
  await expect(page.getByText(`Be first to rate "${movie.name}"`)).toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Rate is required")).toBeVisible();
  await page.getByLabel("Select Rating").selectOption({ label: "5-Masterpice" });
  await page.getByLabel("Message").fill("abc");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Enter a minimum of 5 characters.")).toBeVisible();
  await page.getByLabel("Message").fill("A gripping watch from start to end.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(toast(page, "Review submitted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reviews (1)" })).toBeVisible();
  const first = page.getByRole("list", { name: "Reviews" }).getByRole("listitem").first();
  await expect(first).toContainText(account.fullName);
  await expect(first).toContainText("A gripping watch from start to end.");
  await expect(first.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
  // The form now holds the member's review, ready to edit (e2e/reviews.spec.ts).
  await expect(first.getByText("Your review", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("A gripping watch from start to end.");
});

test("Download hands the movie's own video to the browser as '<movie name>.mp4', between the spec's toasts", async ({
  page,
}) => {
  const movie = await demoMovie(page, 2);
  await page.goto(`/movie/${movie._id}`);
  const link = page.getByRole("link", { name: `Download ${movie.name}` });
  // A plain link the browser's download manager follows, from this server.
  await expect(link).toHaveAttribute(
    "href",
    `${new URL(movie.video).pathname}?download=1&name=${encodeURIComponent(movie.name)}`,
  );
  // Hold the click's check of the file until the in-progress state has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/upload/movie/**", async (route) => {
    if (route.request().method() === "HEAD") await held;
    await route.continue();
  });
  const downloading = page.waitForEvent("download");
  await link.click();
  await expect(toast(page, "Downloading video...")).toBeVisible();
  await expect(link).toHaveAttribute("aria-disabled", "true");
  release();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${movie.name}.mp4`);
  await expect(toast(page, "Download completed!")).toBeVisible();
  // What the user gets is the movie's video, byte for byte.
  const saved = await fs.readFile(await download.path());
  const original = await (await page.request.get(movie.video)).body();
  expect(saved.length).toBeGreaterThan(0);
  expect(saved.equals(original)).toBe(true);
});

test("watch: Play swaps in the movie's video, which loads and seeks", async ({ page }) => {
  const movie = await demoMovie(page, 4);
  await page.goto(`/watch/${movie._id}`);
  await expect(page.getByRole("link", { name: movie.name, exact: true })).toHaveAttribute(
    "href",
    `/movie/${movie._id}`,
  );
  await page.getByRole("button", { name: "Play" }).click();
  const video = page.locator("video");
  // The page uses the stored path; the API answers it as an absolute URL.
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => new URL(element.currentSrc || "about:blank").pathname), {
      timeout: 20_000,
    })
    .toBe(new URL(movie.video).pathname);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
  await video.evaluate((element: HTMLVideoElement, to: number) => (element.currentTime = to), duration - 0.5);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(duration - 1.5);
});

test("watch: an unknown movie is the not-found page, with a 404", async ({ page }) => {
  const response = await page.goto("/watch/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
