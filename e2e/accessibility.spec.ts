// WCAG 2.2 AA, checked by axe-core on every page (public, account and admin) on desktop and phone.
// A serious or critical violation fails the test and names the rule and the elements.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { demoMovies } from "../prisma/seed/catalogue";
import { ADMIN, apiToken, registerAdmin, signIn } from "./support/accounts";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

// A full axe run takes seconds of CPU per page; on a busy machine more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  const report = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ")}`).join("\n")}`,
  );
  expect(report, `${label}\n${report.join("\n")}`).toEqual([]);
}

async function seededMovieId(page: Page): Promise<string> {
  const name = demoMovies[0]!.name;
  const { movies } = (await (await page.request.get(`/api/movie?search=${encodeURIComponent(name)}`)).json()) as {
    movies: { _id: string; name: string }[];
  };
  return movies.find((movie) => movie.name === name)!._id;
}

type Check = { path: string | ((page: Page) => Promise<string>); ready: (page: Page) => Promise<void> };
const heading = (name: string) => (page: Page) =>
  expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
// The admin and favourites tables load through the API after the page: give them time on a busy machine.
const table = (name: string) => (page: Page) =>
  expect(page.getByRole("table", { name })).toBeVisible({ timeout: 30_000 });

const PUBLIC: Record<string, Check> = {
  home: { path: "/", ready: heading("Populate Film") },
  movies: { path: "/movies", ready: (page) => expect(page.getByText(/Total \d+ Movies/)).toBeVisible() },
  search: { path: "/movies/the", ready: (page) => expect(page.getByText(/Results for/)).toBeVisible() },
  movie: { path: async (page) => `/movie/${await seededMovieId(page)}`, ready: heading("Reviews") },
  watch: {
    path: async (page) => `/watch/${await seededMovieId(page)}`,
    ready: (page) => expect(page.getByRole("button", { name: "Play" })).toBeVisible(),
  },
  about: { path: "/about-us", ready: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible() },
  contact: { path: "/contact", ready: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible() },
  login: { path: "/login", ready: (page) => expect(page.getByRole("button", { name: "Submit" })).toBeVisible() },
  register: { path: "/register", ready: (page) => expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible() },
  "not found": {
    path: "/no-such-page",
    ready: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible(),
  },
};

const SIGNED_IN: Record<string, Check> = {
  profile: { path: "/profile", ready: heading("Profile") },
  password: { path: "/password", ready: heading("Change Password") },
  "admin statistics": { path: "/admin/statistics", ready: table("Recent movies") },
  "admin add movie": {
    path: "/admin/add",
    ready: (page) => expect(page.getByRole("button", { name: "Add Movie" })).toBeVisible(),
  },
  "admin list movie": { path: "/admin/list", ready: table("Movies") },
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

for (const [name, check] of Object.entries(PUBLIC)) {
  test(`public page "${name}" has no serious or critical violations`, async ({ page }) => {
    await expectNoSeriousViolations(page, await visit(page, check));
  });
}

for (const [name, check] of Object.entries(SIGNED_IN)) {
  test(`${name} page has no serious or critical violations`, async ({ page }) => {
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

test("the Edit Movie dialog over the movie list has no serious or critical violations", async ({ page }) => {
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
