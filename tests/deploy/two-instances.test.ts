// Two instances of the built app on one database and one S3 server (s3rver), behind a round-robin
// balancer (docs/deploy.md "What every deployment sets"): what one instance does, the other sees. Sessions,
// uploads, the login throttle and the catalogue cache's expirations are shared; with one instance
// stopped mid-load the other serves on and no answered write is lost.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TOO_MANY_LOGINS } from "@/lib/auth/login-throttle";
import { createTestCategory, createTestMovie, movieBody, uniqueName } from "../support/catalogue";
import { browserFetch, keptPage } from "../support/http";
import { startBalancer, startInstance, type Balancer, type Instance } from "../support/instances";
import { imageOf } from "../support/media";
import { createS3Storage } from "@/lib/storage/s3";
import { startS3, type TestS3 } from "../support/s3";
import { adminToken, freshIp, freshUser, uniqueEmail } from "../support/users";

let s3: TestS3;
let one: Instance;
let two: Instance;
let balancer: Balancer;
let db: pg.Client;

beforeAll(async () => {
  s3 = await startS3("marquee-instances");
  const env = {
    ...s3.env,
    // The suite's own app already runs the scheduled jobs on this database.
    JOBS_IN_APP: "false",
    // With a public address, as in production, Next keeps whole pages (movie pages included); the
    // edit test below checks a kept page is not served after a write on the other instance.
    PUBLIC_URL: "http://marquee.example",
    // The bucket's public address, as a CDN in front of it would be (docs/media.md "With the s3 driver").
    S3_PUBLIC_URL: `${s3.endpoint}/marquee-instances`,
    // Web hosts without ffmpeg: workers elsewhere transcode (docs/media.md "Transcoding on several hosts").
    FFMPEG_PATH: "/nonexistent/ffmpeg",
  };
  [one, two] = await Promise.all([startInstance(env), startInstance(env)]);
  balancer = await startBalancer([one.baseUrl, two.baseUrl]);
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
}, 240_000);

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await balancer?.close();
  await s3?.stop();
  await db?.end();
});

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

async function csrfAt(base: string) {
  const response = await fetch(`${base}/api/auth/csrf`);
  return { csrfToken: ((await response.json()) as { csrfToken: string }).csrfToken, cookies: cookiesOf(response) };
}

/** The login form's sign-in, on one instance: the session cookie. */
async function signInAt(base: string, credentials: { email: string; password: string }): Promise<string> {
  const { csrfToken, cookies } = await csrfAt(base);
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookies.join("; "),
      "x-forwarded-for": freshIp(),
      origin: base,
    },
    body: new URLSearchParams({ ...credentials, csrfToken, callbackUrl: base, json: "true" }),
  });
  const session = cookiesOf(response).find((c) => c.includes("next-auth.session-token"));
  expect(session, "sign-in opened a session").toBeDefined();
  return session!;
}

