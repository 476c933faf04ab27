import { describe, expect, test } from "vitest";
import { GOOGLE_UNAVAILABLE_MESSAGE, signInErrorMessage, tokenFromHandOver } from "@/lib/client/sign-in";
import { formatLongDate, shortId } from "@/lib/client/format";

describe("tokenFromHandOver (/login?data=)", () => {
  test("takes only the token of a UserInfo", () => {
    expect(tokenFromHandOver(JSON.stringify({ _id: "1", isAdmin: true, token: "abc.def.ghi" }))).toBe("abc.def.ghi");
  });
  test.each(["", "not json", "null", "42", '"token"', "[]", JSON.stringify({ isAdmin: true }), JSON.stringify({ token: "" }), JSON.stringify({ token: 7 })])("%j has none", (data) => {
    expect(tokenFromHandOver(data)).toBeNull();
  });
});

test("login page error codes read as sentences", () => {
  expect(signInErrorMessage("google-unavailable")).toBe(GOOGLE_UNAVAILABLE_MESSAGE);
  expect(signInErrorMessage("session-ended")).toBe("Your session has ended. Please sign in again.");
  expect(signInErrorMessage("AccessDenied")).toBe("Sign-in was cancelled or refused");
  expect(signInErrorMessage("OAuthCallback")).toBe("Google sign-in failed. Please try again.");
});

test("category ids and dates as the admin tables show them", () => {
  expect(shortId("b7785b97-1234-4000-8000-000000000000")).toBe("B7785B97");
  expect(formatLongDate("2026-11-22T23:30:00.000Z")).toBe("November 22, 2026");
});
