import pg from "pg";
import { describe, expect, test } from "vitest";
import { api } from "../support/http";
import { TEST_PASSWORD } from "../support/test-accounts";
import { ADMIN, adminToken, freshIp, freshUser, login, memberToken, uniqueEmail } from "../support/users";

/** A fresh user raised to admin by the seeded admin, so a test can act as a second admin. */
async function freshAdmin(label: string) {
  const user = await freshUser(label);
  expect(
    (await api("PUT", `/api/admin/users/${user._id}`, { token: await adminToken(), body: { isAdmin: true } })).status,
  ).toBe(200);
  return user;
}

const seededAdminId = async () =>
  (await api("POST", "/api/user", { body: ADMIN, headers: { "x-forwarded-for": freshIp() } })).body._id as string;

describe("admin users: who may call", () => {
  test.each([
    ["GET", "/api/admin/users"],
    ["PUT", "/api/admin/users/00000000-0000-4000-8000-000000000000"],
    ["DELETE", "/api/admin/users/00000000-0000-4000-8000-000000000000"],
  ])("%s %s: 401 without credentials, 403 for a member", async (method, path) => {
    const body = method === "PUT" ? { isAdmin: true } : undefined;
    expect(await api(method, path, { body })).toMatchObject({
      status: 401,
      body: { message: "Not authorized, no token" },
    });
    expect(await api(method, path, { body, token: "not-a-token" })).toMatchObject({
      status: 401,
      body: { message: "Not authorized, token failed" },
    });
    expect(await api(method, path, { body, token: await memberToken() })).toMatchObject({
      status: 403,
      body: { message: "Not authorized as an admin" },
    });
  });
});

