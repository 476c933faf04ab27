// Pages rendered by the production server leave nothing in its log: no warning an operator would have
// to look into. (Next 16.3+ adds a `close` listener to the response for each stream it pipes into it,
// vercel/next.js#97757; with the server's own that passed Node's warning threshold of ten.)
import fs from "node:fs";
import { expect, test } from "vitest";
import { api, baseUrl, browserFetch } from "../support/http";

test("rendering every kind of page for a browser (streamed) logs no warning", async () => {
  const serverLog = process.env.TEST_SERVER_STDERR!;
  const logBefore = fs.statSync(serverLog).size;
  const { body } = await api("GET", "/api/movie?limit=5");
  const movies = (body as { movies: { _id: string; name: string }[] }).movies;
  const pages = [
    "/",
    "/movies",
    "/movies?page=2",
    "/movies?sort=rate",
    `/movies/${encodeURIComponent(movies[0]!.name.split(" ")[0]!)}`,
    "/about-us",
    "/login",
    "/register",
    ...movies.map((movie) => `/movie/${movie._id}`),
  ];
  for (const page of pages) {
    const response = await browserFetch(`${baseUrl}${page}`);
    expect(response.status, page).toBe(200);
    await response.text();
  }
  const written = fs.readFileSync(serverLog, "utf8").slice(logBefore);
  expect(written).not.toMatch(/Warning/);
});
