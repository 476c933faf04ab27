import { expect, test, type Page } from "@playwright/test";
import { apiToken, footerAccount, freshIp, registerAccount, signIn, toast } from "./support/accounts";
import { hydrated } from "./support/hydration";
import { pngFile } from "./support/media";

const accountMenu = (page: Page) => page.getByRole("navigation", { name: "Account", exact: true });

test("profile: picture upload and a new name are saved; the email is read-only", async ({ page }) => {
  const account = await registerAccount(page.request, "profile");
  await signIn(page, account);
  await page.goto("/profile");
  await expect(accountMenu(page).getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");

  // A file chosen before React takes the picker over is not uploaded (nothing listens yet).
  await (await hydrated(page.locator('input[type="file"]'))).setInputFiles(await pngFile("me.png"));
  await expect(toast(page, "Upload successfully")).toBeVisible();
  await expect(page.getByRole("img", { name: "Your profile picture" })).toHaveAttribute(
    "src",
    /\/api\/upload\/image\//,
  );
  await page.getByLabel("Full Name").fill("Renamed Person");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "Profile updated")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Full Name")).toHaveValue("Renamed Person");
  await expect(page.getByRole("img", { name: "Your profile picture" })).toHaveAttribute(
    "src",
    /\/api\/upload\/image\//,
  );
  await page.getByLabel("Full Name").fill("");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
});

test("password change keeps this browser signed in, ends other sessions, and the new password works", async ({
  page,
  browser,
}) => {
  test.slow(); // three failed or successful updates, then a second browser signing in
  const account = await registerAccount(page.request, "password");
  const otherToken = await apiToken(page.request, account);
  await signIn(page, account);
  await page.goto("/password");

  await page.getByLabel("Password", { exact: true }).fill("wrong-1");
  await page.getByLabel("New Password").fill("newpass1");
  await page.getByLabel("Confirm Password").fill("newpass2");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Passwords must match")).toBeVisible();
  await page.getByLabel("Confirm Password").fill("newpass1");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "Old password is incorrect")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "Password updated successfully")).toBeVisible();
  await expect(page.getByLabel("New Password")).toHaveValue("");

  // This browser is still signed in; the token issued before the change is not.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile$/);
  expect(
    (await page.request.get("/api/user/favorite", { headers: { authorization: `Bearer ${otherToken}` } })).status(),
  ).toBe(401);

  const fresh = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": freshIp() } });
  const other = await fresh.newPage();
  await other.goto("/login");
  await other.getByLabel("Email", { exact: true }).fill(account.email);
  await other.getByLabel("Password").fill("newpass1");
  await other.getByRole("button", { name: "Submit" }).click();
  await expect(other).toHaveURL(/\/$/);
  await fresh.close();
});

test("favourites: liked movies are listed, one is removed, then all", async ({ page }) => {
  const account = await registerAccount(page.request, "favorites");
  const token = await apiToken(page.request, account);
  const { movies } = (await (await page.request.get("/api/movie?limit=2&page=2")).json()) as {
    movies: { _id: string; name: string }[];
  };
  for (const movie of movies) {
    const liked = await page.request.post("/api/user/favorite", {
      data: { idMovie: movie._id },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(liked.status()).toBe(200);
  }
  const [first, second] = movies as [{ _id: string; name: string }, { _id: string; name: string }];
  await signIn(page, account);
  await page.goto("/favorite");
  await expect(page.getByRole("heading", { name: "Favorites Movies" })).toBeVisible();
  const table = page.getByRole("table", { name: "Favorite movies" });
  await expect(table.getByRole("cell", { name: first.name, exact: true })).toBeVisible();
  await expect(table.getByRole("cell", { name: second.name, exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name: `View ${first.name}` })).toHaveAttribute("href", `/movie/${first._id}`);

  await table.getByRole("button", { name: `Remove ${first.name}` }).click();
  await expect(toast(page, "Movie deleted successfully")).toBeVisible();
  await expect(table.getByRole("cell", { name: first.name, exact: true })).toHaveCount(0);
  await expect(table.getByRole("cell", { name: second.name, exact: true })).toBeVisible();

  // Delete All asks first; Cancel keeps the list.
  const confirm = page.getByRole("dialog", { name: "Confirm" });
  await page.getByRole("button", { name: "Delete All" }).click();
  await expect(confirm).toContainText("Are you sure you want to remove every movie from your favorites?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(table.getByRole("cell", { name: second.name, exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Delete All" }).click();
  await confirm.getByRole("button", { name: "Remove all" }).click();
  await expect(toast(page, "All favorite movies deleted successfully")).toBeVisible();
  await expect(page.getByText("No favorite movie")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete All" })).toBeDisabled();
});

test("logout ends the session and goes home", async ({ page }) => {
  await signIn(page, await registerAccount(page.request, "logout"));
  await page.goto("/favorite");
  await accountMenu(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/profile");
  await expect(page).toHaveURL("/login?callbackUrl=%2Fprofile");
});

test("a 401 from the API signs the browser out and says the session ended (the password was changed elsewhere)", async ({
  page,
}) => {
  const account = await registerAccount(page.request, "signedout");
  await signIn(page, account);
  await page.goto("/profile");
  const token = await apiToken(page.request, account);
  const changed = await page.request.put("/api/user/password", {
    data: { oldPassword: account.password, newPassword: "elsewhere1", comfirmPassword: "elsewhere1" },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(changed.status()).toBe(200);
  // The page is still open; its next call gets 401. The page says so in words (the API's
  // "Not authorized, ..." is for API clients), and the login page repeats it after the sign-out.
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/\/login\?error=session-ended$/);
  await expect(toast(page, "Your session has ended. Please sign in again.")).toBeVisible();
  await expect(toast(page, "Not authorized")).toHaveCount(0);
});

test("delete my account asks for the password, then signs out and the login no longer works", async ({ page }) => {
  const account = await registerAccount(page.request, "deleteme");
  await signIn(page, account);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete my account" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Delete my account" }).click();
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("Password is required")).toBeVisible();
  await dialog.getByLabel("Password").fill("wrong-pw");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(toast(page, "Password is incorrect")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(toast(page, "Account deleted successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Signed out: the footer offers Sign In again (the header's Login icon is there on wide screens only).
  await expect(footerAccount(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  const login = await page.request.post("/api/user", { data: account, headers: { "x-forwarded-for": freshIp() } });
  expect(login.status()).toBe(400);
});
