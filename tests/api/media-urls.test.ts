// docs/api.md "Shapes": every media URL the API answers is absolute, on the configured public URL
// or else on the address the request was made to; the database keeps paths. A client on another
// origin (the original single-page client) resolves a path against itself, so paths break it.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { startApp, type RunningApp } from "../support/app";
import { IMAGE, VIDEO, createTestCategory, movieBody, uniqueName } from "../support/catalogue";
import { api, baseUrl } from "../support/http";
import { imageOf } from "../support/media";
import { adminToken, freshUser } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);

/** A GET with headers fetch will not send as given (Host), parsed as JSON when it is. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields from whatever the server sent
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      })
      .on("error", reject);
  });
}

async function uploadImage(token: string, appUrl = baseUrl): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await imageOf("png"))], { type: "image/png" }), "me.png");
  const response = await fetch(`${appUrl}/api/upload`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as string;
}

/** No path in a movie answer: this site's files absolute on `origin`, the rest external https URLs. */
function expectMovieMedia(
  movie: { image: string; titleImage: string; video: string; casts?: { img: string; image: string }[] },
  origin: string,
) {
  const urls = [
    movie.image,
    movie.titleImage,
    movie.video,
    ...(movie.casts ?? []).flatMap((cast) => [cast.img, cast.image]),
  ];
  for (const url of urls) expect(url.startsWith(`${origin}/api/upload/`) || url.startsWith("https://"), url).toBe(true);
}

const storedMovie = (id: string) =>
  db.movie.findUniqueOrThrow({
    where: { id },
    select: { image: true, titleImage: true, video: true, casts: { select: { image: true } } },
  });

