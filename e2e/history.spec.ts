// History (issue 28, item 2): what the member watched, with progress and date; watched from 90%;
// mark watched or unwatched; remove (and so off Continue watching).
import { expect, test, type Page } from "@playwright/test";
import { registerAccount, signIn, toast } from "./support/accounts";
import { playerReady, saveProgress, seededMovie } from "./support/cinema";

const today = () =>
  new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const historyRow = (page: Page, name: string) =>
  page.getByRole("table", { name: "History" }).getByRole("row").filter({ hasText: name });
const continueWatching = (page: Page) => page.getByRole("region", { name: "Continue watching" });

test("the history lists progress and date, newest first; mark watched and unwatched; remove", async ({ page }) => {
  const [started, finished] = [await seededMovie(page, 6), await seededMovie(page, 7)];
  await signIn(page, await registerAccount(page.request, "history"));
  await saveProgress(page, started._id, 6); // half of the 12 s clip
  await saveProgress(page, finished._id, 11); // past 90%: watched

  await page.goto("/history");
  await expect(page.getByRole("heading", { name: "History", level: 1 })).toBeVisible();
  const rows = page.getByRole("table", { name: "History" }).getByRole("row");
  await expect(rows).toHaveCount(3); // the head and two movies
  await expect(rows.nth(1)).toContainText(finished.name);
  await expect(rows.nth(2)).toContainText(started.name);
  await expect(historyRow(page, started.name).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
  await expect(historyRow(page, started.name)).toContainText("50%");
  await expect(historyRow(page, started.name)).toContainText(today());
  await expect(historyRow(page, finished.name)).toContainText("Watched");

  await historyRow(page, started.name)
    .getByRole("button", { name: `Mark watched: ${started.name}` })
    .click();
  await expect(toast(page, "Marked as watched")).toBeVisible();
  await expect(historyRow(page, started.name)).toContainText("Watched");
  await expect(historyRow(page, started.name).getByRole("button", { name: /^Mark unwatched/ })).toBeVisible();

  await historyRow(page, finished.name)
    .getByRole("button", { name: `Mark unwatched: ${finished.name}` })
    .click();
  await expect(toast(page, "Marked as unwatched")).toBeVisible();
  await expect(historyRow(page, finished.name)).toContainText("0%");

  // Back part-way: on the Continue watching row; removed from the history, off the row too.
  await saveProgress(page, finished._id, 4);
  await page.goto("/");
  await expect(continueWatching(page).getByRole("heading", { name: finished.name, exact: true })).toBeVisible();
  await page.goto("/history");
  await historyRow(page, finished.name)
    .getByRole("button", { name: `Remove ${finished.name} from history` })
    .click();
  await expect(toast(page, "Removed from history")).toBeVisible();
  await expect(historyRow(page, finished.name)).toHaveCount(0);
  await expect(historyRow(page, started.name)).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Populate Film" })).toBeVisible();
  await expect(continueWatching(page)).toHaveCount(0);
});

test("Play in the history opens the player; an empty history says so; signed out goes to login", async ({ page }) => {
  const movie = await seededMovie(page, 6);
  await page.goto("/history");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fhistory$/);

  await signIn(page, await registerAccount(page.request, "history-play"));
  await page.goto("/history");
  await expect(page.getByText("You have not watched anything yet.")).toBeVisible();
  await saveProgress(page, movie._id, 6);
  await page.reload();
  await historyRow(page, movie.name)
    .getByRole("link", { name: `Play ${movie.name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/watch/${movie._id}\\?play=1$`));
  await playerReady(page);
});
