// The accounts both test tiers use, for Vitest (tests/) and Playwright (e2e/) alike: the seeded admin
// and member, taken from the seed itself, and what makes a fresh account or client address unique.
// No test runner is imported here, so either may import it.
import { randomUUID } from "node:crypto";
import { demoUsers } from "../../prisma/seed/catalogue";

function seeded(key: string): { email: string; password: string } {
  const user = demoUsers.find((candidate) => candidate.key === key);
  if (!user) throw new Error(`The seed has no "${key}" user`);
  return { email: user.email, password: user.password };
}

export const ADMIN = seeded("admin");
export const MEMBER = seeded("member");

/** The password of the accounts tests register (the register rules' 6 to 12 characters). */
export const TEST_PASSWORD = "secret1";

/** A client address of its own, so one test's logins never meet another's rate limit. */
export const freshIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

export const uniqueEmail = (label = "user") => `${label}-${randomUUID().slice(0, 8)}@example.test`;
