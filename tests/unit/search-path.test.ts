// The header's search box shows the term of a /movies/{term} path, and never one no search takes
// (issue 24 item 10: /movies/a%00b put a raw NUL into the box).
import { describe, expect, test } from "vitest";
import { searchHref, searchTermFromPath } from "@/lib/client/search";

describe("searchTermFromPath", () => {
  test.each([
    ["/movies/cr%C3%A8me%20br%C3%BBl%C3%A9e", "crème brûlée"],
    ["/movies/100%25", "100%"],
    ["/movies/a%00b", ""],
    ["/movies/%1B%5B31mred", ""],
    ["/movies", ""],
    ["/movie/abc", ""],
    ["/movies/a/b", ""],
  ])("%s shows %j", (path, term) => {
    expect(searchTermFromPath(path)).toBe(term);
  });

  test("a term goes into the path and comes back out the same", () => {
    expect(searchTermFromPath(searchHref(" Zoë & co "))).toBe("Zoë & co");
  });
});
