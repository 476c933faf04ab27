// Download my data (docs/api.md "Download my data"), on desktop and phone: the file holds what the
// account pages show. Apart from e2e/account-area.spec.ts, whose other rules the desktop runs alone.
import fs from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { apiToken, registerAccount, signIn } from "./support/accounts";

test("download my data saves a versioned JSON file of everything the account pages show, My List and settings included", async ({
  page,
}) => {
  test.slow(); // six API calls to fill every list and setting, a sign-in, two pages and a download
  const account = await registerAccount(page.request, "export");
  const token = await apiToken(page.request, account);
  const { movies } = (await (await page.request.get("/api/movie?limit=2")).json()) as {
    movies: { _id: string; name: string }[];
  };
  const [movie, listed] = [movies[0]!, movies[1]!];
  const auth = { authorization: `Bearer ${token}` };
  await page.request.post("/api/user/favorite", { data: { idMovie: movie._id }, headers: auth });
  await page.request.post(`/api/movie/review/${movie._id}`, {
    data: { rating: 4, message: "Worth a watch" },
    headers: auth,
  });
  await page.request.put(`/api/user/progress/${movie._id}`, { data: { position: 30, duration: 600 }, headers: auth });
  expect((await page.request.put(`/api/user/list/${listed._id}`, { headers: auth })).status()).toBe(200);
  expect(
    (await page.request.put("/api/user/preferences", { data: { autoplayNext: false }, headers: auth })).status(),
  ).toBe(200);
  await signIn(page, account);
  await page.goto("/my-list");
  await expect(page.getByRole("button", { name: `Remove ${listed.name} from My List` })).toBeVisible();
  await page.goto("/profile");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^marquee-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await fs.readFile(await file.path(), "utf8")) as {
    version: number;
    profile: { email: string; fullName: string };
    settings: { autoplayNext: boolean };
    favorites: { movieId: string; name: string }[];
    myList: { movieId: string; name: string }[];
    reviews: { movieId: string; rating: number; comment: string }[];
    watchHistory: { movieId: string; position: number }[];
  };
  expect(data.version).toBe(2);
  expect(data.profile).toMatchObject({ email: account.email, fullName: account.fullName });
  expect(data.settings).toEqual({ autoplayNext: false });
  expect(data.favorites).toEqual([expect.objectContaining({ movieId: movie._id, name: movie.name })]);
  expect(data.myList).toEqual([expect.objectContaining({ movieId: listed._id, name: listed.name })]);
  expect(data.reviews).toEqual([expect.objectContaining({ movieId: movie._id, rating: 4, comment: "Worth a watch" })]);
  expect(data.watchHistory).toEqual([expect.objectContaining({ movieId: movie._id, position: 30 })]);
});
