import { describe, expect, test } from "vitest";
import { GOOGLE_UNAVAILABLE_MESSAGE, handOverCode, signInErrorMessage } from "@/lib/client/sign-in";
import { formatLongDate, shortId } from "@/lib/client/format";

describe("handOverCode (/login?data=&code=)", () => {
  const data = JSON.stringify({ _id: "1", isAdmin: true, token: "abc.def.ghi" });
  const code = "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg";
  test("uses only the one-time code, never the token inside data", () => {
    expect(handOverCode(data, code)).toBe(code);
  });
  test.each([
    ["a token without a code (a link anyone can make)", data, undefined],
    ["an empty code", data, ""],
    ["a code that is not one of ours", data, "<script>"],
    ["a code without data", undefined, code],
  ])("%s is refused", (_label, d, c) => {
    expect(handOverCode(d, c)).toBeNull();
  });
});

test("login page error codes read as sentences", () => {
  expect(signInErrorMessage("google-unavailable")).toBe(GOOGLE_UNAVAILABLE_MESSAGE);
  expect(signInErrorMessage("session-ended")).toBe("Your session has ended. Please sign in again.");
  expect(signInErrorMessage("AccessDenied")).toBe("Sign-in was cancelled or refused");
  expect(signInErrorMessage("OAuthCallback")).toBe("Google sign-in failed. Please try again.");
  expect(signInErrorMessage("google-denied")).toBe("Google sign-in was cancelled, so you are not signed in.");
  expect(signInErrorMessage("google-unverified")).toBe(
    "Google has not verified this email address, so it cannot sign in here. Sign in with your password instead.",
  );
});

test("category ids and dates as the admin tables show them", () => {
  expect(shortId("b7785b97-1234-4000-8000-000000000000")).toBe("B7785B97");
  expect(formatLongDate("2026-11-22T23:30:00.000Z")).toBe("November 22, 2026");
});
