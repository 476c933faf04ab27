// Google sign-in without Google: the test server has no GOOGLE_CLIENT_ID, and its CORS_ORIGINS is
// http://spa.example.test. What can be checked is the redirect allowlist and the unconfigured answer.
import { describe, expect, test } from "vitest";
import { api, baseUrl } from "../support/http";

describe("/auth/google and /auth/google/callback", () => {
  test.each(["/auth/google", "/auth/google/callback"])(
    "%s without Google configured sends the browser to /login with an explanation",
    async (path) => {
      const response = await api("GET", path);
      expect(response.status).toBe(302);
      expect(
        new URL(response.headers.get("location")!).pathname + new URL(response.headers.get("location")!).search,
      ).toBe("/login?error=google-unavailable");
    },
  );

  test.each(["/auth/google", "/auth/google/callback"])(
    "%s with an allowed redirect origin is accepted",
    async (path) => {
      const response = await api("GET", `${path}?redirect=${encodeURIComponent("http://spa.example.test")}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${baseUrl}/login?error=google-unavailable`);
    },
  );

  test.each([
    ["another origin", "https://evil.example"],
    ["a look-alike host", "http://spa.example.test.evil.example"],
    ["not a URL", "javascript:alert(1)"],
  ])("%s as redirect is refused with 400, before anything else", async (_label, redirect) => {
    for (const path of ["/auth/google", "/auth/google/callback"]) {
      const response = await api("GET", `${path}?redirect=${encodeURIComponent(redirect)}`);
      expect(response).toMatchObject({ status: 400, body: { message: "redirect must be one of the allowed origins" } });
    }
  });

  test("NextAuth lists no google provider when it is not configured", async () => {
    const providers = await api("GET", "/api/auth/providers");
    expect(providers.status).toBe(200);
    expect(Object.keys(providers.body).sort()).toEqual(["credentials", "handover", "token"]);
  });
});
