// deleteUnreferencedFiles against the real database: a file goes only when no movie, cast member
// or user still points at it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { deleteUnreferencedFiles } from "@/lib/media/cleanup";
import { createPrismaClient } from "@/lib/database/prisma";
import { createLocalStorage } from "@/lib/storage/local";
import { newStorageKey, urlOf, type StorageFolder, type StorageKey } from "@/lib/storage";

const db = createPrismaClient(process.env.DATABASE_URL!);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-cleanup-"));
const driver = createLocalStorage(root);
const created = { movies: [] as string[], users: [] as string[], categories: [] as string[] };
let categoryId: string;

beforeAll(async () => {
  const category = await db.category.create({ data: { name: `Cleanup test ${randomUUID()}` } });
  categoryId = category.id;
  created.categories.push(category.id);
});

afterAll(async () => {
  await db.movie.deleteMany({ where: { id: { in: created.movies } } });
  await db.user.deleteMany({ where: { id: { in: created.users } } });
  await db.category.deleteMany({ where: { id: { in: created.categories } } });
  await db.$disconnect();
  fs.rmSync(root, { recursive: true, force: true });
});

async function storedFile(
  folder: StorageFolder = "image",
  extension = "webp",
): Promise<{ key: StorageKey; url: string }> {
  const key = newStorageKey(folder, extension);
  await driver.put(key, Buffer.from(`content of ${key}`), { contentType: "application/octet-stream" });
  return { key, url: urlOf(key) };
}

async function movieWith(fields: { image?: string; titleImage?: string; video?: string; castImage?: string }) {
  const placeholder = (await storedFile()).url;
  const movie = await db.movie.create({
    data: {
      name: "Cleanup fixture",
      language: "English",
      year: 2020,
      hour: 2,
      categoryId,
      image: fields.image ?? placeholder,
      titleImage: fields.titleImage ?? placeholder,
      video: fields.video ?? placeholder,
      casts: { create: [{ name: "Someone", image: fields.castImage ?? placeholder, position: 0 }] },
    },
  });
  created.movies.push(movie.id);
  return movie;
}

const exists = async (key: StorageKey) => (await driver.stat(key)) !== null;

test("a file nothing references is deleted", async () => {
  const file = await storedFile();
  expect(await deleteUnreferencedFiles([file.url], { db, driver })).toEqual([file.key]);
  expect(await exists(file.key)).toBe(false);
});

test.each(["image", "titleImage", "video"] as const)("a file another movie still uses as %s stays", async (field) => {
  const file = await storedFile(field === "video" ? "movie" : "image", field === "video" ? "mp4" : "webp");
  await movieWith({ [field]: file.url });
  expect(await deleteUnreferencedFiles([file.url], { db, driver })).toEqual([]);
  expect(await exists(file.key)).toBe(true);
});

test("a file a cast member still shows stays", async () => {
  const file = await storedFile();
  await movieWith({ castImage: file.url });
  expect(await deleteUnreferencedFiles([file.url], { db, driver })).toEqual([]);
  expect(await exists(file.key)).toBe(true);
});

test("a file that is a user's avatar stays", async () => {
  const file = await storedFile();
  const user = await db.user.create({
    data: { email: `cleanup-${randomUUID()}@example.test`, fullName: "Cleanup", image: file.url },
  });
  created.users.push(user.id);
  expect(await deleteUnreferencedFiles([file.url], { db, driver })).toEqual([]);
  expect(await exists(file.key)).toBe(true);
});

test("a reference by absolute URL counts too", async () => {
  const file = await storedFile();
  await movieWith({ image: `https://marquee.example.com${file.url}` });
  expect(await deleteUnreferencedFiles([file.url], { db, driver })).toEqual([]);
  expect(await exists(file.key)).toBe(true);
});

test("after the last reference goes, the file goes", async () => {
  const file = await storedFile();
  const movie = await movieWith({ image: file.url });
  await db.movie.delete({ where: { id: movie.id } });
  expect(await deleteUnreferencedFiles([movie.image, movie.titleImage, movie.video], { db, driver })).toContain(
    file.key,
  );
  expect(await exists(file.key)).toBe(false);
});

test("foreign URLs, empty values, malformed names and duplicates are ignored", async () => {
  const file = await storedFile();
  const deleted = await deleteUnreferencedFiles(
    [
      "https://images.example.com/poster.png",
      "",
      null,
      undefined,
      "/api/upload/../../etc/passwd",
      "/api/upload/image/x.gif",
      file.url,
      `http://localhost:3000${file.url}`,
    ],
    { db, driver },
  );
  expect(deleted).toEqual([file.key]);
});

test("a storage failure is logged, not thrown", async () => {
  const file = await storedFile();
  const failing = { ...driver, delete: async () => Promise.reject(new Error("storage is down")) };
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void errors.push(args);
  try {
    expect(await deleteUnreferencedFiles([file.url], { db, driver: failing })).toEqual([]);
  } finally {
    console.error = original;
  }
  expect(errors).toHaveLength(1);
});
