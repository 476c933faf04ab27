// A member's own review: reading it back, deleting it (the rating recomputed in the same
// transaction), and every review of a movie page by page, newest or highest rated first.
import { afterAll, describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { createTestMovie } from "../support/catalogue";
import { api } from "../support/http";
import { freshUser, type TestUser } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
afterAll(() => db.$disconnect());

const review = (user: TestUser, movieId: string, rating: number, message: string) =>
  api("POST", `/api/movie/review/${movieId}`, { token: user.token, body: { rating, message } });

describe("DELETE /api/movie/review/{id}", () => {
  test("deletes the caller's review only, recomputes rate and countReviews, and answers the movie", async () => {
    const movie = await createTestMovie();
    const [ann, ben, cat] = [await freshUser("ann"), await freshUser("ben"), await freshUser("cat")];
    await review(ann, movie._id, 5, "Loved every minute");
    await review(ben, movie._id, 2, "Not my kind of film");
    await review(cat, movie._id, 4, "Very good indeed");
    expect((await api("GET", `/api/movie/${movie._id}`)).body).toMatchObject({ rate: 3.7, countReviews: 3 });

    const deleted = await api("DELETE", `/api/movie/review/${movie._id}`, { token: ben.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ _id: movie._id, name: movie.name, rate: 4.5, countReviews: 2 });
    expect(deleted.body.reviews.map((r: { userId: string }) => r.userId)).toEqual([ann._id, cat._id]);
    // What every reader sees next (the cached detail was expired with the write).
    expect((await api("GET", `/api/movie/${movie._id}`)).body).toMatchObject({ rate: 4.5, countReviews: 2 });
    expect(await db.review.count({ where: { movieId: movie._id } })).toBe(2);

    // Idempotent: nothing left to delete, the movie as it is.
    const again = await api("DELETE", `/api/movie/review/${movie._id}`, { token: ben.token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ rate: 4.5, countReviews: 2 });
  });

  test("deleting the last review leaves rate 0 and no reviews", async () => {
    const movie = await createTestMovie();
    const user = await freshUser("last");
    await review(user, movie._id, 3, "Fine for a Sunday");
    const deleted = await api("DELETE", `/api/movie/review/${movie._id}`, { token: user.token });
    expect(deleted.body).toMatchObject({ rate: 0, countReviews: 0, reviews: [] });
  });

  test("reviews posted and deleted at once leave exact counts and mean", async () => {
    const movie = await createTestMovie();
    const leaving = await Promise.all(Array.from({ length: 6 }, () => freshUser("leaving")));
    const arriving = await Promise.all(Array.from({ length: 6 }, () => freshUser("arriving")));
    for (const user of leaving) await review(user, movie._id, 1, "going away soon");
    const responses = await Promise.all([
      ...leaving.map((user) => api("DELETE", `/api/movie/review/${movie._id}`, { token: user.token })),
      ...arriving.map((user, i) => review(user, movie._id, i % 2 === 0 ? 5 : 4, "here to stay")),
    ]);
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect((await api("GET", `/api/movie/${movie._id}`)).body).toMatchObject({ countReviews: 6, rate: 4.5 });
  });

  test("anonymous 401; unknown or malformed movie 404, and nothing is deleted", async () => {
    const movie = await createTestMovie();
    const user = await freshUser("keeper");
    await review(user, movie._id, 4, "Keep this one");
    expect(await api("DELETE", `/api/movie/review/${movie._id}`)).toMatchObject({
      status: 401,
      body: { message: "Not authorized, no token" },
    });
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(await api("DELETE", `/api/movie/review/${id}`, { token: user.token })).toMatchObject({
        status: 404,
        body: { message: "Movie not found" },
      });
    }
    expect(await db.review.count({ where: { movieId: movie._id } })).toBe(1);
  });
});

