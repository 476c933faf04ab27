// The Content-Security-Policy in a real browser: the pages people use, doing what they do there,
// report no violation. And proxy.ts's sign-in round trip: back to the page that asked, if local.
import { expect, test, type Page } from "@playwright/test";
import { demoMovies } from "../prisma/seed/catalogue";
import { ADMIN, freshIp, registerAccount, signIn } from "./support/accounts";
import { pngFile } from "./support/media";

/** Collects every CSP violation the page reports, from the console and from the DOM event. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy|securitypolicyviolation/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`securitypolicyviolation: ${event.violatedDirective} blocked ${event.blockedURI}`),
    );
  });
  return violations;
}

async function demoMovieId(page: Page, index: number): Promise<string> {
  const name = demoMovies[index]!.name;
  const { movies } = (await (await page.request.get(`/api/movie?search=${encodeURIComponent(name)}`)).json()) as {
    movies: { _id: string; name: string }[];
  };
  return movies.find((movie) => movie.name === name)!._id;
}

test("home, movie, watch and play, login and forgot password report no CSP violation", async ({ page }) => {
  const violations = watchViolations(page);
  const id = await demoMovieId(page, 4);
  await page.goto("/");
  await expect(page.getByText("Populate Film")).toBeVisible();
  await page.goto(`/movie/${id}`);
  await expect(page.getByRole("link", { name: "Watch", exact: true })).toBeVisible();
  await page.goto(`/watch/${id}`);
  await page.getByRole("button", { name: "Play" }).click();
  const video = page.locator("video");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
  // Hydrated: the form validates on the client, which needs the page's scripts to have run.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  // Opened directly, not from the login page: it was once prerendered with the build's nonce.
  await page.goto("/forgot-password");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  expect(violations).toEqual([]);
});

test("the admin upload form reports no CSP violation while an image uploads", async ({ page }) => {
  const violations = watchViolations(page);
  await signIn(page, ADMIN);
  await page.goto("/admin/add");
  await page
    .getByRole("group", { name: "Movie Image" })
    .locator('input[type="file"]')
    .setInputFiles(await pngFile("image.png"));
  await expect(page.getByRole("img", { name: "Movie image" })).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe("sign-in returns to the page that asked for it", () => {
  test("signed out on /favorite: login, then back on /favorite", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
    const account = await registerAccount(page.request, "callback");
    await page.goto("/favorite");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Ffavorite$/);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/favorite$/);
  });

  for (const foreign of ["//evil.example/steal", "https://evil.example/steal", "/\\evil.example"]) {
    test(`a foreign callbackUrl (${foreign}) is ignored: home, as without one`, async ({ page }) => {
      await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
      const account = await registerAccount(page.request, "foreign");
      await page.goto(`/login?callbackUrl=${encodeURIComponent(foreign)}`);
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(account.password);
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    });
  }
});