describe("without PUBLIC_URL: the request's own origin", () => {
  test("uploads, profile, login, movies, reviews, favourites and the admin list all answer absolute URLs; the database keeps paths", async () => {
    const admin = await adminToken();
    const user = await freshUser("media");
    const picture = await uploadImage(user.token);
    expect(picture).toMatch(new RegExp(`^${baseUrl}/api/upload/image/[0-9a-f-]{36}\\.png$`));
    const picturePath = new URL(picture).pathname;

    // The profile takes the answer as it came and keeps its path.
    const profile = await api("PUT", "/api/user", {
      token: user.token,
      body: { fullName: user.fullName, email: user.email, image: picture },
    });
    expect(profile).toMatchObject({ status: 200, body: { image: picture } });
    expect((await db.user.findUniqueOrThrow({ where: { id: user._id }, select: { image: true } })).image).toBe(
      picturePath,
    );
    const login = await api("POST", "/api/user", {
      body: { email: user.email, password: user.password },
      headers: { "x-forwarded-for": "10.9.9.9" },
    });
    expect(login.body.image).toBe(picture);

    // A movie made from absolute URLs of this site and a relative path: paths in the database.
    const category = await createTestCategory();
    const body = movieBody(category._id, {
      image: picture,
      titleImage: `${baseUrl}${IMAGE}`,
      video: `${baseUrl}${VIDEO}`,
      casts: [
        { name: "Ana", img: picture },
        { name: "Bo", image: IMAGE },
      ],
    });
    const created = await api("POST", "/api/movie", { token: admin, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await storedMovie(created.body._id)).toEqual({
      image: picturePath,
      titleImage: IMAGE,
      video: VIDEO,
      casts: [{ image: picturePath }, { image: IMAGE }],
    });
    expect(created.body).toMatchObject({
      image: picture,
      titleImage: `${baseUrl}${IMAGE}`,
      video: `${baseUrl}${VIDEO}`,
    });
    expect(created.body.casts.map((cast: { img: string; image: string }) => [cast.img, cast.image])).toEqual([
      [picture, picture],
      [`${baseUrl}${IMAGE}`, `${baseUrl}${IMAGE}`],
    ]);

    const reviewed = await api("POST", `/api/movie/review/${created.body._id}`, {
      token: user.token,
      body: { rating: 5, message: "Looks right everywhere" },
    });
    expect(reviewed.body.reviews.map((review: { userImage: string }) => review.userImage)).toEqual([picture]);
    const detail = await api("GET", `/api/movie/${created.body._id}`);
    expect(detail.body).toEqual(reviewed.body);
    expectMovieMedia(detail.body, baseUrl);

    const listed = await api("GET", `/api/movie?category=${category._id}`);
    expect(listed.body.movies).toHaveLength(1);
    expect(listed.body.movies[0]).toMatchObject({
      image: picture,
      titleImage: `${baseUrl}${IMAGE}`,
      video: `${baseUrl}${VIDEO}`,
    });
    for (const path of ["/api/movie/random", "/api/movie/toprate", "/api/movie?limit=50"]) {
      const response = await api("GET", path);
      const movies = (Array.isArray(response.body) ? response.body : response.body.movies) as Parameters<
        typeof expectMovieMedia
      >[0][];
      expect(movies.length, path).toBeGreaterThan(0);
      for (const movie of movies) expectMovieMedia(movie, baseUrl);
    }

    expect(
      (await api("POST", "/api/user/favorite", { token: user.token, body: { idMovie: created.body._id } })).body.liked,
    ).toBe(true);
    const favorites = await api("GET", "/api/user/favorite", { token: user.token });
    expect(favorites.body.map((movie: { image: string; video: string }) => [movie.image, movie.video])).toEqual([
      [picture, `${baseUrl}${VIDEO}`],
    ]);

    const users = await api("GET", "/api/admin/users?page=1", { token: admin });
    expect(users.body.users.find((item: { _id: string }) => item._id === user._id)).toMatchObject({ image: picture });
  }, 90_000); // a whole scenario: many requests in a row

  test("the host the request was addressed to decides; X-Forwarded-Host from a client does not", async () => {
    const movie = (await api("GET", "/api/movie?limit=1")).body.movies[0] as { _id: string; video: string };
    const path = new URL(movie.video).pathname;
    const lan = await rawGet(`${baseUrl}/api/movie/${movie._id}`, { host: "marquee.lan:8080" });
    expect(lan.body.video).toBe(`http://marquee.lan:8080${path}`);
    const spoofed = await rawGet(`${baseUrl}/api/movie/${movie._id}`, { "x-forwarded-host": "evil.example" });
    expect(spoofed.body.video).toBe(`${baseUrl}${path}`);

    // Sign-in and sign-out redirects (NextAuth) follow the same address: localhost or 127.0.0.1.
    const port = new URL(baseUrl).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const providers = await rawGet(`${baseUrl}/api/auth/providers`, { host });
      expect(providers.body.credentials.signinUrl).toBe(`http://${host}/api/auth/signin/credentials`);
    }
  });

  test("an http URL of another host is refused, naming the field, and nothing is stored; https URLs elsewhere are kept as they are", async () => {
    const admin = await adminToken();
    const category = await createTestCategory();
    const foreign = "http://evil.example/api/upload/image/demo-test.webp";
    const cases: [Record<string, unknown>, string, string][] = [
      [{ image: foreign }, "image", "Image must be an uploaded image or an https URL"],
      [{ titleImage: foreign }, "titleImage", "Title image must be an uploaded image or an https URL"],
      [
        { video: "http://evil.example/api/upload/movie/demo-test.mp4" },
        "video",
        "Video must be an uploaded video or an https URL",
      ],
      [
        { casts: [{ name: "Ana", image: foreign }] },
        "casts.0.image",
        "Cast image must be an uploaded image or an https URL",
      ],
    ];
    for (const [override, field, message] of cases) {
      const name = uniqueName("Foreign");
      const response = await api("POST", "/api/movie", {
        token: admin,
        body: movieBody(category._id, { name, ...override }),
      });
      expect(response, field).toMatchObject({ status: 400, body: { message, errors: { [field]: [message] } } });
      expect(await db.movie.count({ where: { name } })).toBe(0);
    }

    const user = await freshUser("foreign");
    const refused = await api("PUT", "/api/user", {
      token: user.token,
      body: { fullName: user.fullName, email: user.email, image: foreign },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        message: "Image must be an uploaded image or an https URL",
        errors: { image: ["Image must be an uploaded image or an https URL"] },
      },
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: user._id }, select: { image: true } })).image).toBe("");

    const external = "https://cdn.example.com/api/upload/image/demo-test.webp";
    const kept = await api("POST", "/api/movie", { token: admin, body: movieBody(category._id, { image: external }) });
    expect(kept).toMatchObject({ status: 201, body: { image: external } });
    expect((await storedMovie(kept.body._id)).image).toBe(external);
  });
});

