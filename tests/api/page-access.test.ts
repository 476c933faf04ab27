// proxy.ts's optimistic redirects (issue 13), from the session cookie alone, against the built app.
import { describe, expect, test } from "vitest";
import { baseUrl } from "../support/http";
import { sessionCookie } from "../support/session";
import { ADMIN, MEMBER } from "../support/users";

async function open(path: string, cookie?: string) {
  const response = await fetch(`${baseUrl}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const location = response.headers.get("location");
  const to = location ? new URL(location, baseUrl) : null;
  return { status: response.status, to: to && `${to.pathname}${to.search}`, text: () => response.text() };
}

describe("signed out", () => {
  test.each([
    ["/profile", "/login?callbackUrl=%2Fprofile"],
    ["/password", "/login?callbackUrl=%2Fpassword"],
    ["/favorite", "/login?callbackUrl=%2Ffavorite"],
    ["/my-list", "/login?callbackUrl=%2Fmy-list"],
    ["/history", "/login?callbackUrl=%2Fhistory"],
    ["/admin", "/login?callbackUrl=%2Fadmin"],
    ["/admin/users?page=2", "/login?callbackUrl=%2Fadmin%2Fusers%3Fpage%3D2"],
  ])("%s goes to %s", async (path, to) => {
    expect(await open(path)).toMatchObject({ status: 307, to });
  });

  test("a forged or tampered cookie counts as signed out", async () => {
    expect(await open("/profile", "next-auth.session-token=forged.jwe.value")).toMatchObject({
      status: 307,
      to: "/login?callbackUrl=%2Fprofile",
    });
  });

  test("/login and public pages render", async () => {
    for (const path of ["/login", "/register", "/", "/movies"]) expect((await open(path)).status, path).toBe(200);
  });
});

describe("signed in as a member", () => {
  const cookie = sessionCookie(MEMBER);

  test.each(["/login", "/register", "/login?callbackUrl=%2Ffavorite"])("%s goes to /profile", async (path) => {
    expect(await open(path, await cookie)).toMatchObject({ status: 307, to: "/profile" });
  });

  test.each(["/admin", "/admin/users", "/admin/anything/else"])("%s is the 404 page", async (path) => {
    const response = await open(path, await cookie);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found");
  });

  test("account pages render", async () => {
    for (const path of ["/profile", "/password", "/favorite", "/my-list", "/history"])
      expect((await open(path, await cookie)).status, path).toBe(200);
  });
});

describe("signed in as an admin", () => {
  test("admin pages render", async () => {
    const cookie = await sessionCookie(ADMIN);
    for (const path of ["/admin/statistics", "/admin/users", "/profile"])
      expect((await open(path, cookie)).status, path).toBe(200);
  });
});
