// Accounts for browser tests: fresh users a test owns, and signing a page in without the login form.
// The seeded admin and member are signed in once per run (e2e/auth.setup.ts): signIn() and apiToken()
// reuse that session and token for them, so a test that only needs "an admin" costs no password check.
// A test that changes its account (password, profile, logout, deletion) registers one of its own.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, MEMBER, TEST_PASSWORD, freshIp, uniqueEmail } from "../../tests/support/test-accounts";

export { ADMIN, MEMBER, freshIp, uniqueEmail };

export type Account = { _id: string; fullName: string; email: string; password: string };

export type SeededRole = "admin" | "member";

/** Where the setup project keeps a seeded role's browser state and API token. */
export function roleFiles(role: SeededRole): { state: string; token: string } {
  const folder = path.resolve("playwright/.auth");
  fs.mkdirSync(folder, { recursive: true });
  return { state: path.join(folder, `${role}.json`), token: path.join(folder, `${role}.token`) };
}

/** The saved role for these credentials, when they are a seeded account the setup project signed in. */
function savedRole(credentials: { email: string }): ReturnType<typeof roleFiles> | null {
  const role = credentials.email === ADMIN.email ? "admin" : credentials.email === MEMBER.email ? "member" : null;
  if (!role) return null;
  const files = roleFiles(role);
  return fs.existsSync(files.state) && fs.existsSync(files.token) ? files : null;
}

export async function registerAccount(request: APIRequestContext, label = "e2e"): Promise<Account> {
  const account = {
    fullName: `E2E ${label} ${randomUUID().slice(0, 4)}`,
    email: uniqueEmail(label),
    password: TEST_PASSWORD,
  };
  // From an address of its own: sign-ups are limited per address.
  const response = await request.post("/api/user/register", {
    data: account,
    headers: { "x-forwarded-for": freshIp() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...account, _id: ((await response.json()) as { _id: string })._id };
}

/** Opens a web session in the page's browser context through NextAuth's credentials callback. */
export async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const saved = savedRole(credentials);
  if (saved) {
    const { cookies } = JSON.parse(fs.readFileSync(saved.state, "utf8")) as {
      cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0];
    };
    await page.context().addCookies(cookies);
    return;
  }
  const headers = { "x-forwarded-for": freshIp() };
  const csrf = await page.request.get("/api/auth/csrf", { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, ...credentials, json: "true" },
    // As the login page posts it: NextAuth's routes refuse a POST from any other origin (login CSRF).
    headers: { ...headers, origin: new URL(csrf.url()).origin },
    maxRedirects: 0,
  });
  expect([200, 302]).toContain(response.status());
  const session = (await (await page.request.get("/api/auth/session")).json()) as { user?: { email?: string } };
  expect(session.user?.email).toBe(credentials.email.toLowerCase());
}

/** A bearer token for API calls made on a test's behalf (liking movies, checking results). */
export async function apiToken(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<string> {
  const saved = savedRole(credentials);
  if (saved) return fs.readFileSync(saved.token, "utf8");
  const response = await request.post("/api/user", { data: credentials, headers: { "x-forwarded-for": freshIp() } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A fresh account with the admin role, granted by the seeded admin. */
export async function registerAdmin(request: APIRequestContext, label = "admin"): Promise<Account> {
  const account = await registerAccount(request, label);
  const token = await apiToken(request, ADMIN);
  const response = await request.put(`/api/admin/users/${account._id}`, {
    data: { isAdmin: true },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return account;
}

/** A toast with this text (react-hot-toast renders each as role=status). */
export const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** The footer's My Account links: Sign In for a visitor, My List for a member (on every screen width). */
export const footerAccount = (page: Page) =>
  page.getByRole("contentinfo").getByRole("navigation", { name: "My Account" });
