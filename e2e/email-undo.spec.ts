// "Wasn't you?" (issue 39 item 7): the notice mailed to the old address after an email change leads
// back. The link is taken from the mail the test SMTP server received (tests/support/services.ts)
// and followed in the browser, on a desktop and a phone.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { latestMail, linkIn } from "../tests/support/mail";
import { apiToken, freshIp, registerAccount, signIn, toast, uniqueEmail, type Account } from "./support/accounts";

const CHANGE_SUBJECT = "Confirm your new email address for Marquee";
const CHANGED_SUBJECT = "Your Marquee email address was changed";
const UNDO_INVALID =
  "This link is invalid or has expired, or was already used. If you still cannot get into your account, write to us from the Contact page.";

/** Someone signed in to the account moves it to an address of theirs. */
async function takeOver(request: APIRequestContext, account: Account): Promise<string> {
  const newEmail = uniqueEmail("intruder");
  const headers = { authorization: `Bearer ${await apiToken(request, account)}` };
  const asked = await request.post("/api/user/email", {
    data: { email: newEmail, password: account.password },
    headers,
  });
  expect(asked.status()).toBe(200);
  const token = linkIn(await latestMail(newEmail, CHANGE_SUBJECT), "/confirm-email").searchParams.get("token");
  expect((await request.post("/api/user/email/confirm", { data: { token }, headers })).status()).toBe(200);
  return newEmail;
}

test("the link in the email-changed notice puts the old address back, signs out everywhere and sets a new password", async ({
  page,
}) => {
  test.slow(); // a sign-up, two mails, the undo, and a second sign-in
  const account = await registerAccount(page.request, "undo");
  await signIn(page, account);
  const newEmail = await takeOver(page.request, account);

  const notice = await latestMail(account.email, CHANGED_SUBJECT);
  expect(notice.text).toContain(`is now ${newEmail}`);
  const link = linkIn(notice, "/undo-email");
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await page.goto(link.href);
  await expect(page.getByRole("heading", { name: "Wasn't you?" })).toBeVisible();
  await expect(
    page.getByText(
      `Your account's email address was changed to ${newEmail}. Choose a new password to put back ${account.email} and sign out every device.`,
    ),
  ).toBeVisible();
  await page.getByLabel("New Password").fill("mine1234");
  await page.getByLabel("Confirm Password").fill("mine5678");
  await page.getByRole("button", { name: "Secure my account" }).click();
  await expect(page.getByText("Passwords must match")).toBeVisible();
  await page.getByLabel("Confirm Password").fill("mine1234");
  await page.getByRole("button", { name: "Secure my account" }).click();
  await expect(toast(page, `Your account is back at ${account.email}. Sign in with your new password.`)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("Email").filter({ visible: true })).toHaveValue(account.email);

  // The session this browser had before is over; the old address and the new password sign in.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await signIn(page, { email: account.email, password: "mine1234" });
  await page.goto("/profile");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);

  // Spent: the page says so and shows the way on, and the server refuses it too.
  await page.goto(link.href);
  await expect(page.getByRole("alert").filter({ hasText: UNDO_INVALID })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact us", exact: true })).toHaveAttribute("href", "/contact");
  const again = await page.request.post("/api/user/email/undo", {
    data: { token: link.searchParams.get("token"), password: "other123", confirmPassword: "other123" },
  });
  expect(again.status()).toBe(400);
});

test("a forged or cut-short link gives a clear page", async ({ page }) => {
  for (const href of ["/undo-email?token=" + "x".repeat(43), "/undo-email"]) {
    const response = await page.goto(href);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("alert").filter({ hasText: UNDO_INVALID })).toBeVisible();
  }
});
