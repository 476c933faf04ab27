// Google sign-in end to end (issue 25 item 4): NextAuth's Google provider, its issuer pointed at the
// local OpenID provider of tests/support/services.ts, whose sign-in page stands in for Google's
// account chooser and consent screen.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { latestMail, tokenIn } from "../tests/support/mail";
import { apiToken, freshIp, registerAccount, toast, uniqueEmail } from "./support/accounts";

const issuer = process.env.GOOGLE_ISSUER!;
const otherClient = process.env.TEST_OTHER_CLIENT_ORIGIN!;

type Person = { email: string; name?: string; picture?: string; verified?: boolean };

/** On the provider's page: who signs in, and Continue. */
async function signInAtProvider(page: Page, person: Person) {
  await page.waitForURL((url) => url.origin === issuer && url.pathname.startsWith("/interaction/"));
  await page.getByLabel("Email", { exact: true }).fill(person.email);
  await page.getByLabel("Name", { exact: true }).fill(person.name ?? "");
  await page.getByLabel("Picture URL").fill(person.picture ?? "");
  await page.getByLabel("The provider has verified this email").setChecked(person.verified ?? true);
  await page.getByRole("button", { name: "Continue" }).click();
}

async function signInWithGoogle(page: Page, person: Person) {
  // Google's account chooser lets anyone pick another account; the stand-in provider would instead
  // log the previous one out first (a detour Google does not take), so each sign-in starts without
  // the provider's own session (its cookies are named _session; the app's are not).
  await page.context().clearCookies({ name: /^_session/ });
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await signInAtProvider(page, person);
}

/** The signed-in account as its own data export describes it (the web session's cookie). */
async function whoAmI(request: APIRequestContext) {
  const response = await request.get("/api/user/export");
  expect(response.status()).toBe(200);
  return (
    (await response.json()) as {
      profile: { _id: string; fullName: string; image: string; emailVerified: boolean; hasPassword: boolean };
    }
  ).profile;
}

const passwordLogin = (request: APIRequestContext, credentials: { email: string; password: string }) =>
  request.post("/api/user", { data: credentials, headers: { "x-forwarded-for": freshIp() } });

test("a first sign-in creates a member with the provider's name and picture; the next one finds the same member", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // two sign-ins through the provider, in two browsers
  const person = {
    email: uniqueEmail("google"),
    name: "Grace Hopper",
    picture: "https://images.example.test/grace.png",
  };
  await signInWithGoogle(page, person);
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto("/profile");
  await expect(page.getByLabel("Full Name")).toHaveValue("Grace Hopper");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(person.email);
  await expect(
    page.getByRole("region", { name: "Email address" }).getByText("Verified", { exact: true }),
  ).toBeVisible();
  const first = await whoAmI(page.request);
  expect(first).toMatchObject({
    fullName: "Grace Hopper",
    image: person.picture,
    emailVerified: true,
    hasPassword: false,
  });

  // Another browser, another sign-in with the same Google account: the same member, as they left it.
  const other = await browser.newContext({ baseURL });
  const again = await other.newPage();
  await signInWithGoogle(again, { ...person, name: "G. Hopper" });
  await expect(again).toHaveURL(`${baseURL}/`);
  expect(await whoAmI(again.request)).toMatchObject({ _id: first._id, fullName: "Grace Hopper" });
  await other.close();
});

test("a verified Google email that matches a password account signs into that account, which keeps its password", async ({
  page,
}) => {
  const account = await registerAccount(page.request, "linked");
  // The member had confirmed the address, so the password is the member's own.
  const verify = tokenIn(await latestMail(account.email, "Confirm your email address for Marquee"), "/verify-email");
  expect((await page.request.post("/api/user/verify-email", { data: { token: verify } })).status()).toBe(200);
  const token = await apiToken(page.request, account);
  const { movies } = (await (await page.request.get("/api/movie?limit=1")).json()) as { movies: { _id: string }[] };
  await page.request.post("/api/user/favorite", {
    data: { idMovie: movies[0]!._id },
    headers: { authorization: `Bearer ${token}` },
  });

  await signInWithGoogle(page, { email: account.email.toUpperCase(), name: "Someone Else" });
  await expect(page).toHaveURL(/\/$/);
  expect(await whoAmI(page.request)).toMatchObject({ _id: account._id, fullName: account.fullName, hasPassword: true });
  const favorites = (await (await page.request.get("/api/user/favorite")).json()) as { _id: string }[];
  expect(favorites.map((movie) => movie._id)).toEqual([movies[0]!._id]);
  expect((await passwordLogin(page.request, account)).status()).toBe(200);
});

