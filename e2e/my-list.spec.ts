// My List (issue 28, item 1): a watch-later list apart from favourites, from a card, the movie page
// and the player, with a page of its own in the account area.
import { expect, test, type Page } from "@playwright/test";
import { registerAccount, signIn, toast } from "./support/accounts";
import { seededMovie } from "./support/cinema";

const listedNames = async (page: Page) =>
  ((await (await page.request.get("/api/user/list")).json()) as { name: string }[]).map((movie) => movie.name);

test("add from a card, the movie page and the player; /my-list shows them newest first; remove there", async ({
  page,
}) => {
  const [fromCard, fromPage, fromPlayer] = [
    await seededMovie(page, 3),
    await seededMovie(page, 4),
    await seededMovie(page, 5),
  ];
  await signIn(page, await registerAccount(page.request, "mylist"));

  await page.goto(`/movies/${encodeURIComponent(fromCard.name)}`);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: fromCard.name, exact: true }) });
  const cardButton = card.getByRole("button", { name: `Add ${fromCard.name} to My List` });
  await expect(cardButton).toHaveAttribute("aria-disabled", "false");
  await cardButton.click();
  await expect(toast(page, "Added to My List")).toBeVisible();
  await expect(card.getByRole("button", { name: `Remove ${fromCard.name} from My List` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.goto(`/movie/${fromPage._id}`);
  const pageButton = page.getByRole("button", { name: "My List", exact: true });
  await expect(pageButton).toHaveAttribute("aria-pressed", "false");
  await expect(pageButton).toHaveAttribute("aria-disabled", "false");
  await pageButton.click();
  await expect(pageButton).toHaveAttribute("aria-pressed", "true");

  await page.goto(`/watch/${fromPlayer._id}`);
  const playerButton = page.getByRole("button", { name: `Add ${fromPlayer.name} to My List` });
  await expect(playerButton).toHaveAttribute("aria-disabled", "false");
  await playerButton.click();
  await expect(page.getByRole("button", { name: `Remove ${fromPlayer.name} from My List` })).toBeVisible();

  expect(await listedNames(page)).toEqual([fromPlayer.name, fromPage.name, fromCard.name]);
  // Apart from favourites.
  expect(await (await page.request.get("/api/user/favorite")).json()).toEqual([]);

  await page.goto("/my-list");
  await expect(page.getByRole("heading", { name: "My List", level: 1 })).toBeVisible();
  await expect(page.getByText("3 movies to watch")).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
    fromPlayer.name,
    fromPage.name,
    fromCard.name,
  ]);
  await page.getByRole("button", { name: `Remove ${fromPage.name} from My List` }).click();
  await expect(toast(page, "Removed from My List")).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([fromPlayer.name, fromCard.name]);
  expect(await listedNames(page)).toEqual([fromPlayer.name, fromCard.name]);
});

test("an empty list says so; the account menu leads to My List and History", async ({ page }) => {
  await signIn(page, await registerAccount(page.request, "mylist-empty"));
  await page.goto("/profile");
  const menu = page.getByRole("navigation", { name: "Account", exact: true });
  await menu.getByRole("link", { name: "My List" }).click();
  await expect(page).toHaveURL(/\/my-list$/);
  await expect(menu.getByRole("link", { name: "My List" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(/Your list is empty/)).toBeVisible();
  await menu.getByRole("link", { name: "History" }).click();
  await expect(page.getByRole("heading", { name: "History", level: 1 })).toBeVisible();
});

// On a phone, the menu drawer: e2e/phone-walk.spec.ts.
test("the header links to My List", async ({ page }) => {
  await signIn(page, await registerAccount(page.request, "mylist-nav"));
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My List" }).click();
  await expect(page).toHaveURL(/\/my-list$/);
  await expect(page.getByRole("heading", { name: "My List", level: 1 })).toBeVisible();
});

test("signed out: /my-list goes to login and back; My List asks to log in", async ({ page }) => {
  const movie = await seededMovie(page, 3);
  await page.goto("/my-list");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fmy-list$/);

  await page.goto(`/movie/${movie._id}`);
  const button = page.getByRole("button", { name: "My List", exact: true });
  await expect(button).toHaveAttribute("aria-disabled", "false");
  await button.click();
  await expect(toast(page, "You need to login to use My List")).toBeVisible();
  await expect(button).toHaveAttribute("aria-pressed", "false");
});
