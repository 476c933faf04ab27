// "Forgot password?" in a browser (issue 25 item 1): the link is taken from the mail the test SMTP
// server received (tests/support/services.ts) and followed in Chromium.
import { expect, test } from "@playwright/test";
import { latestMail, linkIn } from "../tests/support/mail";
import { freshIp, registerAccount, toast } from "./support/accounts";
import { hydrated } from "./support/hydration";

const RESET_SUBJECT = "Reset your Marquee password";

test("the emailed link sets a new password once, and the new password signs in", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  const account = await registerAccount(page.request, "forgot");
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  // The login form it came from stays in the page, hidden, while the new page shows.
  await page.getByLabel("Email").filter({ visible: true }).fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "If an account uses that email, a link to choose a new password" }),
  ).toBeVisible();

  const link = linkIn(await latestMail(account.email, RESET_SUBJECT), "/reset-password");
  await page.goto(link.href);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New Password").fill("brandnew1");
  await page.getByLabel("Confirm Password").fill("brandnew2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Passwords must match")).toBeVisible();
  await page.getByLabel("Confirm Password").fill("brandnew1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(toast(page, "Your password has been reset. Sign in with your new password.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The address is filled in (not in the URL), and the password is what is left to type.
  await expect(page.getByLabel("Email").filter({ visible: true })).toHaveValue(account.email);
  await expect(page.getByLabel("Password").filter({ visible: true })).toBeFocused();
  await page.getByLabel("Password").filter({ visible: true }).fill("brandnew1");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/$/);

  // Spent: the same link now offers a new one instead of the form.
  await page.goto(link.href);
  await expect(
    page.getByRole("alert").filter({ hasText: "This password reset link is invalid or has expired." }),
  ).toBeVisible();
  await expect(page.getByLabel("New Password")).toHaveCount(0);
  await page.getByRole("link", { name: "Send a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("an address without an account gets the same answer on the page", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await page.goto("/forgot-password");
  // Hydrated: typed text and the submit reach the form's code (before, a click submits it natively).
  await hydrated(page.getByRole("button", { name: "Send reset link" }));
  await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.test`);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "If an account uses that email, a link to choose a new password" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "try another address" }).click();
  await expect(page.getByLabel("Email")).toBeVisible();
});