test("an email the provider has not verified takes over no account and opens none", async ({ page }) => {
  const account = await registerAccount(page.request, "notverified");
  await signInWithGoogle(page, { email: account.email, verified: false });
  await expect(page).toHaveURL(/\/login\?error=google-unverified$/);
  await expect(
    toast(
      page,
      "Google has not verified this email address, so it cannot sign in here. Sign in with your password instead.",
    ),
  ).toBeVisible();
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
  expect((await passwordLogin(page.request, account)).status()).toBe(200);

  // An unknown unverified email creates nothing: it is still free to register.
  const stranger = uniqueEmail("unverifiedstranger");
  await signInWithGoogle(page, { email: stranger, verified: false });
  await expect(page).toHaveURL(/\/login\?error=google-unverified$/);
  const registered = await page.request.post("/api/user/register", {
    data: { fullName: "Stranger", email: stranger, password: "secret1" },
    headers: { "x-forwarded-for": freshIp() },
  });
  expect(registered.status()).toBe(201);
});

test("an account whose own email was never verified goes to the verified owner of the address, without the password set by whoever made it", async ({
  page,
}) => {
  // Someone registered the address before its owner (pre-account hijacking) and never confirmed it.
  const squatted = await registerAccount(page.request, "squatted");
  const squatterToken = await apiToken(page.request, squatted);
  await signInWithGoogle(page, { email: squatted.email, name: "Real Owner" });
  await expect(page).toHaveURL(/\/$/);
  expect(await whoAmI(page.request)).toMatchObject({ _id: squatted._id, emailVerified: true, hasPassword: false });
  expect((await passwordLogin(page.request, squatted)).status()).toBe(400);
  const stale = await page.request.get("/api/user/favorite", { headers: { authorization: `Bearer ${squatterToken}` } });
  expect(stale.status()).toBe(401);
});

test("a cancelled consent comes back to /login with a clear message, signed out", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.waitForURL((url) => url.origin === issuer);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/login\?error=google-denied$/);
  await expect(toast(page, "Google sign-in was cancelled, so you are not signed in.")).toBeVisible();
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
});

test("the other client's hand-over delivers a working token there, and its one-time code works once", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("handover");
  await page.goto(`/auth/google?redirect=${encodeURIComponent(otherClient)}`);
  await signInAtProvider(page, { email, name: "Hand Over" });
  await page.waitForURL((url) => url.origin === otherClient && url.pathname === "/login");
  const landed = new URL(page.url());
  const data = JSON.parse(landed.searchParams.get("data")!) as { _id: string; email: string; token: string };
  expect(data).toMatchObject({ email, fullName: "Hand Over", isAdmin: false, image: "", token: expect.any(String) });
  const code = landed.searchParams.get("code")!;
  expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // The token works for the other client's API calls.
  const favorites = await page.request.get("/api/user/favorite", {
    headers: { authorization: `Bearer ${data.token}` },
  });
  expect(favorites.status()).toBe(200);

  // Marquee's own /login takes the one-time code once, in this browser, and never again.
  const handOver = `/login?data=${encodeURIComponent(landed.searchParams.get("data")!)}&code=${code}`;
  await context.clearCookies({ name: /next-auth\.session-token/ });
  await page.goto(handOver);
  await expect(page).toHaveURL(/\/$/);
  expect((await whoAmI(page.request))._id).toBe(data._id);
  await context.clearCookies({ name: /next-auth\.session-token/ });
  await page.goto(handOver);
  await expect(toast(page, "This sign-in link is invalid or has expired. Please log in.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
});
