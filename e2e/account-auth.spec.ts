import { createHash, randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { ADMIN, MEMBER, apiToken, freshIp, registerAccount, signIn, toast, uniqueEmail } from "./support/accounts";

test.describe("register and login forms", () => {
  test("register signs the new member in and lands home", async ({ page }) => {
    const account = { fullName: "Rosa Register", email: uniqueEmail("register"), password: "secret1" };
    // An address of its own: sign-ups and logins are limited per address.
    await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
    await page.goto("/register");
    await page.getByLabel("Full Name").fill(account.fullName);
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(toast(page, "Register successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // The header is the site's; the profile page proves the session is the new user's.
    await page.goto("/profile");
    await expect(page.getByLabel("Full Name")).toHaveValue(account.fullName);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);
  });

  test("a wrong password is toasted and what was typed stays, so a second try needs no retyping", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
    const account = await registerAccount(page.request, "wrongpw");
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Password").fill("wrong-pw");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(toast(page, "Email or password is invalid")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);
    await expect(page.getByLabel("Password")).toHaveValue("wrong-pw");
    await expect(page).toHaveURL(/\/login$/);
    // Submitting again asks the server again rather than saying the password is missing.
    const secondTry = page.waitForRequest(
      (request) => request.method() === "POST" && request.url().includes("/api/auth/callback/credentials"),
    );
    await page.getByRole("button", { name: "Submit" }).click();
    await secondTry;
    await expect(page.getByText("Password is required")).toHaveCount(0);
  });

  test("login validation messages come from the shared schema", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Email is not valid")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await page.getByLabel("Password").fill("1234567890123");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Password must be at most 12 characters")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/register");
  });

  test("register validation messages, and a taken email toasts the server's text", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
    await page.goto("/register");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();

    const taken = await registerAccount(page.request, "taken");
    await page.getByLabel("Full Name").fill("Someone Else");
    await page.getByLabel("Email", { exact: true }).fill(taken.email);
    await page.getByLabel("Password").fill("secret1");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(toast(page, `${taken.email} is already registered`)).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    // Nothing typed is lost: the password too stays for the next try.
    await expect(page.getByLabel("Full Name")).toHaveValue("Someone Else");
    await expect(page.getByLabel("Password")).toHaveValue("secret1");
  });
});

test.describe("/login?data= hand-over", () => {
  /** What the Google callback does for a browser holding `state` (lib/auth/hand-over.ts): a one-time code row. */
  async function issueCode(userId: string, state: string): Promise<string> {
    const code = randomBytes(32).toString("base64url");
    const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO "HandOverCode" ("codeHash", "stateHash", "userId", "expiresAt") VALUES ($1, $2, $3, now() + interval '60 seconds')`,
        [sha256(code), sha256(state), userId],
      );
    } finally {
      await client.end();
    }
    return code;
  }

  test("the code of a Google sign-in this browser started opens the session", async ({ page, context, baseURL }) => {
    const account = await registerAccount(page.request, "handover");
    const token = await apiToken(page.request, account);
    const state = randomBytes(32).toString("base64url");
    await context.addCookies([{ name: "marquee-google-state", value: state, url: baseURL! }]);
    const data = JSON.stringify({
      _id: account._id,
      fullName: account.fullName,
      email: account.email,
      image: "",
      isAdmin: true,
      token,
    });
    await page.goto(`/login?data=${encodeURIComponent(data)}&code=${await issueCode(account._id, state)}`);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/profile");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);
    // isAdmin in the URL is never believed.
    const admin = await page.goto("/admin/statistics");
    expect(admin?.status()).toBe(404);
  });

  test("a valid token without this browser's code is refused (login CSRF)", async ({ page }) => {
    const account = await registerAccount(page.request, "csrf");
    const token = await apiToken(page.request, account);
    const data = JSON.stringify({
      _id: account._id,
      fullName: account.fullName,
      email: account.email,
      image: "",
      isAdmin: false,
      token,
    });
    const someoneElsesCode = await issueCode(account._id, "the-attackers-browser");
    for (const url of [
      `/login?data=${encodeURIComponent(data)}`,
      `/login?data=${encodeURIComponent(data)}&code=${someoneElsesCode}`,
    ]) {
      await page.goto(url);
      await expect(toast(page, "This sign-in link is invalid or has expired. Please log in.")).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      const session = (await (await page.request.get("/api/auth/session")).json()) as { user?: unknown };
      expect(session.user).toBeUndefined();
    }
  });

  test("anything else is ignored with an error toast", async ({ page }) => {
    for (const data of [
      "not json",
      JSON.stringify({ email: "x@y.z", isAdmin: true }),
      JSON.stringify({ token: "forged.token.value" }),
    ]) {
      await page.goto(`/login?data=${encodeURIComponent(data)}`);
      await expect(toast(page, "This sign-in link is invalid or has expired. Please log in.")).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      const session = (await (await page.request.get("/api/auth/session")).json()) as { user?: unknown };
      expect(session.user).toBeUndefined();
    }
  });
});

test.describe("who may open which page", () => {
  test("signed out: account and admin pages go to /login, which will send them back", async ({ page }) => {
    for (const path of ["/profile", "/password", "/favorite", "/admin/list", "/admin/statistics", "/admin/xyz"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`/login?callbackUrl=${encodeURIComponent(path)}`);
    }
  });

  test("signed in: /login and /register go to /profile; a member sees 404 on admin pages", async ({ page }) => {
    await signIn(page, await registerAccount(page.request, "member"));
    for (const path of ["/login", "/register"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/profile$/);
    }
    for (const path of ["/admin/list", "/admin/users", "/admin/xyz"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
    }
  });

  test("the seeded member is not an admin either", async ({ page }) => {
    await signIn(page, MEMBER);
    expect((await page.goto("/admin/add"))?.status()).toBe(404);
  });

  test("an admin: unknown admin paths show Statistics", async ({ page }) => {
    // Three visits of the statistics page, which now draws its charts from the whole catalogue's
    // history: more than 30 s on a loaded 2-core runner.
    test.slow();
    await signIn(page, ADMIN);
    for (const path of ["/admin/xyz", "/admin", "/admin/a/b"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin\/statistics$/);
    }
    await expect(page.getByRole("heading", { name: "Recent Movies" })).toBeVisible();
  });

  test("the seeded admin signs in through the form", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/admin/statistics");
    await expect(page.getByText("Total Movies")).toBeVisible();
  });
});
