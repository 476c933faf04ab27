import { expect, test } from "@playwright/test";
import { demoMovies } from "../prisma/seed/catalogue";

test("the home page shows the catalogue's newest movies, rendered on the server", async ({ page, request }) => {
  // Other tests add movies, so ask the API which are newest rather than assuming.
  const { movies } = (await (await request.get("/api/movie?limit=3")).json()) as { movies: { name: string }[] };
  expect(movies).toHaveLength(3);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Populate Film" })).toBeVisible();
  for (const { name } of movies) {
    await expect(page.getByRole("heading", { name, exact: true }).first()).toBeVisible();
  }
  const html = await (await request.get("/")).text();
  expect(html).toContain(movies[0]!.name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
});

test("seeded movies are in the catalogue", async ({ request }) => {
  const seeded = demoMovies[0]!;
  const { movies } = (await (await request.get(`/api/movie?search=${encodeURIComponent(seeded.name)}`)).json()) as {
    movies: { name: string }[];
  };
  expect(movies.map((m) => m.name)).toContain(seeded.name);
});
