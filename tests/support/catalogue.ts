// Movies and categories that a test creates for itself, so tests that change data can run in parallel.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { MovieDetail } from "@/lib/data/movie-shapes";
import { api } from "./http";
import { adminToken } from "./users";

export const IMAGE = "/api/upload/image/demo-test.webp";
export const VIDEO = "/api/upload/movie/demo-test.mp4";

export const uniqueName = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

export async function createTestCategory(name = uniqueName("Category")): Promise<{ _id: string; name: string }> {
  const response = await api<{ _id: string; name: string }>("POST", "/api/category", {
    token: await adminToken(),
    body: { name },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

export function movieBody(categoryId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueName("Test Movie"),
    desc: "A movie made by a test.",
    titleImage: IMAGE,
    image: IMAGE,
    language: "English",
    year: 2020,
    hour: 2,
    video: VIDEO,
    category: categoryId,
    casts: [{ name: "Test Actor", image: IMAGE }],
    ...overrides,
  };
}

/** A movie in a category of its own (unless one is given). */
export async function createTestMovie(
  overrides: Record<string, unknown> = {},
  categoryId?: string,
): Promise<MovieDetail> {
  const category = categoryId ?? (await createTestCategory())._id;
  const response = await api<MovieDetail>("POST", "/api/movie", {
    token: await adminToken(),
    body: movieBody(category, overrides),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}
