// The movie page's runtime: the probed length once known, else the hours the admin typed.
import { expect, test } from "vitest";
import { movieRuntime } from "@/lib/media/runtime";

test.each([
  [2, null, "2 Hr", "PT2H"],
  [2, 6125, "1 Hr 42 Min", "PT1H42M5S"],
  [1, 7200, "2 Hr", "PT2H"],
  [1, 600.4, "10 Min", "PT10M"],
  [1, 10.02, "10 Sec", "PT10S"],
  [1, 3660, "1 Hr 1 Min", "PT1H1M"],
])("hour %s, %s s probed: %s (%s)", (hour, seconds, text, iso) => {
  expect(movieRuntime(hour, seconds)).toEqual({ text, iso });
});
