// WCAG 2.2 AA, checked by axe-core on every page (public, account, admin) on desktop and phone.
// A serious or critical violation fails the test and names the rule and the elements.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { demoMovies } from "../prisma/seed/catalogue";
import { apiToken, registerAdmin, signIn, type Account } from "./support/accounts";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const report = serious.map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ")}`).join("\n")}`);
  expect(report, `${label}\n${report.join("\n")}`).toEqual([]);
}

async function seededMovieId(page: Page): Promise<string> {
  const name = demoMovies[0]!.name;
  const { movies } = (await (await page.request.get(`/api/movie?search=${encodeURIComponent(name)}`)).json()) as { movies: { _id: string; name: string }[] };
  return movies.find((movie) => movie.name === name)!._id;
}

test("public pages have no serious or critical accessibility violations", async ({ page }) => {
  const id = await seededMovieId(page);
  const pages: [string, (page: Page) => Promise<void>][] = [
    ["/", (p) => expect(p.getByRole("heading", { name: "Populate Film" })).toBeVisible()],
    ["/movies", (p) => expect(p.getByText(/Total \d+ Movies/)).toBeVisible()],
    ["/movies/the", (p) => expect(p.getByText(/Results for/)).toBeVisible()],
    [`/movie/${id}`, (p) => expect(p.getByRole("heading", { name: "Reviews", exact: true })).toBeVisible()],
    [`/watch/${id}`, (p) => expect(p.getByRole("button", { name: "Play" })).toBeVisible()],
    ["/about-us", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/contact", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/login", (p) => expect(p.getByRole("button", { name: "Submit" })).toBeVisible()],
    ["/register", (p) => expect(p.getByRole("button", { name: "Sign Up" })).toBeVisible()],
    ["/no-such-page", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
  ];
  for (const [path, ready] of pages) {
    await page.goto(path);
    await ready(page);
    await expectNoSeriousViolations(page, path);
  }
});

test("account and admin pages have no serious or critical accessibility violations", async ({ page }) => {
  const admin: Account = await registerAdmin(page.request, "axe");
  // A favourite, so the favourites page shows its table rather than the empty state.
  const token = await apiToken(page.request, admin);
  const liked = await page.request.post("/api/user/favorite", { data: { idMovie: await seededMovieId(page) }, headers: { authorization: `Bearer ${token}` } });
  expect(liked.ok()).toBe(true);
  await signIn(page, admin);
  const table = (name: string) => (p: Page) => expect(p.getByRole("table", { name })).toBeVisible();
  const heading = (name: string) => (p: Page) => expect(p.getByRole("heading", { name, exact: true })).toBeVisible();
  const pages: [string, (page: Page) => Promise<void>][] = [
    ["/profile", heading("Profile")],
    ["/favorite", table("Favorite movies")],
    ["/password", heading("Change Password")],
    ["/admin/statistics", table("Recent movies")],
    ["/admin/add", (p) => expect(p.getByRole("button", { name: "Add Movie" })).toBeVisible()],
    ["/admin/list", table("Movies")],
    ["/admin/categories", table("Categories")],
    ["/admin/users", table("Users")],
  ];
  for (const [path, ready] of pages) {
    await page.goto(path);
    await ready(page);
    await expectNoSeriousViolations(page, path);
  }
  // The edit form opens in a dialog over the list.
  await page.goto("/admin/list");
  await page.getByRole("button", { name: /^Edit / }).first().click();
  await expect(page.getByRole("dialog", { name: "Edit Movie" }).getByRole("button", { name: "Update Movie" })).toBeVisible();
  await expectNoSeriousViolations(page, "/admin/list, Edit Movie dialog");
});
