// Accounts for browser tests: fresh users a test owns, and signing a page in without the login form.
import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@marquee.local", password: "admin123" };
export const MEMBER = { email: "member@marquee.local", password: "member123" };

export type Account = { _id: string; fullName: string; email: string; password: string };

/** A client address of its own, so one test's logins never meet another's rate limit. */
export const freshIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;

export async function registerAccount(request: APIRequestContext, label = "e2e"): Promise<Account> {
  const account = { fullName: `E2E ${label} ${randomUUID().slice(0, 4)}`, email: uniqueEmail(label), password: "secret1" };
  const response = await request.post("/api/user/register", { data: account });
  expect(response.status(), await response.text()).toBe(201);
  return { ...account, _id: ((await response.json()) as { _id: string })._id };
}

/** Opens a web session in the page's browser context through NextAuth's credentials callback. */
export async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const headers = { "x-forwarded-for": freshIp() };
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf", { headers })).json()) as { csrfToken: string };
  const response = await page.request.post("/api/auth/callback/credentials", { form: { csrfToken, ...credentials, json: "true" }, headers, maxRedirects: 0 });
  expect([200, 302]).toContain(response.status());
  const session = (await (await page.request.get("/api/auth/session")).json()) as { user?: { email?: string } };
  expect(session.user?.email).toBe(credentials.email.toLowerCase());
}

/** A bearer token for API calls made on a test's behalf (liking movies, checking results). */
export async function apiToken(request: APIRequestContext, credentials: { email: string; password: string }): Promise<string> {
  const response = await request.post("/api/user", { data: credentials, headers: { "x-forwarded-for": freshIp() } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A fresh account with the admin role, granted by the seeded admin. */
export async function registerAdmin(request: APIRequestContext, label = "admin"): Promise<Account> {
  const account = await registerAccount(request, label);
  const token = await apiToken(request, ADMIN);
  const response = await request.put(`/api/admin/users/${account._id}`, { data: { isAdmin: true }, headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return account;
}

/** A toast with this text (react-hot-toast renders each as role=status). */
export const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