describe("with PUBLIC_URL", () => {
  const PUBLIC_URL = "https://marquee.example.test";
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ PUBLIC_URL });
  }, 90_000);
  afterAll(async () => {
    await app?.stop();
  });

  test("media URLs, the upload answer, sign-in redirects and search-engine links use it; both forms of input are stored as paths", async () => {
    const admin = await adminToken();
    const at = (path: string, init: RequestInit = {}) => fetch(`${app.baseUrl}${path}`, init);

    const picture = await uploadImage(admin, app.baseUrl);
    expect(picture).toMatch(new RegExp(`^${PUBLIC_URL}/api/upload/image/[0-9a-f-]{36}\\.png$`));
    const picturePath = new URL(picture).pathname;

    const category = await createTestCategory();
    // The public URL and the address this request came to are both this site.
    const body = movieBody(category._id, {
      image: picture,
      titleImage: `${app.baseUrl}${IMAGE}`,
      casts: [{ name: "Ana", image: `${PUBLIC_URL}${IMAGE}` }],
    });
    const created = await at("/api/movie", {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(201);
    const movie = (await created.json()) as {
      _id: string;
      image: string;
      titleImage: string;
      video: string;
      casts: { img: string; image: string }[];
    };
    expect(await storedMovie(movie._id)).toEqual({
      image: picturePath,
      titleImage: IMAGE,
      video: VIDEO,
      casts: [{ image: IMAGE }],
    });
    expect(movie).toMatchObject({
      image: picture,
      titleImage: `${PUBLIC_URL}${IMAGE}`,
      video: `${PUBLIC_URL}${VIDEO}`,
    });
    expect(movie.casts[0]).toMatchObject({ img: `${PUBLIC_URL}${IMAGE}`, image: `${PUBLIC_URL}${IMAGE}` });
    const detail = (await (await at(`/api/movie/${movie._id}`)).json()) as typeof movie;
    expect(detail).toEqual(movie);

    // The first instance, without PUBLIC_URL, answers the same rows on its own address.
    expect((await api("GET", `/api/movie/${movie._id}`)).body.image).toBe(`${baseUrl}${picturePath}`);

    const providers = (await (await at("/api/auth/providers")).json()) as { credentials: { signinUrl: string } };
    expect(providers.credentials.signinUrl).toBe(`${PUBLIC_URL}/api/auth/signin/credentials`);

    expect(await (await at("/robots.txt")).text()).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const sitemap = await (await at("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/movie/${movie._id}</loc>`);
    expect(sitemap).not.toContain(app.baseUrl);

    const page = await (await at(`/movie/${movie._id}`)).text();
    expect(page).toContain(`<meta property="og:image" content="${picture}"/>`);
    expect(page).toContain(`<meta name="twitter:image" content="${picture}"/>`);
    expect(page).toContain(`<link rel="canonical" href="${PUBLIC_URL}/movie/${movie._id}"/>`);
    expect(page).toContain(`"image":"${picture}"`);
  }, 90_000); // a whole scenario: many requests in a row
});
