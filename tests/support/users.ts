// Accounts for API tests: the seeded admin and member, and fresh users that a test owns.
import { expect } from "vitest";
import { api } from "./http";
import { ADMIN, MEMBER, TEST_PASSWORD, freshIp, uniqueEmail } from "./test-accounts";

export { ADMIN, MEMBER, freshIp, uniqueEmail };

export async function login(credentials: { email: string; password: string }): Promise<string> {
  const response = await api<{ token: string }>("POST", "/api/user", {
    body: credentials,
    headers: { "x-forwarded-for": freshIp() },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token;
}

const tokens = new Map<string, Promise<string>>();
export const adminToken = () => tokens.get("admin") ?? tokens.set("admin", login(ADMIN)).get("admin")!;
export const memberToken = () => tokens.get("member") ?? tokens.set("member", login(MEMBER)).get("member")!;

export type TestUser = { _id: string; email: string; password: string; fullName: string; token: string };

/** Registers and logs in a new user that only the calling test uses (from an address of its own: sign-ups are limited per address). */
export async function freshUser(label = "user"): Promise<TestUser> {
  const account = { fullName: `Test ${label}`, email: uniqueEmail(label), password: TEST_PASSWORD };
  const registered = await api("POST", "/api/user/register", {
    body: account,
    headers: { "x-forwarded-for": freshIp() },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  return { ...account, _id: registered.body._id, token: await login(account) };
}
