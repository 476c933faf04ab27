import { describe, expect, test } from "vitest";
import { api } from "../support/http";
import { createTestCategory, createTestMovie, uniqueName } from "../support/catalogue";
import { adminToken, freshUser, memberToken } from "../support/users";

const MISSING = "00000000-0000-4000-8000-000000000000";

describe("GET /api/category", () => {
  test("lists every category by name with the Category shape", async () => {
    const response = await api("GET", "/api/category");
    expect(response.status).toBe(200);
    const names = response.body.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect(names).toEqual(expect.arrayContaining(["Action", "Drama", "Sci-Fi"]));
    expect(response.body[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  test("GET /api/category/{id}: the category, 404 for an unknown or malformed id", async () => {
    const category = await createTestCategory();
    expect(await api("GET", `/api/category/${category._id}`)).toMatchObject({ status: 200, body: category });
    for (const id of [MISSING, "not-a-uuid", "1"]) {
      expect(await api("GET", `/api/category/${id}`)).toMatchObject({
        status: 404,
        body: { message: "Category not found" },
      });
    }
  });
});

describe("category administration", () => {
  test("create: 201, the name trimmed", async () => {
    const name = uniqueName("Noir");
    const response = await api("POST", "/api/category", { token: await adminToken(), body: { name: `  ${name}  ` } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      _id: expect.any(String),
      name,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  test("a duplicate name in any case is 409", async () => {
    const category = await createTestCategory();
    const response = await api("POST", "/api/category", {
      token: await adminToken(),
      body: { name: category.name.toUpperCase() },
    });
    expect(response).toMatchObject({
      status: 409,
      body: { message: `Category "${category.name.toUpperCase()}" already exists` },
    });
    const other = await createTestCategory();
    const rename = await api("PUT", `/api/category/${other._id}`, {
      token: await adminToken(),
      body: { name: category.name },
    });
    expect(rename.status).toBe(409);
  });

  test.each([
    [{}, "Title Category is required"],
    [{ name: "   " }, "Title Category is required"],
    [{ name: 7 }, "name must be a string"],
    [{ name: "x".repeat(101) }, "Title Category must be at most 100 characters"],
  ])("create %j is 400 %s", async (body, message) => {
    expect(await api("POST", "/api/category", { token: await adminToken(), body })).toMatchObject({
      status: 400,
      body: { message, errors: { name: [message] } },
    });
  });

  test("update: 200 with the new name; 404 for an unknown id", async () => {
    const category = await createTestCategory();
    const name = uniqueName("Renamed");
    const response = await api("PUT", `/api/category/${category._id}`, { token: await adminToken(), body: { name } });
    expect(response).toMatchObject({ status: 200, body: { _id: category._id, name } });
    expect((await api("GET", `/api/category/${category._id}`)).body.name).toBe(name);
    expect(
      await api("PUT", `/api/category/${MISSING}`, { token: await adminToken(), body: { name: uniqueName("x") } }),
    ).toMatchObject({ status: 404, body: { message: "Category not found" } });
    expect(
      await api("PUT", `/api/category/bad-id`, { token: await adminToken(), body: { name: uniqueName("x") } }),
    ).toMatchObject({ status: 404 });
  });

  test("delete: an unused category goes", async () => {
    const category = await createTestCategory();
    expect(await api("DELETE", `/api/category/${category._id}`, { token: await adminToken() })).toMatchObject({
      status: 200,
      body: { message: "Delete category successfully" },
    });
    expect((await api("GET", `/api/category/${category._id}`)).status).toBe(404);
    expect((await api("DELETE", `/api/category/${category._id}`, { token: await adminToken() })).status).toBe(404);
  });

  test("delete: a category in use is 409 saying how many movies, and stays", async () => {
    const category = await createTestCategory();
    await createTestMovie({}, category._id);
    await createTestMovie({}, category._id);
    const response = await api("DELETE", `/api/category/${category._id}`, { token: await adminToken() });
    expect(response).toMatchObject({
      status: 409,
      body: { message: "This category is used by 2 movies: move or delete them first" },
    });
    expect((await api("GET", `/api/category/${category._id}`)).status).toBe(200);
  });

  test("anonymous is 401 and a member 403 on every write; nothing changes", async () => {
    const category = await createTestCategory();
    const member = await memberToken();
    const writes: [string, string, unknown][] = [
      ["POST", "/api/category", { name: uniqueName("Nope") }],
      ["PUT", `/api/category/${category._id}`, { name: uniqueName("Nope") }],
      ["DELETE", `/api/category/${category._id}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      expect(await api(method, path, { body })).toMatchObject({
        status: 401,
        body: { message: "Not authorized, no token" },
      });
      expect(await api(method, path, { body, token: member })).toMatchObject({
        status: 403,
        body: { message: "Not authorized as an admin" },
      });
      expect(await api(method, path, { body, token: "garbage" })).toMatchObject({
        status: 401,
        body: { message: "Not authorized, token failed" },
      });
    }
    expect((await api("GET", `/api/category/${category._id}`)).body).toEqual(category);
    const fresh = await freshUser("catwriter");
    expect(
      (await api("POST", "/api/category", { token: fresh.token, body: { name: uniqueName("Nope") } })).status,
    ).toBe(403);
  });
});

describe("GET /api/admin/categories", () => {
  test("every category by name with how many movies use it, drafts included; admins only", async () => {
    const used = await createTestCategory(uniqueName("Aaa Used"));
    const empty = await createTestCategory(uniqueName("Aaa Empty"));
    await createTestMovie({}, used._id);
    const draft = await createTestMovie({}, used._id);
    expect(
      (await api("PUT", `/api/movie/${draft._id}`, { token: await adminToken(), body: { draft: true } })).status,
    ).toBe(200);

    const response = await api("GET", "/api/admin/categories", { token: await adminToken() });
    expect(response.status).toBe(200);
    const names = response.body.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" })));
    const byId = new Map(response.body.map((c: { _id: string }) => [c._id, c]));
    expect(byId.get(used._id)).toEqual({
      _id: used._id,
      name: used.name,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      moviesCount: 2,
    });
    expect(byId.get(empty._id)).toMatchObject({ name: empty.name, moviesCount: 0 });

    expect((await api("GET", "/api/admin/categories")).status).toBe(401);
    expect(await api("GET", "/api/admin/categories", { token: await memberToken() })).toMatchObject({
      status: 403,
      body: { message: "Not authorized as an admin" },
    });
  });
});
