// Accounts for browser tests: fresh users a test owns, and signing a page in without the login form.
import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, MEMBER, TEST_PASSWORD, freshIp, uniqueEmail } from "../../tests/support/test-accounts";

export { ADMIN, MEMBER, freshIp, uniqueEmail };

export type Account = { _id: string; fullName: string; email: string; password: string };

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
  const headers = { "x-forwarded-for": freshIp() };
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf", { headers })).json()) as { csrfToken: string };
  const response = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, ...credentials, json: "true" },
    headers,
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
