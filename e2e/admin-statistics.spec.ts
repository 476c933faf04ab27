// The admin Statistics charts, drawn from real rows: members sign up and watch a movie through the
// API, and the page's charts and the tables behind them count them.
import { expect, test, type Locator } from "@playwright/test";
import { ADMIN, apiToken, registerAccount, signIn } from "./support/accounts";
import { createCategory, createMovie } from "./support/catalogue";

const VIEWERS = 5;
const today = new Date();
const dayLabel = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
}).format(today);
const mondayLabel = (() => {
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    monday,
  );
})();

/** The number in a chart table's row, found by its heading cell. */
async function valueIn(table: Locator, rowHeading: string): Promise<number> {
  const row = table
    .getByRole("row")
    .filter({ has: table.page().getByRole("rowheader", { name: rowHeading, exact: true }) });
  return Number((await row.getByRole("cell").first().textContent())!.replaceAll(",", ""));
}

test("the charts and their tables count real plays and sign-ups", async ({ page }) => {
  test.setTimeout(120_000);
  const category = await createCategory(page.request, "Stats charts");
  const movie = await createMovie(page.request, category._id, "Top");
  // Members who sign up now and watch the movie: sign-ups this week, plays today, its viewers.
  for (let viewer = 0; viewer < VIEWERS; viewer++) {
    const member = await registerAccount(page.request, `viewer${viewer}`);
    const token = await apiToken(page.request, member);
    const saved = await page.request.put(`/api/user/progress/${movie._id}`, {
      data: { position: 60 + viewer, duration: 5400 },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.status()).toBe(200);
  }
  await signIn(page, ADMIN);
  await page.goto("/admin/statistics");
  // The charts draw once the page's script runs: give a busy machine time.
  const drawn = { timeout: 30_000 };

  const section = (name: string) => page.getByRole("region", { name });
  const tableOf = (name: string) => section(name).getByRole("table", { name });

  // Plays per day: today's bar, and its row in the table (other tests watch too: at least ours).
  const plays = section("Plays per day");
  await expect(plays.getByTestId("Plays per day chart").locator(".recharts-bar-rectangle").first()).toBeVisible(drawn);
  await expect(tableOf("Plays per day").getByRole("row")).toHaveCount(31);
  expect(await valueIn(tableOf("Plays per day"), dayLabel)).toBeGreaterThanOrEqual(VIEWERS);

  // Sign-ups per week: this week's row holds our members (and whoever else signed up meanwhile).
  await expect(tableOf("Sign-ups per week").getByRole("row")).toHaveCount(13);
  expect(await valueIn(tableOf("Sign-ups per week"), `Week of ${mondayLabel}`)).toBeGreaterThanOrEqual(VIEWERS);

  // Most watched: our movie with its viewers, in the chart's labels and in the table.
  const mostWatched = section("Most watched movies");
  await expect(
    mostWatched.getByTestId("Most watched movies chart").locator(".recharts-bar-rectangle").first(),
  ).toBeVisible(drawn);
  // Its title is a tick of the chart (the id at its end is this test's alone).
  await expect(mostWatched.getByTestId("Most watched movies chart")).toContainText(movie.name.split(" ").at(-1)!);
  expect(await valueIn(tableOf("Most watched movies"), movie.name)).toBe(VIEWERS);

  // The transcode queue and storage come from the seeded catalogue (its clips are not transcoded in tests).
  expect(await valueIn(tableOf("Transcode queue"), "Not transcoded")).toBeGreaterThan(0);
  const videos = tableOf("Storage by kind")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "Videos", exact: true }) });
  await expect(videos.getByRole("cell").nth(0)).toHaveText(/^\d+(\.\d)? (KB|MB|GB)$/);
  expect(Number(await videos.getByRole("cell").nth(1).textContent())).toBeGreaterThan(0);

  // "Show as table" puts the numbers on screen instead of the chart, and back. Until then the table is
  // visually hidden (clipped to nothing: no pointer reaches it); then it is where the chart was.
  const row = tableOf("Most watched movies").getByRole("rowheader", { name: movie.name });
  await expect(row.click({ trial: true, timeout: 2_000 })).rejects.toThrow();
  await mostWatched.getByRole("button", { name: "Show as table" }).click();
  await expect(mostWatched.getByTestId("Most watched movies chart")).toHaveCount(0);
  await row.click({ trial: true, timeout: 5_000 });
  await mostWatched.getByRole("button", { name: "Show as chart" }).click();
  await expect(mostWatched.getByTestId("Most watched movies chart")).toBeVisible();
});