describe("GET /api/admin/users", () => {
  test("lists accounts newest first, paginated, without secrets", async () => {
    const user = await freshUser("listed");
    const response = await api("GET", "/api/admin/users?limit=5", { token: await adminToken() });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      usersCount: expect.any(Number),
      totalPage: expect.any(Number),
      currentPage: 1,
    });
    expect(response.body.users.length).toBeLessThanOrEqual(5);
    const all = await api("GET", "/api/admin/users?limit=100", { token: await adminToken() });
    const listed = all.body.users.find((u: { _id: string }) => u._id === user._id);
    expect(listed).toEqual({
      _id: user._id,
      fullName: user.fullName,
      email: user.email,
      image: "",
      isAdmin: false,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(all.body)).not.toContain("passwordHash");
    const times = all.body.users.map((u: { createdAt: string }) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test.each(["page=0", "page=x", "limit=101", "limit=-1"])("?%s is 400", async (query) => {
    expect((await api("GET", `/api/admin/users?${query}`, { token: await adminToken() })).status).toBe(400);
  });

  test("a page past the end is an empty list", async () => {
    const response = await api("GET", "/api/admin/users?page=100000", { token: await adminToken() });
    expect(response).toMatchObject({ status: 200, body: { users: [], currentPage: 100000 } });
  });
});

describe("PUT /api/admin/users/{id}", () => {
  test("grants and revokes the admin role; the user's own token follows at once", async () => {
    const user = await freshUser("promoted");
    expect((await api("GET", "/api/admin/users", { token: user.token })).status).toBe(403);
    const granted = await api("PUT", `/api/admin/users/${user._id}`, {
      token: await adminToken(),
      body: { isAdmin: true },
    });
    expect(granted).toMatchObject({ status: 200, body: { _id: user._id, isAdmin: true } });
    expect((await api("GET", "/api/admin/users", { token: user.token })).status).toBe(200);
    const revoked = await api("PUT", `/api/admin/users/${user._id}`, {
      token: await adminToken(),
      body: { isAdmin: false },
    });
    expect(revoked).toMatchObject({ status: 200, body: { _id: user._id, isAdmin: false } });
    expect((await api("GET", "/api/admin/users", { token: user.token })).status).toBe(403);
  });

  test("never on oneself: 400", async () => {
    const admin = await freshAdmin("self-demote");
    const response = await api("PUT", `/api/admin/users/${admin._id}`, {
      token: admin.token,
      body: { isAdmin: false },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { message: "You cannot change or delete your own account here" },
    });
    expect((await api("GET", "/api/admin/users", { token: admin.token })).status).toBe(200);
  });

  test("another admin can be demoted; a demoted admin can no longer act", async () => {
    const first = await freshAdmin("first");
    const second = await freshAdmin("second");
    expect(
      (await api("PUT", `/api/admin/users/${second._id}`, { token: first.token, body: { isAdmin: false } })).status,
    ).toBe(200);
    expect(
      (await api("PUT", `/api/admin/users/${first._id}`, { token: second.token, body: { isAdmin: false } })).status,
    ).toBe(403);
  });

  test.each([
    [{}, "isAdmin is required"],
    [{ isAdmin: "yes" }, "isAdmin must be true or false"],
  ])("%j is 400: %s", async (body, message) => {
    const user = await freshUser("badrole");
    expect(await api("PUT", `/api/admin/users/${user._id}`, { token: await adminToken(), body })).toMatchObject({
      status: 400,
      body: { message },
    });
  });

  test("unknown and malformed ids are 404", async () => {
    const token = await adminToken();
    expect(
      await api("PUT", "/api/admin/users/00000000-0000-4000-8000-000000000000", { token, body: { isAdmin: true } }),
    ).toMatchObject({ status: 404, body: { message: "User not found" } });
    expect(await api("PUT", "/api/admin/users/nope", { token, body: { isAdmin: true } })).toMatchObject({
      status: 404,
      body: { message: "User not found" },
    });
  });
});

describe("DELETE /api/admin/users/{id}", () => {
  test("deletes the account: its token stops working, its login fails, it leaves the list", async () => {
    const user = await freshUser("removed");
    const response = await api("DELETE", `/api/admin/users/${user._id}`, { token: await adminToken() });
    expect(response).toMatchObject({ status: 200, body: { message: "User deleted successfully" } });
    expect((await api("GET", "/api/user/favorite", { token: user.token })).status).toBe(401);
    const again = await api("POST", "/api/user", {
      body: { email: user.email, password: user.password },
      headers: { "x-forwarded-for": "10.251.0.1" },
    });
    expect(again.status).toBe(400);
    expect(await api("DELETE", `/api/admin/users/${user._id}`, { token: await adminToken() })).toMatchObject({
      status: 404,
      body: { message: "User not found" },
    });
  });

  test("never oneself: 400, and the account stays", async () => {
    const admin = await freshAdmin("self-delete");
    expect(await api("DELETE", `/api/admin/users/${admin._id}`, { token: admin.token })).toMatchObject({
      status: 400,
      body: { message: "You cannot change or delete your own account here" },
    });
    expect((await login(admin)).length).toBeGreaterThan(0);
  });

  test("an admin may delete another admin", async () => {
    const other = await freshAdmin("deleted-admin");
    expect((await api("DELETE", `/api/admin/users/${other._id}`, { token: await adminToken() })).status).toBe(200);
  });

  test("the seeded admin cannot be deleted by itself here", async () => {
    const id = await seededAdminId();
    expect((await api("DELETE", `/api/admin/users/${id}`, { token: await adminToken() })).status).toBe(400);
  });
});

describe("GET /api/admin/users: search, role, sort", () => {
  const page = async (query: string) => {
    const response = await api("GET", `/api/admin/users?${query}`, { token: await adminToken() });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { users: { _id: string; email: string; isAdmin: boolean }[]; usersCount: number };
  };

  test("searches the name or the email, any case, with no wildcards", async () => {
    const label = `find${Date.now().toString(36)}`;
    const first = await freshUser(label);
    const second = await freshUser(label);
    const byEmail = await page(`search=${label.toUpperCase()}`);
    expect(byEmail.users.map((u) => u._id).sort()).toEqual([first._id, second._id].sort());
    expect(byEmail.usersCount).toBe(2);
    expect(
      (await page(`search=${encodeURIComponent(first.fullName.toLowerCase())}`)).usersCount,
    ).toBeGreaterThanOrEqual(2);
    // % and _ are letters here, not LIKE wildcards.
    expect((await page("search=%25")).usersCount).toBe(0);
    expect((await page("search=_")).usersCount).toBe(0);
  });

  test("finds a name holding %, _ and \\ by those very characters, and nothing else by them", async () => {
    const label = `odd${Date.now().toString(36)}`;
    const fullName = `Ann 50%_off\\ ${label}`;
    const registered = await api("POST", "/api/user/register", {
      body: { fullName, email: uniqueEmail(label), password: TEST_PASSWORD },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const found = await page(`search=${encodeURIComponent(`50%_OFF\\ ${label}`)}`);
    expect(found.users.map((u) => u._id)).toEqual([registered.body._id]);
    expect((await page(`search=${encodeURIComponent("50%x")}`)).usersCount).toBe(0);
    expect((await page(`search=${encodeURIComponent("50__off")}`)).usersCount).toBe(0);
    expect((await page(`search=${encodeURIComponent(`off\\\\`)}`)).usersCount).toBe(0);
  });

  test("counts every account, the admins and the others as the database holds them", async () => {
    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      const counted = async () =>
        (
          await db.query<{ all: number; admin: number; user: number }>(
            `SELECT count(*)::int AS "all", (count(*) FILTER (WHERE "isAdmin"))::int AS "admin",
                    (count(*) FILTER (WHERE NOT "isAdmin"))::int AS "user" FROM "User"`,
          )
        ).rows[0]!;
      // Other files register accounts meanwhile: a figure counts when the table held still around it.
      for (const role of ["", "admin", "user"] as const) {
        for (let attempt = 0; ; attempt++) {
          const before = await counted();
          const answered = (await page(`limit=1${role ? `&role=${role}` : ""}`)).usersCount;
          const after = await counted();
          if (JSON.stringify(before) !== JSON.stringify(after) && attempt < 10) continue;
          expect(answered).toBe(before[role || "all"]);
          break;
        }
      }
    } finally {
      await db.end();
    }
  });

  test("filters admins or users, and sorts by joined date both ways", async () => {
    const label = `role${Date.now().toString(36)}`;
    const member = await freshUser(label);
    const admin = await freshAdmin(label);
    expect((await page(`search=${label}&role=admin`)).users.map((u) => u._id)).toEqual([admin._id]);
    expect((await page(`search=${label}&role=user`)).users.map((u) => u._id)).toEqual([member._id]);
    expect((await page(`search=${label}&sort=joined&order=asc`)).users.map((u) => u._id)).toEqual([
      member._id,
      admin._id,
    ]);
    expect((await page(`search=${label}&sort=joined&order=desc`)).users.map((u) => u._id)).toEqual([
      admin._id,
      member._id,
    ]);
    expect((await api("GET", "/api/admin/users?role=owner", { token: await adminToken() })).body).toMatchObject({
      message: "role must be one of admin, user",
    });
  });
});

describe("POST /api/admin/users/bulk", () => {
  test("deletes the selected accounts, never the caller's own", async () => {
    const admin = await freshAdmin("bulk-actor");
    const one = await freshUser("bulk-one");
    const two = await freshUser("bulk-two");
    const response = await api("POST", "/api/admin/users/bulk", {
      token: admin.token,
      body: { action: "delete", ids: [one._id, admin._id, two._id] },
    });
    expect(response).toMatchObject({
      status: 200,
      body: {
        message: "2 users deleted",
        failed: [{ _id: admin._id, email: admin.email, message: "You cannot change or delete your own account here" }],
      },
    });
    expect(response.body.done.sort()).toEqual([one._id, two._id].sort());
    expect((await api("GET", "/api/user/favorite", { token: one.token })).status).toBe(401);
    expect((await api("GET", "/api/admin/users", { token: admin.token })).status).toBe(200);
  });

  test("refuses a member and a malformed body", async () => {
    const user = await freshUser("bulk-member");
    expect(
      (
        await api("POST", "/api/admin/users/bulk", {
          token: await memberToken(),
          body: { action: "delete", ids: [user._id] },
        })
      ).status,
    ).toBe(403);
    expect(
      await api("POST", "/api/admin/users/bulk", { token: await adminToken(), body: { action: "delete", ids: [] } }),
    ).toMatchObject({ status: 400, body: { message: "Select at least one user" } });
    expect(
      await api("POST", "/api/admin/users/bulk", {
        token: await adminToken(),
        body: { action: "ban", ids: [user._id] },
      }),
    ).toMatchObject({ status: 400, body: { message: "action must be delete" } });
  });
});
