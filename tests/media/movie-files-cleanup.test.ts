// Over HTTP: replacing a movie's poster or deleting the movie removes the files nothing uses any
// more, and keeps those something else still shows.
import { expect, test } from "vitest";
import { createTestMovie } from "../support/catalogue";
import { api, baseUrl } from "../support/http";
import { imageOf } from "../support/media";
import { adminToken, freshUser } from "../support/users";

/** The upload answer: the stored file's absolute URL, sent back as it is in the bodies below. */
async function uploadImage(token: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await imageOf("png"))], { type: "image/png" }), "poster.png");
  const response = await fetch(`${baseUrl}/api/upload`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as string;
}

const statusOf = async (url: string) => (await fetch(url, { method: "HEAD" })).status;

test("a replaced poster is deleted; a picture still used elsewhere is kept", async () => {
  const token = await adminToken();
  const [poster, shared, replacement] = await Promise.all([uploadImage(token), uploadImage(token), uploadImage(token)]);
  const movie = await createTestMovie({
    image: poster,
    titleImage: shared,
    casts: [{ name: "Keeper", image: shared }],
  });

  const updated = await api("PUT", `/api/movie/${movie._id}`, {
    token,
    body: { image: replacement, titleImage: replacement },
  });
  expect(updated.status).toBe(200);
  expect(await statusOf(poster)).toBe(404);
  // The title image changed too, but the cast still shows that picture.
  expect(await statusOf(shared)).toBe(200);
  expect(await statusOf(replacement)).toBe(200);
});

test("deleting a movie deletes its own files and keeps shared ones", async () => {
  const token = await adminToken();
  const [own, shared] = await Promise.all([uploadImage(token), uploadImage(token)]);
  const first = await createTestMovie({ image: own, titleImage: shared });
  await createTestMovie({ image: shared });

  expect((await api("DELETE", `/api/movie/${first._id}`, { token })).status).toBe(200);
  expect(await statusOf(own)).toBe(404);
  expect(await statusOf(shared)).toBe(200);
});

test("a replaced profile picture is deleted, and so is a deleted account's", async () => {
  const user = await freshUser("avatar");
  const [first, second] = [await uploadImage(user.token), await uploadImage(user.token)];
  const profile = (image: string) =>
    api("PUT", "/api/user", { token: user.token, body: { fullName: user.fullName, email: user.email, image } });
  expect((await profile(first)).status).toBe(200);
  expect((await profile(second)).status).toBe(200);
  expect(await statusOf(first)).toBe(404);
  expect(await statusOf(second)).toBe(200);
  expect((await api("DELETE", "/api/user", { token: user.token })).status).toBe(200);
  expect(await statusOf(second)).toBe(404);
});
