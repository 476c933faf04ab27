// Registration limits (issue 25 item 6): sign-ups per client address, taken emails included, with
// 429 and Retry-After; the contract's 409 for a taken email is what the address sees until then.
import { afterAll, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { api } from "../support/http";
import { freshIp, uniqueEmail } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
afterAll(() => db.$disconnect());

const LIMIT = Number(process.env.REGISTER_RATE_LIMIT ?? 10);

const register = (email: string, ip: string) =>
  api("POST", "/api/user/register", {
    body: { fullName: "Limited", email, password: "secret1" },
    headers: { "x-forwarded-for": ip },
  });

test(`the ${LIMIT + 1}th sign-up from one address within the hour is 429 with Retry-After, and creates nothing`, async () => {
  const ip = freshIp();
  const taken = uniqueEmail("limit-taken");
  expect((await register(taken, ip)).status).toBe(201);
  // A taken email counts too (409, as the contract says): the address cannot probe emails in bulk.
  expect(await register(taken, ip)).toMatchObject({ status: 409, body: { message: `${taken} is already registered` } });
  for (let i = 2; i < LIMIT; i++) expect((await register(uniqueEmail("limit"), ip)).status).toBe(201);

  const refused = uniqueEmail("limit-refused");
  const response = await register(refused, ip);
  expect(response).toMatchObject({
    status: 429,
    body: { message: "Too many sign-ups from this address, please try again later" },
  });
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(60);
  expect(await db.user.count({ where: { email: refused } })).toBe(0);
  // The limit holds for a taken email as well; another address is not affected.
  expect((await register(taken, ip)).status).toBe(429);
  expect((await register(refused, freshIp())).status).toBe(201);
});

test("invalid sign-ups are refused before they count", async () => {
  const ip = freshIp();
  for (let i = 0; i < LIMIT + 2; i++)
    expect(
      (await api("POST", "/api/user/register", { body: { email: "x" }, headers: { "x-forwarded-for": ip } })).status,
    ).toBe(400);
  expect((await register(uniqueEmail("afterinvalid"), ip)).status).toBe(201);
});
