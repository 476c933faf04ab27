// Email verification and change in a browser (issue 25 item 3), the links read from the test SMTP server.
import { expect, test, type Page } from "@playwright/test";
import { latestMail, linkIn } from "../tests/support/mail";
import { apiToken, freshIp, registerAccount, signIn, toast, uniqueEmail } from "./support/accounts";

const VERIFY_SUBJECT = "Confirm your email address for Marquee";
const CHANGE_SUBJECT = "Confirm your new email address for Marquee";

const emailSection = (page: Page) => page.getByRole("region", { name: "Email address" });

test("a new member confirms the email from the mail; the profile shows the state and can send the link again", async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  const account = { fullName: "Vera Verify", email: uniqueEmail("verify"), password: "secret1" };
  await page.goto("/register");
  await page.getByLabel("Full Name").fill(account.fullName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(toast(page, "Register successfully")).toBeVisible();
  await latestMail(account.email, VERIFY_SUBJECT);

  await signIn(page, account);
  await page.goto("/profile");
  await expect(emailSection(page).getByText("Not verified")).toBeVisible();
  await emailSection(page).getByRole("button", { name: "Send the link again" }).click();
  await expect(toast(page, `We sent a new link to ${account.email}`)).toBeVisible();

  const link = linkIn(await latestMail(account.email, VERIFY_SUBJECT, 2), "/verify-email");
  await page.goto(link.href);
  await expect(page.getByText(`Confirm that ${account.email} is your email address.`)).toBeVisible();
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your email address is verified" })).toBeVisible();
  await page.getByRole("link", { name: "Go to your profile" }).click();
  await expect(emailSection(page).getByText("Verified", { exact: true })).toBeVisible();
  await expect(emailSection(page).getByRole("button", { name: "Send the link again" })).toHaveCount(0);
});

test("changing the email takes effect from the link, in the member's browser; the old address is told", async ({
  page,
}) => {
  const account = await registerAccount(page.request, "changer");
  const newEmail = uniqueEmail("changed");
  await signIn(page, account);
  await page.goto("/profile");
  await emailSection(page).getByRole("button", { name: "Change email" }).click();
  const dialog = page.getByRole("dialog", { name: "Change email" });
  await dialog.getByLabel("New email address").fill(newEmail);
  await dialog.getByLabel("Current password").fill("wrong-pw");
  await dialog.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(toast(page, "Password is incorrect")).toBeVisible();
  await dialog.getByLabel("Current password").fill(account.password);
  await dialog.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(
    toast(page, `We sent a link to ${newEmail}. Your email address changes when you open it.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(emailSection(page).getByText(`Waiting for you to open the link sent to ${newEmail}.`)).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);

  await page.goto(linkIn(await latestMail(newEmail, CHANGE_SUBJECT), "/confirm-email").href);
  await expect(
    page.getByText(`Change the email address of your account from ${account.email} to ${newEmail}?`),
  ).toBeVisible();
  await page.getByRole("button", { name: "Change my email address" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Your email address is now ${newEmail}` })).toBeVisible();
  await page.getByRole("link", { name: "Go to your profile" }).click();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(newEmail);
  await expect(emailSection(page).getByText("Verified", { exact: true })).toBeVisible();
  const notice = await latestMail(account.email, "Your Marquee email address was changed");
  expect(notice.text).toContain(`is now ${newEmail}`);
});

test("a change link opened signed out asks to sign in first, then comes back to it", async ({ page }) => {
  const account = await registerAccount(page.request, "signedout");
  const newEmail = uniqueEmail("later");
  const token = await apiToken(page.request, account);
  const asked = await page.request.post("/api/user/email", {
    data: { email: newEmail, password: account.password },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(asked.status()).toBe(200);
  const link = linkIn(await latestMail(newEmail, CHANGE_SUBJECT), "/confirm-email");

  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await page.goto(link.href);
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/confirm-email\?token=/);
  await page.getByRole("button", { name: "Change my email address" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Your email address is now ${newEmail}` })).toBeVisible();
});
