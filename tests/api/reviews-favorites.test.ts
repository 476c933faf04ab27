import { describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { api } from "../support/http";
import { createTestMovie } from "../support/catalogue";
import { freshUser } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);

describe("POST /api/movie/review/{id}", () => {
  test("adds a review and recomputes rate and countReviews; a second review replaces the first", async () => {
    const movie = await createTestMovie();
    const ann = await freshUser("ann");
    const ben = await freshUser("ben");
    const first = await api("POST", `/api/movie/review/${movie._id}`, {
      token: ann.token,
      body: { rating: 4, message: "  Really good.  " },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ _id: movie._id, rate: 4, countReviews: 1 });
    expect(first.body.reviews).toEqual([
      {
        _id: expect.any(String),
        userId: ann._id,
        userName: ann.fullName,
        userImage: "",
        rating: 4,
        comment: "Really good.",
        createdAt: expect.any(String),
      },
    ]);

    await api("POST", `/api/movie/review/${movie._id}`, {
      token: ben.token,
      body: { rating: "1", message: "Not for me" },
    });
    const replaced = await api("POST", `/api/movie/review/${movie._id}`, {
      token: ann.token,
      body: { rating: 2, message: "Less good on a second viewing" },
    });
    expect(replaced.body).toMatchObject({ rate: 1.5, countReviews: 2 });
    // The replacement counts as the newest review: oldest first, it comes last.
    expect(replaced.body.reviews.map((r: { userId: string; rating: number }) => [r.userId, r.rating])).toEqual([
      [ben._id, 1],
      [ann._id, 2],
    ]);
  });

  test("the detail carries the newest 100 reviews, oldest first (as the original backend sent them)", async () => {
    const movie = await createTestMovie();
    // 101 reviewers a minute apart, written straight to the database: registering 101 accounts
    // through the API would spend most of the test hashing passwords.
    const start = Date.now() - 200 * 60_000;
    const reviewers = await db.user.createManyAndReturn({
      data: Array.from({ length: 101 }, (_, i) => ({
        email: `order-${movie._id}-${i}@example.test`,
        fullName: `Reviewer ${i}`,
      })),
      select: { id: true, fullName: true },
    });
    const byName = new Map(reviewers.map((user) => [user.fullName, user.id]));
    await db.review.createMany({
      data: Array.from({ length: 101 }, (_, i) => ({
        userId: byName.get(`Reviewer ${i}`)!,
        movieId: movie._id,
        rating: 3,
        comment: `Review ${i}`,
        createdAt: new Date(start + i * 60_000),
      })),
    });
    const detail = (await api("GET", `/api/movie/${movie._id}`)).body as { reviews: { comment: string }[] };
    expect(detail.reviews.map((review) => review.comment)).toEqual(
      Array.from({ length: 100 }, (_, i) => `Review ${i + 1}`),
    );

    // A new review is the newest: it comes last, and the oldest of the hundred drops out.
    const latest = await freshUser("latest");
    const after = await api("POST", `/api/movie/review/${movie._id}`, {
      token: latest.token,
      body: { rating: 4, message: "The newest one" },
    });
    expect(after.body.reviews).toHaveLength(100);
    expect(after.body.reviews[0].comment).toBe("Review 2");
    expect(after.body.reviews.at(-1)).toMatchObject({ userId: latest._id, comment: "The newest one" });
  });

  test("the rate keeps one decimal", async () => {
    const movie = await createTestMovie();
    for (const rating of [5, 4, 4]) {
      const user = await freshUser("decimal");
      await api("POST", `/api/movie/review/${movie._id}`, {
        token: user.token,
        body: { rating, message: "a fine movie" },
      });
    }
    expect((await api("GET", `/api/movie/${movie._id}`)).body).toMatchObject({ rate: 4.3, countReviews: 3 });
  });

  test.each([
    [{ message: "Great stuff" }, "rating", "Rate is required"],
    [{ rating: "", message: "Great stuff" }, "rating", "Rate is required"],
    [{ rating: 6, message: "Great stuff" }, "rating", "Rating must be between 0 and 5"],
    [{ rating: -1, message: "Great stuff" }, "rating", "Rating must be between 0 and 5"],
    [{ rating: 3.5, message: "Great stuff" }, "rating", "rating must be a whole number"],
    [{ rating: "five", message: "Great stuff" }, "rating", "rating must be a number"],
    [{ rating: 3 }, "message", "Message is required"],
    [{ rating: 3, message: "  abcd   " }, "message", "Enter a minimum of 5 characters."],
    [{ rating: 3, message: "x".repeat(1001) }, "message", "Enter at most 1000 characters."],
    [{ rating: 3, message: 12345 }, "message", "message must be a string"],
  ])("%j is 400 with errors.%s = %s, and writes nothing", async (body, field, message) => {
    const movie = await createTestMovie();
    const user = await freshUser("badreview");
    const response = await api("POST", `/api/movie/review/${movie._id}`, { token: user.token, body });
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toEqual([message]);
    expect(await db.review.count({ where: { movieId: movie._id } })).toBe(0);
  });

  test("a rating of 0 is a rating", async () => {
    const movie = await createTestMovie();
    const user = await freshUser("zero");
    expect(
      (
        await api("POST", `/api/movie/review/${movie._id}`, {
          token: user.token,
          body: { rating: 0, message: "Did not like it" },
        })
      ).body,
    ).toMatchObject({ rate: 0, countReviews: 1 });
  });

  test("anonymous 401; unknown or malformed movie 404", async () => {
    const movie = await createTestMovie();
    expect(
      await api("POST", `/api/movie/review/${movie._id}`, { body: { rating: 3, message: "anonymous" } }),
    ).toMatchObject({ status: 401 });
    const user = await freshUser("lost");
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(
        await api("POST", `/api/movie/review/${id}`, {
          token: user.token,
          body: { rating: 3, message: "where is it" },
        }),
      ).toMatchObject({ status: 404, body: { message: "Movie not found" } });
    }
  });

  test("20 users reviewing one movie at once leave exact counts and mean", async () => {
    const movie = await createTestMovie();
    const users = await Promise.all(Array.from({ length: 20 }, () => freshUser("crowd")));
    const ratings = users.map((_, i) => i % 6);
    const responses = await Promise.all(
      users.map((u, i) =>
        api("POST", `/api/movie/review/${movie._id}`, {
          token: u.token,
          body: { rating: ratings[i], message: "crowd review" },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const mean = Math.round((ratings.reduce((a, b) => a + b, 0) / 20) * 10) / 10;
    expect((await api("GET", `/api/movie/${movie._id}`)).body).toMatchObject({ countReviews: 20, rate: mean });
  });

  test("one user sending 20 reviews at once keeps one review", async () => {
    const movie = await createTestMovie();
    const user = await freshUser("spammer");
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api("POST", `/api/movie/review/${movie._id}`, {
          token: user.token,
          body: { rating: i % 6, message: `attempt ${i}` },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const detail = (await api("GET", `/api/movie/${movie._id}`)).body;
    expect(detail.countReviews).toBe(1);
    expect(detail.reviews).toHaveLength(1);
    expect(detail.rate).toBe(detail.reviews[0].rating);
  });
});

describe("favourites", () => {
  test("toggle adds then removes; the list is most recently liked first", async () => {
    const [a, b] = [await createTestMovie(), await createTestMovie()];
    const user = await freshUser("liker");
    expect(await api("POST", "/api/user/favorite", { token: user.token, body: { idMovie: a._id } })).toMatchObject({
      status: 200,
      body: { message: "Movie added to favorites", liked: true },
    });
    await api("POST", "/api/user/favorite", { token: user.token, body: { idMovie: b._id } });
    const listed = await api("GET", "/api/user/favorite", { token: user.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((m: { _id: string }) => m._id)).toEqual([b._id, a._id]);
    expect(listed.body[0]).toMatchObject({ name: b.name, category: { _id: b.category, name: b.categoryName } });
    expect(await api("POST", "/api/user/favorite", { token: user.token, body: { idMovie: b._id } })).toMatchObject({
      status: 200,
      body: { message: "Movie removed from favorites", liked: false },
    });
    expect(
      (await api("GET", "/api/user/favorite", { token: user.token })).body.map((m: { _id: string }) => m._id),
    ).toEqual([a._id]);
  });

  test("remove one (idempotent) and remove all", async () => {
    const [a, b] = [await createTestMovie(), await createTestMovie()];
    const user = await freshUser("remover");
    for (const m of [a, b]) await api("POST", "/api/user/favorite", { token: user.token, body: { idMovie: m._id } });
    expect(await api("DELETE", `/api/user/favorite/${a._id}`, { token: user.token })).toMatchObject({
      status: 200,
      body: { message: "Movie deleted successfully" },
    });
    expect(await api("DELETE", `/api/user/favorite/${a._id}`, { token: user.token })).toMatchObject({
      status: 200,
      body: { message: "Movie deleted successfully" },
    });
    expect(
      (await api("GET", "/api/user/favorite", { token: user.token })).body.map((m: { _id: string }) => m._id),
    ).toEqual([b._id]);
    expect(await api("DELETE", "/api/user/favorite", { token: user.token })).toMatchObject({
      status: 200,
      body: { message: "All favorite movies deleted successfully" },
    });
    expect((await api("GET", "/api/user/favorite", { token: user.token })).body).toEqual([]);
    expect(await api("DELETE", "/api/user/favorite/not-an-id", { token: user.token })).toMatchObject({
      status: 404,
      body: { message: "Movie not found" },
    });
  });

  test("a user only ever touches their own favourites", async () => {
    const movie = await createTestMovie();
    const owner = await freshUser("owner");
    const other = await freshUser("other");
    await api("POST", "/api/user/favorite", { token: owner.token, body: { idMovie: movie._id } });
    expect((await api("GET", "/api/user/favorite", { token: other.token })).body).toEqual([]);
    await api("DELETE", `/api/user/favorite/${movie._id}`, { token: other.token });
    await api("DELETE", "/api/user/favorite", { token: other.token });
    expect(
      (await api("GET", "/api/user/favorite", { token: owner.token })).body.map((m: { _id: string }) => m._id),
    ).toEqual([movie._id]);
  });

  test("validation, unknown movies and anonymous callers", async () => {
    const user = await freshUser("badlike");
    expect(await api("POST", "/api/user/favorite", { token: user.token, body: {} })).toMatchObject({
      status: 400,
      body: { message: "Movie id is required", errors: { idMovie: ["Movie id is required"] } },
    });
    expect(await api("POST", "/api/user/favorite", { token: user.token, body: { idMovie: 5 } })).toMatchObject({
      status: 400,
      body: { message: "idMovie must be a string" },
    });
    for (const idMovie of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(await api("POST", "/api/user/favorite", { token: user.token, body: { idMovie } })).toMatchObject({
        status: 404,
        body: { message: "Movie not found" },
      });
    }
    for (const [method, path] of [
      ["GET", "/api/user/favorite"],
      ["POST", "/api/user/favorite"],
      ["DELETE", "/api/user/favorite"],
      ["DELETE", "/api/user/favorite/00000000-0000-4000-8000-000000000000"],
    ] as const) {
      expect(await api(method, path, { body: method === "POST" ? { idMovie: "x" } : undefined })).toMatchObject({
        status: 401,
        body: { message: "Not authorized, no token" },
      });
    }
  });

  test("20 users liking one movie at once: 20 favourites", async () => {
    const movie = await createTestMovie();
    const users = await Promise.all(Array.from({ length: 20 }, () => freshUser("fan")));
    const responses = await Promise.all(
      users.map((u) =>
        api<{ liked: boolean }>("POST", "/api/user/favorite", { token: u.token, body: { idMovie: movie._id } }),
      ),
    );
    expect(responses.map((r) => r.body.liked)).toEqual(Array(20).fill(true));
    expect(await db.favorite.count({ where: { movieId: movie._id } })).toBe(20);
  });

  test("one user toggling 20 times at once: every toggle counts, an even number leaves it unliked", async () => {
    const movie = await createTestMovie();
    const user = await freshUser("toggler");
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        api("POST", "/api/user/favorite", { token: user.token, body: { idMovie: movie._id } }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(responses.filter((r) => r.body.liked).length).toBe(10);
    expect(await db.favorite.count({ where: { movieId: movie._id } })).toBe(0);
  });
});
