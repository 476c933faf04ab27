import { afterAll, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/prisma";
import { storage } from "@/lib/storage";
import { seedDemoCatalogue } from "@/prisma/seed";
import { demoCategories, demoMovies, demoUsers } from "@/prisma/seed/catalogue";

const db = createPrismaClient(process.env.DATABASE_URL!);
afterAll(() => db.$disconnect());

const counts = async () => ({
  users: await db.user.count(),
  categories: await db.category.count(),
  movies: await db.movie.count(),
  casts: await db.castMember.count(),
  reviews: await db.review.count(),
});

test("the demo catalogue is big enough to browse and filter", async () => {
  // `npm test` seeded the database before the app started.
  const movies = await db.movie.findMany({ select: { language: true, year: true, hour: true, rate: true, countReviews: true, categoryId: true } });
  expect(movies.length).toBeGreaterThanOrEqual(40);
  expect(new Set(movies.map((m) => m.categoryId)).size).toBeGreaterThanOrEqual(8);
  expect(new Set(movies.map((m) => m.language)).size).toBeGreaterThanOrEqual(5);
  expect(new Set(movies.map((m) => m.hour)).size).toBe(10);
  expect(new Set(movies.map((m) => m.rate)).size).toBeGreaterThan(5);
  expect(movies.some((m) => m.countReviews === 0)).toBe(true);
  const admin = await db.user.findUniqueOrThrow({ where: { email: demoUsers[0]!.email } });
  expect(admin.isAdmin).toBe(true);
  expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
});

test("every seeded movie's files are in storage", async () => {
  const movie = await db.movie.findFirstOrThrow({ include: { casts: true } });
  for (const url of [movie.image, movie.titleImage, movie.video, ...movie.casts.map((c) => c.image)]) {
    const key = url.replace("/api/upload/", "") as `${string}/${string}`;
    expect(await storage().stat(key), url).not.toBeNull();
  }
});

test("seeding again changes nothing", async () => {
  const before = await counts();
  expect(before.movies).toBe(demoMovies.length);
  expect(before.categories).toBeGreaterThanOrEqual(demoCategories.length);
  const rates = await db.movie.findMany({ select: { id: true, rate: true, countReviews: true }, orderBy: { id: "asc" } });
  await seedDemoCatalogue(db, storage());
  expect(await counts()).toEqual(before);
  expect(await db.movie.findMany({ select: { id: true, rate: true, countReviews: true }, orderBy: { id: "asc" } })).toEqual(rates);
}, 120_000);
