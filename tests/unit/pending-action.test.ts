// The like or My List a visitor asked for before signing in (lib/client/pending-action.ts): kept in the
// tab's sessionStorage, taken once, and only while fresh and well formed.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { rememberPendingAction, takePendingAction } from "@/lib/client/pending-action";
import { withCallback } from "@/lib/client/sign-in";

const KEY = "marquee.pendingAction";
const movieId = "3eb1b10e-32a5-5247-b61a-76650eedc04d";
let stored: Map<string, string>;

beforeEach(() => {
  stored = new Map();
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

test("a remembered action is taken once", () => {
  rememberPendingAction("favorite", movieId);
  expect(takePendingAction()).toMatchObject({ kind: "favorite", movieId });
  expect(takePendingAction()).toBeNull();
  expect(stored.has(KEY)).toBe(false);
});

test("an action older than 30 minutes is dropped, not done", () => {
  vi.useFakeTimers({ now: new Date("2026-11-28T04:00:00Z") });
  rememberPendingAction("my-list", movieId);
  vi.setSystemTime(new Date("2026-11-28T04:29:59Z"));
  expect(takePendingAction()).toMatchObject({ kind: "my-list", movieId });
  rememberPendingAction("my-list", movieId);
  vi.setSystemTime(new Date("2026-11-28T05:00:00Z"));
  expect(takePendingAction()).toBeNull();
  expect(stored.has(KEY)).toBe(false);
});

test.each([
  ["not JSON", "favorite:abc"],
  ["an unknown kind", JSON.stringify({ kind: "delete-account", movieId, at: Date.now() })],
  ["no movie", JSON.stringify({ kind: "favorite", at: Date.now() })],
  ["no time", JSON.stringify({ kind: "favorite", movieId })],
])("a stored value with %s is dropped", (_label, value) => {
  stored.set(KEY, value);
  expect(takePendingAction()).toBeNull();
  expect(stored.has(KEY)).toBe(false);
});

test("login and sign-up link to each other keeping the page to come back to", () => {
  expect(withCallback("/register", "/movie/1?x=1")).toBe("/register?callbackUrl=%2Fmovie%2F1%3Fx%3D1");
  expect(withCallback("/login", undefined)).toBe("/login");
});
