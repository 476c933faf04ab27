// A member's own review on the movie page: marked as theirs, the form filled to edit it, deleted
// after a confirmation; every review's date; newest or highest rated first.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiToken, registerAccount, signIn, toast, type Account } from "./support/accounts";
import { createCategory, createMovie } from "./support/catalogue";

async function postReview(
  request: APIRequestContext,
  account: Account,
  movieId: string,
  rating: number,
  message: string,
) {
  const response = await request.post(`/api/movie/review/${movieId}`, {
    data: { rating, message },
    headers: { authorization: `Bearer ${await apiToken(request, account)}` },
  });
  expect(response.status()).toBe(200);
}

test("a member's review is marked as theirs, comes back in the form to edit, and can be deleted", async ({ page }) => {
  const movie = await createMovie(page.request, (await createCategory(page.request, "Reviews"))._id, "Reviewed");
  const other = await registerAccount(page.request, "other");
  await postReview(page.request, other, movie._id, 4, "Someone else liked it a lot.");
  const account = await registerAccount(page.request, "mine");
  await signIn(page, account);
  await page.goto(`/movie/${movie._id}`);

  const list = page.getByRole("list", { name: "Reviews" });
  const mine = list.getByRole("listitem").filter({ hasText: account.fullName });
  const theirs = list.getByRole("listitem").filter({ hasText: other.fullName });
  await expect(theirs).toBeVisible();
  await expect(theirs.getByText("Your review")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete review" })).toHaveCount(0);

  await page.getByLabel("Select Rating").selectOption({ label: "5-Masterpice" });
  await page.getByLabel("Message").fill("My first thoughts on it.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(toast(page, "Review submitted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reviews (2)" })).toBeVisible();
  await expect(mine.getByText("Your review", { exact: true })).toBeVisible();
  await expect(list.getByRole("listitem").first()).toContainText("My first thoughts on it.");

  // The form holds the review, ready to edit; so it does on the next visit.
  await page.reload();
  await expect(page.getByLabel("Message")).toHaveValue("My first thoughts on it.");
  await expect(page.getByLabel("Select Rating")).toHaveValue("5");
  await expect(page.getByText("You reviewed this movie")).toBeVisible();
  await expect(mine.getByText("Your review", { exact: true })).toBeVisible();

  await page.getByLabel("Select Rating").selectOption({ label: "3-Very good" });
  await page.getByLabel("Message").fill("Better the first time, on reflection.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(toast(page, "Review updated")).toBeVisible();
  await expect(mine).toContainText("Better the first time, on reflection.");
  await expect(mine.getByRole("img", { name: "Rated 3 out of 5" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reviews (2)" })).toBeVisible();
  await expect(page.getByText("3.5 (2 reviews)")).toBeVisible();

  // Newest first (theirs is older), or highest rated first (theirs is rated higher).
  await expect(list.getByRole("listitem").first()).toContainText(account.fullName);
  await page.getByLabel("Sort reviews").selectOption({ label: "Highest rated" });
  await expect(list.getByRole("listitem").first()).toContainText(other.fullName);
  await page.getByLabel("Sort reviews").selectOption({ label: "Newest" });
  await expect(list.getByRole("listitem").first()).toContainText(account.fullName);

  await page.getByRole("button", { name: "Delete review" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm" });
  await expect(dialog.getByText("Are you sure you want to delete your review?")).toBeVisible();
  await dialog.getByRole("button", { name: "Delete review" }).click();
  await expect(toast(page, "Review deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reviews (1)" })).toBeVisible();
  await expect(mine).toHaveCount(0);
  await expect(page.getByText("4 (1 review)")).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Delete review" })).toHaveCount(0);
});

test("every review shows when it was written: relative, the full date on hover and for screen readers", async ({
  page,
}) => {
  const movie = await createMovie(page.request, (await createCategory(page.request, "Dates"))._id, "Dated");
  const author = await registerAccount(page.request, "author");
  await postReview(page.request, author, movie._id, 4, "Written just now, as it happens.");
  const detail = (await (await page.request.get(`/api/movie/${movie._id}`)).json()) as {
    reviews: { createdAt: string }[];
  };
  await page.goto(`/movie/${movie._id}`);
  const date = page.getByRole("list", { name: "Reviews" }).getByRole("listitem").first().locator("time");
  await expect(date).toHaveAttribute("datetime", detail.reviews[0]!.createdAt);
  await expect(date.locator("[aria-hidden=true]")).toHaveText(/^(just now|\d+ minutes? ago)$/);
  // The full date in the reader's time zone, as the hover title and as the text screen readers read.
  const full = /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M$/;
  await expect(date).toHaveAttribute("title", full);
  await expect(date.locator(".sr-only")).toHaveText(full);
  expect(await date.locator(".sr-only").textContent()).toBe(await date.getAttribute("title"));
});

test("deleting your review removes it at once, and puts it back with the reason if the server refuses", async ({
  page,
}) => {
  const movie = await createMovie(page.request, (await createCategory(page.request, "Withdrawn"))._id, "Withdrawn");
  const account = await registerAccount(page.request, "withdraws");
  await postReview(page.request, account, movie._id, 4, "Second thoughts coming.");
  await signIn(page, account);
  await page.goto(`/movie/${movie._id}`);
  const mine = page.getByRole("list", { name: "Reviews" }).getByRole("listitem").filter({ hasText: account.fullName });
  await expect(mine).toBeVisible();
  const deleteReview = async () => {
    await page.getByRole("button", { name: "Delete review" }).click();
    await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Delete review" }).click();
  };

  // The server refuses: the review disappears at once, then comes back with the server's reason.
  let answer: (() => Promise<void>) | undefined;
  await page.route(`**/api/movie/review/${movie._id}`, async (route) => {
    if (route.request().method() !== "DELETE") return route.fallback();
    answer = () =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Try again in a moment"}' });
  });
  await deleteReview();
  await expect(mine).toHaveCount(0);
  await expect(page.getByText(`Be first to rate "${movie.name}"`)).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("");
  await expect.poll(() => answer !== undefined).toBe(true);
  await expect(toast(page, "Review deleted")).toHaveCount(0);
  await answer!();
  await expect(toast(page, "Try again in a moment")).toBeVisible();
  await expect(mine).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reviews (1)" })).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("Second thoughts coming.");

  // Held until the list has already let it go; then the server deletes it, and the page says so.
  answer = undefined;
  await page.unroute(`**/api/movie/review/${movie._id}`);
  await page.route(`**/api/movie/review/${movie._id}`, async (route) => {
    if (route.request().method() !== "DELETE") return route.fallback();
    answer = () => route.continue();
  });
  await deleteReview();
  await expect(mine).toHaveCount(0);
  await expect.poll(() => answer !== undefined).toBe(true);
  await answer!();
  await expect(toast(page, "Review deleted")).toBeVisible();
  await page.reload();
  await expect(mine).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Reviews (0)" })).toBeVisible();
});
