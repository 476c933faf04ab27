// Catalogue rows a browser test owns, made through the admin API.
import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { ADMIN, apiToken } from "./accounts";

const adminHeaders = async (request: APIRequestContext) => ({
  authorization: `Bearer ${await apiToken(request, ADMIN)}`,
});

export async function createCategory(
  request: APIRequestContext,
  label = "Cat",
): Promise<{ _id: string; name: string }> {
  const response = await request.post("/api/category", {
    data: { name: `E2E ${label} ${randomUUID().slice(0, 8)}` },
    headers: await adminHeaders(request),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { _id: string; name: string };
}

/**
 * A movie with https media (accepted by the movie schema), so no upload is needed. Its cast is
 * "Test Actor" unless `castName` is given (recommendations link movies that share their cast).
 */
export async function createMovie(
  request: APIRequestContext,
  categoryId: string,
  label = "Movie",
  castName = "Test Actor",
): Promise<{ _id: string; name: string }> {
  const data = {
    name: `E2E ${label} ${randomUUID().slice(0, 8)}`,
    desc: "A movie made by a browser test.",
    titleImage: "https://images.example.test/title.jpg",
    image: "https://images.example.test/image.jpg",
    language: "English",
    year: 2020,
    hour: 2,
    video: "https://videos.example.test/movie.mp4",
    category: categoryId,
    casts: [{ name: castName, image: "https://images.example.test/actor.jpg" }],
  };
  const response = await request.post("/api/movie", { data, headers: await adminHeaders(request) });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { _id: string; name: string };
}