describe("GET /api/movie/review/{id}", () => {
  test("the caller's own review, or null", async () => {
    const movie = await createTestMovie();
    const [mine, theirs] = [await freshUser("mine"), await freshUser("theirs")];
    expect(await api("GET", `/api/movie/review/${movie._id}`, { token: mine.token })).toMatchObject({
      status: 200,
      body: { review: null },
    });
    await review(theirs, movie._id, 1, "Someone else's view");
    await review(mine, movie._id, 4, "  My own words  ");
    const own = await api("GET", `/api/movie/review/${movie._id}`, { token: mine.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      review: {
        _id: expect.any(String),
        userId: mine._id,
        userName: mine.fullName,
        userImage: "",
        rating: 4,
        comment: "My own words",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    await api("DELETE", `/api/movie/review/${movie._id}`, { token: mine.token });
    expect((await api("GET", `/api/movie/review/${movie._id}`, { token: mine.token })).body).toEqual({ review: null });
  });

  test("anonymous 401; unknown or malformed movie 404", async () => {
    const user = await freshUser("curious");
    expect(await api("GET", `/api/movie/review/${(await createTestMovie())._id}`)).toMatchObject({ status: 401 });
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(await api("GET", `/api/movie/review/${id}`, { token: user.token })).toMatchObject({
        status: 404,
        body: { message: "Movie not found" },
      });
    }
  });
});

describe("GET /api/movie/{id}/reviews", () => {
  /** Five reviews a minute apart, written straight to the database (their dates are ours to choose). */
  async function reviewedMovie(ratings: number[]) {
    const movie = await createTestMovie();
    const start = Date.now() - 60 * 60_000;
    const users = await db.user.createManyAndReturn({
      data: ratings.map((_, i) => ({ email: `page-${movie._id}-${i}@example.test`, fullName: `Pager ${i}` })),
      select: { id: true, fullName: true },
    });
    await db.review.createMany({
      data: ratings.map((rating, i) => ({
        userId: users.find((user) => user.fullName === `Pager ${i}`)!.id,
        movieId: movie._id,
        rating,
        comment: `Review ${i}`,
        createdAt: new Date(start + i * 60_000),
      })),
    });
    // Written behind the API's back: set the stored count the way a review through the API would.
    await db.movie.update({ where: { id: movie._id }, data: { countReviews: ratings.length } });
    return movie;
  }
  const comments = (body: { reviews: { comment: string }[] }) => body.reviews.map((r) => r.comment);

  test("newest first by default, highest rated first (then newest) on request, page by page", async () => {
    const movie = await reviewedMovie([3, 5, 1, 5, 4]);
    const newest = await api("GET", `/api/movie/${movie._id}/reviews`);
    expect(newest.status).toBe(200);
    expect(comments(newest.body)).toEqual(["Review 4", "Review 3", "Review 2", "Review 1", "Review 0"]);
    expect(newest.body).toMatchObject({ reviewsCount: 5, totalPage: 1, currentPage: 1 });
    expect(newest.body.reviews[0]).toEqual({
      _id: expect.any(String),
      userId: expect.any(String),
      userName: "Pager 4",
      userImage: "",
      rating: 4,
      comment: "Review 4",
      createdAt: expect.any(String),
    });

    const highest = await api("GET", `/api/movie/${movie._id}/reviews?sort=highest`);
    expect(comments(highest.body)).toEqual(["Review 3", "Review 1", "Review 4", "Review 0", "Review 2"]);

    const second = await api("GET", `/api/movie/${movie._id}/reviews?sort=highest&limit=2&page=2`);
    expect(second.body).toMatchObject({ reviewsCount: 5, totalPage: 3, currentPage: 2 });
    expect(comments(second.body)).toEqual(["Review 4", "Review 0"]);
    expect((await api("GET", `/api/movie/${movie._id}/reviews?page=9`)).body).toMatchObject({
      reviews: [],
      currentPage: 9,
    });
  });

  test("a review written or deleted shows at once", async () => {
    const movie = await reviewedMovie([2]);
    expect(comments((await api("GET", `/api/movie/${movie._id}/reviews?sort=highest`)).body)).toEqual(["Review 0"]);
    const user = await freshUser("fresh");
    await review(user, movie._id, 5, "Straight to the top");
    const after = (await api("GET", `/api/movie/${movie._id}/reviews?sort=highest`)).body;
    expect(comments(after)).toEqual(["Straight to the top", "Review 0"]);
    expect(after.reviewsCount).toBe(2);
    await api("DELETE", `/api/movie/review/${movie._id}`, { token: user.token });
    expect(comments((await api("GET", `/api/movie/${movie._id}/reviews?sort=highest`)).body)).toEqual(["Review 0"]);
  });

  test.each([
    ["sort=best", "sort must be one of newest, highest"],
    ["page=0", "page must be at least 1"],
    ["page=two", "page must contain digits only"],
    ["limit=101", "limit must be at most 100"],
  ])("?%s is 400 %s", async (query, message) => {
    const movie = await createTestMovie();
    expect(await api("GET", `/api/movie/${movie._id}/reviews?${query}`)).toMatchObject({
      status: 400,
      body: { message },
    });
  });

  test("unknown or malformed movie 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(await api("GET", `/api/movie/${id}/reviews`)).toMatchObject({
        status: 404,
        body: { message: "Movie not found" },
      });
    }
  });
});

test("GET /api/viewer tells the web UI the signed-in user's id (to mark their own review)", async () => {
  const user = await freshUser("viewer");
  expect((await api("GET", "/api/viewer", { token: user.token })).body).toEqual({
    viewer: { _id: user._id, fullName: user.fullName, image: "", isAdmin: false, emailVerified: false },
  });
  expect((await api("GET", "/api/viewer")).body).toEqual({ viewer: null });
});
