// WCAG 2.2 AA, checked by axe-core on every page (public, account and admin) on desktop, and on a
// phone wherever the phone draws the page its own way (grids, tables as cards, the movie page, forms).
// A serious or critical violation fails the test and names the rule and the elements.
import { expect, test, type Page } from "@playwright/test";
import { demoMovies } from "../prisma/seed/catalogue";
import { ADMIN, apiToken, registerAccount, registerAdmin, signIn } from "./support/accounts";
import { WCAG_TAGS, seriousViolations } from "./support/axe";
import { hydrated } from "./support/hydration";

// A full axe run takes seconds of CPU per page; on a busy machine more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

async function expectNoSeriousViolations(page: Page, label: string) {
  const report = await seriousViolations(page, { tags: WCAG_TAGS });
  expect(report, `${label}\n${report.join("\n")}`).toEqual([]);
}

async function seededMovieId(page: Page): Promise<string> {
  const name = demoMovies[0]!.name;
  const { movies } = (await (await page.request.get(`/api/movie?search=${encodeURIComponent(name)}`)).json()) as {
    movies: { _id: string; name: string }[];
  };
  return movies.find((movie) => movie.name === name)!._id;
}

/**
 * `phone: false` for a page a phone draws as the desktop does, bar the header, footer and bottom bar
 * every phone scan already covers: its names, labels and contrast are checked once, on desktop.
 */
type Check = {
  path: string | ((page: Page) => Promise<string>);
  ready: (page: Page) => Promise<void>;
  phone?: false;
};
const heading = (name: string) => (page: Page) =>
  expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
// The admin and favourites tables load through the API after the page: give them time on a busy machine.
const table = (name: string) => (page: Page) =>
  expect(page.getByRole("table", { name })).toBeVisible({ timeout: 30_000 });

const PUBLIC: Record<string, Check> = {
  home: { path: "/", ready: heading("Populate Film") },
  movies: { path: "/movies", ready: (page) => expect(page.getByText(/Total \d+ Movies/)).toBeVisible() },
  search: { path: "/movies/the", ready: (page) => expect(page.getByText(/Results for/)).toBeVisible(), phone: false },
  movie: { path: async (page) => `/movie/${await seededMovieId(page)}`, ready: heading("Reviews") },
  // The watch page, before and after Play: e2e/watching.spec.ts.
  about: {
    path: "/about-us",
    ready: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible(),
    phone: false,
  },
  contact: {
    path: "/contact",
    ready: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible(),
    phone: false,
  },
  login: { path: "/login", ready: (page) => expect(page.getByRole("button", { name: "Submit" })).toBeVisible() },
  register: {
    path: "/register",
    ready: (page) => expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible(),
    phone: false,
  },
  "forgot password": {
    path: "/forgot-password",
    ready: (page) => expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible(),
    phone: false,
  },
  "a spent reset link": {
    path: "/reset-password?token=spent",
    ready: (page) => expect(page.getByRole("link", { name: "Send a new link" })).toBeVisible(),
    phone: false,
  },
  "not found": {
    path: "/no-such-page",
    ready: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible(),
    phone: false,
  },
};

const SIGNED_IN: Record<string, Check> = {
  profile: { path: "/profile", ready: heading("Profile") },
  password: { path: "/password", ready: heading("Change Password"), phone: false },
  "admin statistics": {
    path: "/admin/statistics",
    // The charts too, the storage one last (it streams in after the rest).
    ready: async (page) => {
      await table("Recent movies")(page);
      await expect(page.getByTestId("Storage by kind chart")).toBeVisible({ timeout: 30_000 });
    },
  },
  "admin add movie": {
    path: "/admin/add",
    ready: (page) => expect(page.getByRole("button", { name: "Add Movie" })).toBeVisible(),
  },
  // Its smallest page size: 20 rows hold every kind of cell the default 50 do, and axe's time grows
  // with the controls on the page (on a loaded runner, 50 rows took longer than the test's 90 s).
  "admin list movie": { path: "/admin/list?limit=20", ready: table("Movies") },
  "admin categories": { path: "/admin/categories", ready: table("Categories") },
  "admin users": { path: "/admin/users", ready: table("Users") },
  "admin import": { path: "/admin/import", ready: heading("Import and Export") },
};

async function visit(page: Page, { path, ready }: Check): Promise<string> {
  const url = typeof path === "string" ? path : await path(page);
  await page.goto(url);
  await ready(page);
  return url;
}

