import { expect, test } from "@playwright/test";
import { demoMovies } from "../prisma/seed/catalogue";

test("the home page shows seeded movies, rendered on the server", async ({ page }) => {
  // The seed creates movies oldest first, so the newest is the catalogue's last entry.
  const newest = demoMovies.slice(-3).map((m) => m.name);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Populate Film" })).toBeVisible();
  for (const name of newest) {
    await expect(page.getByRole("heading", { name, exact: true }).first()).toBeVisible();
  }
  const html = await (await page.request.get("/")).text();
  expect(html).toContain(newest[2]!.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
});
