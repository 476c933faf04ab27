import { afterAll, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { storage } from "@/lib/storage";
import { seedDemoCatalogue, stableId } from "@/prisma/seed";
import { demoCategories, demoMovies, demoUsers } from "@/prisma/seed/catalogue";

const db = createPrismaClient(process.env.DATABASE_URL!);
afterAll(() => db.$disconnect());

// Only the demo rows: API tests add their own users, categories and movies at the same time.
const demoMovieIds = demoMovies.map((movie) => stableId(`movie:${movie.slug}`));
const ofDemoMovies = { movieId: { in: demoMovieIds } };
const counts = async () => ({
  users: await db.user.count({ where: { email: { in: demoUsers.map((user) => user.email) } } }),
  categories: await db.category.count({ where: { name: { in: demoCategories } } }),
  movies: await db.movie.count({ where: { id: { in: demoMovieIds } } }),
  casts: await db.castMember.count({ where: ofDemoMovies }),
  reviews: await db.review.count({ where: ofDemoMovies }),
});

test("the demo catalogue is big enough to browse and filter", async () => {
  // `npm test` seeded the database before the app started.
  const movies = await db.movie.findMany({
    select: { language: true, year: true, hour: true, rate: true, countReviews: true, categoryId: true },
  });
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
  const movie = await db.movie.findFirstOrThrow({ where: { id: { in: demoMovieIds } }, include: { casts: true } });
  for (const url of [movie.image, movie.titleImage, movie.video, ...movie.casts.map((c) => c.image)]) {
    const key = url.replace("/api/upload/", "") as `${string}/${string}`;
    expect(await storage().stat(key), url).not.toBeNull();
  }
});

test("seeding again changes nothing", async () => {
  const before = await counts();
  expect(before.movies).toBe(demoMovies.length);
  expect(before.categories).toBe(demoCategories.length);
  const demoRates = () =>
    db.movie.findMany({
      where: { id: { in: demoMovieIds } },
      select: { id: true, rate: true, countReviews: true },
      orderBy: { id: "asc" },
    });
  const rates = await demoRates();
  await seedDemoCatalogue(db, storage());
  expect(await counts()).toEqual(before);
  expect(await demoRates()).toEqual(rates);
}, 120_000);