test("the check itself reports what it should: a picture without text and a nameless button", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "phone", "the checker is the same on every screen");
  await visit(page, PUBLIC.about!);
  // Once React has taken the page over, and outside what it renders: put into <main> before, they
  // were gone by the time axe looked (hydration removes what the server did not send).
  await hydrated(page.getByRole("combobox", { name: "Search movies" }));
  await page.evaluate(() =>
    document.body.insertAdjacentHTML(
      "beforeend",
      '<div data-testid="planted"><img src="/favicon.ico"><button type="button"></button></div>',
    ),
  );
  await expect(page.getByTestId("planted").locator("img, button")).toHaveCount(2);
  const report = await seriousViolations(page, { tags: WCAG_TAGS });
  expect(report.map((line) => line.split(" ")[0])).toEqual(["button-name", "image-alt"]);
});

for (const [name, check] of Object.entries(PUBLIC)) {
  test(`public page "${name}" has no serious or critical violations`, async ({ page }, testInfo) => {
    test.skip(check.phone === false && testInfo.project.name === "phone", "drawn as on desktop");
    await expectNoSeriousViolations(page, await visit(page, check));
  });
}

for (const [name, check] of Object.entries(SIGNED_IN)) {
  test(`${name} page has no serious or critical violations`, async ({ page }, testInfo) => {
    // The admin screens on a phone are checked for layout and reach by e2e/phone-layout.spec.ts; their
    // names, labels and contrast are the desktop's.
    test.skip(
      (name.startsWith("admin") || check.phone === false) && testInfo.project.name === "phone",
      "admin pages and pages drawn as on desktop: desktop",
    );
    await signIn(page, ADMIN);
    await expectNoSeriousViolations(page, await visit(page, check));
  });
}

test("favourites page, with its table, has no serious or critical violations", async ({ page }) => {
  // An account of its own with one favourite, so the page shows its table rather than the empty state.
  const admin = await registerAdmin(page.request, "axe-favorites");
  const liked = await page.request.post("/api/user/favorite", {
    data: { idMovie: await seededMovieId(page) },
    headers: { authorization: `Bearer ${await apiToken(page.request, admin)}` },
  });
  expect(liked.ok()).toBe(true);
  await signIn(page, admin);
  await expectNoSeriousViolations(page, await visit(page, { path: "/favorite", ready: table("Favorite movies") }));
});

test("My List and History, with a movie each, have no serious or critical violations", async ({ page }) => {
  // An account of its own with one movie in each, so the pages show their grid and table.
  const admin = await registerAdmin(page.request, "axe-cinema");
  const token = { authorization: `Bearer ${await apiToken(page.request, admin)}` };
  const movieId = await seededMovieId(page);
  expect((await page.request.put(`/api/user/list/${movieId}`, { headers: token })).ok()).toBe(true);
  expect(
    (
      await page.request.put(`/api/user/progress/${movieId}`, { data: { position: 6, duration: 12 }, headers: token })
    ).ok(),
  ).toBe(true);
  await signIn(page, admin);
  await expectNoSeriousViolations(page, await visit(page, { path: "/my-list", ready: heading("My List") }));
  await expectNoSeriousViolations(page, await visit(page, { path: "/history", ready: table("History") }));
});

test("the Edit Movie dialog over the movie list has no serious or critical violations", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "phone", "admin pages: desktop");
  await signIn(page, ADMIN);
  await page.goto("/admin/list");
  await page
    .getByRole("button", { name: /^Edit / })
    .first()
    .click();
  await expect(
    page.getByRole("dialog", { name: "Edit Movie" }).getByRole("button", { name: "Update Movie" }),
  ).toBeVisible();
  await expectNoSeriousViolations(page, "/admin/list, Edit Movie dialog");
});

test("a member's home page (with Because you watched) and movie page (their own review, More like this) have no serious or critical violations", async ({
  page,
}) => {
  // An account of its own that watched and reviewed a seeded movie: the home page shows a row for
  // it, and the movie page marks the review as theirs and fills the form with it.
  const member = await registerAccount(page.request, "axe-member");
  const headers = { authorization: `Bearer ${await apiToken(page.request, member)}` };
  const movieId = await seededMovieId(page);
  expect(
    (await page.request.put(`/api/user/progress/${movieId}`, { data: { position: 60, duration: 60 }, headers })).ok(),
  ).toBe(true);
  expect(
    (
      await page.request.post(`/api/movie/review/${movieId}`, {
        data: { rating: 4, message: "Checked for accessibility." },
        headers,
      })
    ).ok(),
  ).toBe(true);
  await signIn(page, member);
  await expectNoSeriousViolations(
    page,
    await visit(page, {
      path: "/",
      ready: (p) => expect(p.getByRole("heading", { name: /^Because you watched/ })).toBeVisible(),
    }),
  );
  await expectNoSeriousViolations(
    page,
    await visit(page, {
      path: `/movie/${movieId}`,
      ready: (p) => expect(p.getByRole("button", { name: "Delete review" })).toBeVisible(),
    }),
  );
});