async function signOutAt(base: string, session: string) {
  const { csrfToken, cookies } = await csrfAt(base);
  const response = await fetch(`${base}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: [...cookies, session].join("; "),
      origin: base,
    },
    body: new URLSearchParams({ csrfToken, callbackUrl: base, json: "true" }),
  });
  expect(response.status).toBe(200);
}

async function json(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...options.headers,
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...(options.body !== undefined && { "content-type": "application/json" }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** The page as a browser gets it: the kept copy for the pages Next keeps. */
async function html(base: string, path: string): Promise<string> {
  const response = await browserFetch(`${base}${path}`);
  expect(response.status, `${base}${path}`).toBe(200);
  return response.text();
}

describe("two instances on one database and one bucket", () => {
  test("a web session opened on one instance works on the other, and signing out on that one ends it on both", async () => {
    const user = await freshUser("instances");
    const session = await signInAt(one.baseUrl, user);
    const favourites = (base: string) =>
      fetch(`${base}/api/user/favorite`, { headers: { cookie: session } }).then((response) => response.status);
    expect([await favourites(one.baseUrl), await favourites(two.baseUrl)]).toEqual([200, 200]);

    await signOutAt(two.baseUrl, session);
    expect([await favourites(one.baseUrl), await favourites(two.baseUrl)]).toEqual([401, 401]);
  });

  test("a file uploaded through one instance is served by the other, from the shared bucket", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await imageOf("png"))], { type: "image/png" }), "poster.png");
    const uploaded = await fetch(`${one.baseUrl}/api/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${await adminToken()}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { pathname } = new URL((await uploaded.json()) as string);
    expect(pathname).toMatch(/^\/api\/upload\/image\/[0-9a-f-]{36}\.png$/);

    const fromOne = await fetch(`${one.baseUrl}${pathname}`);
    const fromTwo = await fetch(`${two.baseUrl}${pathname}`);
    expect([fromOne.status, fromTwo.status]).toEqual([200, 200]);
    expect(fromTwo.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await fromTwo.arrayBuffer()).equals(Buffer.from(await fromOne.arrayBuffer()))).toBe(true);

    // Pages show it resized: the optimizer reads the original through the app, so a picture is
    // never redirected to the public address (an internal read cannot follow a redirect).
    const resized = await fetch(`${two.baseUrl}/_next/image?url=${encodeURIComponent(pathname)}&w=256&q=75`, {
      headers: { accept: "image/webp,*/*" },
    });
    expect(resized.status).toBe(200);
    expect(resized.headers.get("content-type")).toBe("image/webp");
  });

  test("with S3_PUBLIC_URL a video's plain read is redirected to the bucket's public address; its download stays here", async () => {
    const key = "movie/public-read.mp4";
    const bytes = Buffer.from("not really a video, but bytes all the same");
    await createS3Storage(s3.config).put(key, bytes, { contentType: "video/mp4" });

    const read = await fetch(`${one.baseUrl}/api/upload/${key}`, { redirect: "manual" });
    expect(read.status).toBe(302);
    expect(read.headers.get("location")).toBe(`${s3.endpoint}/marquee-instances/${key}`);
    const followed = await fetch(read.headers.get("location")!);
    expect(Buffer.from(await followed.arrayBuffer()).equals(bytes)).toBe(true);

    const download = await fetch(`${two.baseUrl}/api/upload/${key}?download=1&name=Public`, { redirect: "manual" });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain('filename="Public.mp4"');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test("an instance without ffmpeg still queues a saved movie's transcode for the workers", async () => {
    const token = await adminToken();
    const media = await json(one.baseUrl, "GET", "/api/admin/media", { token });
    expect(media.body.transcoding).toEqual({ available: true, reason: null });

    const category = await createTestCategory();
    const created = await json(one.baseUrl, "POST", "/api/movie", {
      token,
      body: movieBody(category._id, { video: "/api/upload/movie/for-the-workers.mp4" }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { rows } = await db.query<{ mediaJobId: string | null; queue: string | null }>(
      `SELECT m."mediaJobId", j.name AS queue FROM "Movie" m LEFT JOIN pgboss.job j ON j.id = m."mediaJobId" WHERE m.id = $1`,
      [created.body._id],
    );
    expect(rows[0]?.mediaJobId).toEqual(expect.any(String));
    expect(rows[0]?.queue).toBe("transcode");
  });

  test("the login limit counts failed attempts made on both instances: the 11th from one address gets 429", async () => {
    const ip = freshIp();
    const before = [...balancer.answered];
    for (let attempt = 0; attempt < 10; attempt++) {
      const failed = await json(balancer.url, "POST", "/api/user", {
        body: { email: uniqueEmail("spray"), password: "wrong-pw" },
        headers: { "x-forwarded-for": ip },
      });
      expect(failed.status).toBe(400);
    }
    // Round robin: each instance saw five of the ten, fewer than the limit on its own.
    expect(balancer.answered.map((count, index) => count - before[index]!)).toEqual([5, 5]);
    const limited = await json(balancer.url, "POST", "/api/user", {
      body: { email: uniqueEmail("spray"), password: "wrong-pw" },
      headers: { "x-forwarded-for": ip },
    });
    expect(limited).toMatchObject({ status: 429, body: { message: TOO_MANY_LOGINS } });
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  test("an admin's edit through one instance shows on the other's very next request, in the API and the kept pages", async () => {
    const movie = await createTestMovie();
    // The other instance has the movie cached, in its detail, its category's list and its kept pages
    // (and so has the instance that will make the write).
    expect((await json(two.baseUrl, "GET", `/api/movie/${movie._id}`)).body.name).toBe(movie.name);
    for (const base of [two.baseUrl, one.baseUrl])
      for (const path of [`/movie/${movie._id}`, "/movies"]) {
        expect(await (await keptPage(`${base}${path}`)).text()).toContain(movie.name);
      }
    expect(
      (await json(two.baseUrl, "GET", `/api/movie?category=${movie.category}`)).body.movies.map(
        (item: { name: string }) => item.name,
      ),
    ).toEqual([movie.name]);

    const renamed = uniqueName("Renamed Movie");
    const update = await json(one.baseUrl, "PUT", `/api/movie/${movie._id}`, {
      token: await adminToken(),
      body: { name: renamed },
    });
    expect(update.status).toBe(200);

    // The kept pages first: an API read would make the instance learn of the write on its own.
    // The other instance, and the one that made the write.
    for (const base of [two.baseUrl, one.baseUrl])
      for (const path of [`/movie/${movie._id}`, "/movies"]) {
        const page = await html(base, path);
        expect(page, `${base}${path}`).toContain(renamed);
        expect(page, `${base}${path}`).not.toContain(movie.name);
      }
    expect((await json(two.baseUrl, "GET", `/api/movie/${movie._id}`)).body.name).toBe(renamed);
    expect(
      (await json(two.baseUrl, "GET", `/api/movie?category=${movie.category}`)).body.movies.map(
        (item: { name: string }) => item.name,
      ),
    ).toEqual([renamed]);
  });

  test(
    "with one instance stopped mid-load, the other serves on and every answered write is in the database",
    { timeout: 180_000 },
    async () => {
      const reviewers = await Promise.all([freshUser("load-a"), freshUser("load-b"), freshUser("load-c")]);
      const { rows: movies } = await db.query<{ id: string }>(`SELECT "id" FROM "Movie" ORDER BY "createdAt" LIMIT 20`);
      expect(movies).toHaveLength(20);
      const writes = reviewers.flatMap((reviewer) =>
        movies.map((movie) => ({
          reviewer,
          movieId: movie.id,
          message: uniqueName(`Load review by ${reviewer.fullName}`),
        })),
      );

      const answers: { status: number; body: unknown; movieId: string; userId: string; message: string }[] = [];
      let stopped: Promise<number | null> | undefined;
      let answeredByOneAtExit: number | undefined;
      const queue = [...writes];
      const worker = async () => {
        for (let write = queue.shift(); write; write = queue.shift()) {
          const { status, body } = await json(balancer.url, "POST", `/api/movie/review/${write.movieId}`, {
            token: write.reviewer.token,
            body: { rating: 4, message: write.message },
          });
          answers.push({ status, body, movieId: write.movieId, userId: write.reviewer._id, message: write.message });
          // A quarter of the way in, with writes in flight on both, the first instance is told to stop.
          if (answers.length === 15 && !stopped) {
            stopped = one.stop();
            void stopped.then(() => (answeredByOneAtExit = balancer.answered[0]));
          }
        }
      };
      await Promise.all(Array.from({ length: 6 }, worker));

      // It finished the requests it had (graceful stop) and exited cleanly; from then on the balancer
      // sent everything to the other.
      expect(await stopped).toBe(0);
      expect(balancer.down).toEqual(new Set([0]));
      expect(balancer.answered[0]).toBe(answeredByOneAtExit);

      // Every write answered 2xx is stored. The only other answer allowed is the balancer's own 502 for
      // a connection the stopping instance reset before reading it (it was still in the kernel's accept
      // queue when the listener closed): that write never ran, and its client was told so.
      const { rows } = await db.query<{ userId: string; movieId: string; comment: string }>(
        `SELECT "userId", "movieId", "comment" FROM "Review" WHERE "userId" = ANY($1::uuid[])`,
        [reviewers.map((reviewer) => reviewer._id)],
      );
      const stored = new Set(rows.map((row) => `${row.userId} ${row.movieId} ${row.comment}`));
      const isStored = (answer: (typeof answers)[number]) =>
        stored.has(`${answer.userId} ${answer.movieId} ${answer.message}`);
      const succeeded = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(answers).toHaveLength(60);
      expect(succeeded.filter((answer) => !isStored(answer))).toEqual([]);
      expect(
        refused.filter(
          (answer) => answer.status !== 502 || answer.body !== "Bad gateway: ECONNRESET" || isStored(answer),
        ),
      ).toEqual([]);
      expect(succeeded.length).toBeGreaterThanOrEqual(55);
      expect(rows).toHaveLength(succeeded.length);

      // The survivor keeps serving through the balancer.
      const list = await json(balancer.url, "GET", "/api/movie");
      expect(list.status).toBe(200);
      expect(list.body.movies.length).toBeGreaterThan(0);
    },
  );
});
