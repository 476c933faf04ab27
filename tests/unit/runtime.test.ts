// One runtime format everywhere (issue 39, item 5): "1h 52m", "45m" under an hour, "12s" only for a
// clip under a minute; the measured length of the video when there is one, else the typed hours.
import { expect, test } from "vitest";
import { movieRuntime } from "@/lib/media/runtime";

test.each([
  // Not yet measured: the whole hours the admin typed, in the same style.
  [2, null, "2h", "PT2H"],
  [3, 0, "3h", "PT3H"],
  // Measured: hours and minutes, rounded to the minute as listings do; the exact length stays in the ISO form.
  [2, 6725, "1h 52m", "PT1H52M5S"],
  [2, 6125, "1h 42m", "PT1H42M5S"],
  [2, 6750, "1h 53m", "PT1H52M30S"],
  [1, 7200, "2h", "PT2H"],
  [1, 7199.6, "2h", "PT2H"],
  [1, 3660, "1h 1m", "PT1H1M"],
  [1, 3599, "1h", "PT59M59S"],
  [1, 2700, "45m", "PT45M"],
  [1, 600.4, "10m", "PT10M"],
  [1, 754.4, "13m", "PT12M34S"],
  [1, 60, "1m", "PT1M"],
  // Under a minute: seconds, the one case they show.
  [3, 12, "12s", "PT12S"],
  [1, 10.02, "10s", "PT10S"],
  [1, 59.4, "59s", "PT59S"],
  [1, 59.6, "1m", "PT1M"],
])("hour %s, %s s measured: %s (%s)", (hour, seconds, text, iso) => {
  expect(movieRuntime(hour, seconds)).toEqual({ text, iso });
});

test("the same film reads the same way before and after its video is measured", () => {
  const typed = movieRuntime(2, null).text;
  const measured = movieRuntime(2, 6725).text;
  expect(typed).toMatch(/^\d+h$/);
  expect(measured).toMatch(/^\d+h \d+m$/);
});
