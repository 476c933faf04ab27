// What a phone paints first: the header, search box included, is in the page's first HTML, not in a
// part streamed in later (`<div hidden id="S:…">`, revealed by a script). A box that arrives later
// moves the whole page down as it appears: a layout shift Lighthouse counts (docs/performance.md).
import { expect, test } from "vitest";
import { api, baseUrl, browserFetch } from "../support/http";

test.each(["/", "/movies", "/about-us", "/movie/{id}"])(
  "%s has its header search box in the first HTML, before anything streamed in later",
  async (page) => {
    const newest = (await api("GET", "/api/movie?limit=1")).body.movies[0] as { _id: string };
    const response = await browserFetch(`${baseUrl}${page.replace("{id}", newest._id)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const searchBox = html.indexOf('<form role="search"');
    expect(searchBox).toBeGreaterThan(0);
    const firstStreamed = html.search(/<div hidden id="S:/);
    if (firstStreamed >= 0) expect(searchBox).toBeLessThan(firstStreamed);
  },
);
