// Passkeys in Chromium (issue 25 item 5), with its virtual authenticator (DevTools' WebAuthn domain):
// a platform authenticator that keeps discoverable credentials and verifies its user.
// WebAuthn refuses IP addresses as the site's identity, so these tests use the app as localhost.
import { expect, test, type Page } from "@playwright/test";
import { latestMail } from "../tests/support/mail";
import { footerAccount, freshIp, registerAccount, signIn, toast } from "./support/accounts";
import { hydrated } from "./support/hydration";

const app = new URL(process.env.TEST_BASE_URL!);
app.hostname = "localhost";
test.use({ baseURL: app.origin });

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    /** The person at the device fails (or refuses) the fingerprint, PIN or face check. */
    refuseVerification: () => cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false }),
  };
}

const passkeys = (page: Page) => page.getByRole("region", { name: "Passkeys" });
/** Pressed once React has hydrated it: a press before that does nothing, and no toast ever comes. */
const addPasskeyButton = (page: Page) => hydrated(passkeys(page).getByRole("button", { name: "Add a passkey" }));

async function addPasskey(page: Page, name: string) {
  await page.goto("/profile");
  await passkeys(page).getByLabel("Passkey name (optional)").fill(name);
  await (await addPasskeyButton(page)).click();
  await expect(toast(page, "Passkey added. You can now sign in with it.")).toBeVisible();
  await expect(passkeys(page).getByRole("list", { name: "Your passkeys" }).getByText(name)).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole("navigation", { name: "Account", exact: true }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${app.origin}/`);
}

test("add a passkey on the profile, sign in with it from /login, see it, then remove it", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  const authenticator = await virtualAuthenticator(page);
  const account = await registerAccount(page.request, "passkey");
  await signIn(page, account);
  await page.goto("/profile");
  await expect(passkeys(page).getByText("You have no passkeys yet.")).toBeVisible();
  await addPasskey(page, "Laptop");
  await expect(passkeys(page).getByText("never used yet", { exact: false })).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  expect((await latestMail(account.email, "A passkey was added to your Marquee account")).text).toContain('"Laptop"');

  await logOut(page);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${app.origin}/`);
  await page.goto("/profile");
  await expect(page.getByLabel("Full Name")).toHaveValue(account.fullName);
  await expect(passkeys(page).getByText("last used", { exact: false })).toBeVisible();

  await passkeys(page).getByRole("button", { name: "Remove passkey Laptop" }).click();
  await expect(toast(page, "Passkey removed")).toBeVisible();
  await expect(passkeys(page).getByText("You have no passkeys yet.")).toBeVisible();

  // The device still holds the credential, but the site no longer accepts it.
  await logOut(page);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(toast(page, "This passkey could not sign you in. Use your password, or try again.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("a passkey prompt that fails its user check adds nothing", async ({ page }) => {
  const authenticator = await virtualAuthenticator(page);
  const account = await registerAccount(page.request, "passkeyrefused");
  await signIn(page, account);
  await authenticator.refuseVerification();
  await page.goto("/profile");
  await (await addPasskeyButton(page)).click();
  await expect(toast(page, "The passkey prompt was closed or timed out. Nothing was changed.")).toBeVisible();
  await expect(passkeys(page).getByText("You have no passkeys yet.")).toBeVisible();
});

test("delete my account, confirmed with a passkey", async ({ page }) => {
  await virtualAuthenticator(page);
  const account = await registerAccount(page.request, "passkeydelete");
  await signIn(page, account);
  await addPasskey(page, "Phone");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete my account" });
  await dialog.getByRole("button", { name: "Confirm with a passkey instead" }).click();
  await expect(toast(page, "Account deleted successfully")).toBeVisible();
  await expect(page).toHaveURL(`${app.origin}/`);
  // Signed out: the footer offers Sign In again (the header's Login icon is there on wide screens only).
  await expect(footerAccount(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  const login = await page.request.post("/api/user", { data: account, headers: { "x-forwarded-for": freshIp() } });
  expect(login.status()).toBe(400);
});
