import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import {
  apiShapes,
  categoryShape,
  continueWatchingItemShape,
  healthShape,
  historyPageShape,
  movieDetailShape,
  movieListItemShape,
  movieListPageShape,
  movieSuggestionShape,
  ownReviewShape,
  recommendationRowShape,
  trendingMovieShape,
  reviewPageShape,
  preferencesShape,
  upNextShape,
  uploadConfigShape,
  userInfoShape,
} from "@/lib/api-shapes";
import { createTestMovie } from "../support/catalogue";
import { api } from "../support/http";
import { freshUser, type TestUser } from "../support/users";

type Operation = {
  responses: Record<
    string,
    { content?: Record<string, { schema: { $ref?: string; type?: string; items?: { $ref?: string } } }> }
  >;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const API_FOLDER = path.join(process.cwd(), "app/api");
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** Every route.ts under app/api as its URL path ([id] and [...path] become {id} and {path}), with the methods it exports. */
function apiRoutes(): Map<string, string[]> {
  const routes = new Map<string, string[]>();
  for (const file of fs.readdirSync(API_FOLDER, { recursive: true, encoding: "utf8" })) {
    if (path.basename(file) !== "route.ts") continue;
    const urlPath = ["/api", ...path.dirname(file).split(path.sep)]
      .map((segment) => segment.replace(/^\[(?:\.\.\.)?(.+)\]$/, "{$1}"))
      .join("/");
    const source = fs.readFileSync(path.join(API_FOLDER, file), "utf8");
    routes.set(
      urlPath,
      HTTP_METHODS.filter((method) => new RegExp(`export const ${method}\\b|as ${method}\\b`).test(source)),
    );
  }
  return routes;
}

let document: Document;
beforeAll(async () => {
  const response = await api<Document>("GET", "/api/openapi.json");
  expect(response.status).toBe(200);
  document = response.body;
});

describe("GET /api/openapi.json", () => {
  test("is OpenAPI 3.1 and documents every route under app/api with every method it answers, and nothing else", () => {
    expect(document.openapi).toBe("3.1.0");
    const routes = apiRoutes();
    expect(Object.keys(document.paths).sort()).toEqual([...routes.keys()].sort());
    for (const [urlPath, methods] of routes) {
      expect(
        Object.keys(document.paths[urlPath]!)
          .map((method) => method.toUpperCase())
          .sort(),
        urlPath,
      ).toEqual(methods.sort());
    }
  });

  test("every $ref points at a schema the document holds, and every shape of lib/api-shapes.ts is a component", () => {
    const refs = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
          if (key === "$ref") refs.add(value as string);
          else walk(value);
        }
      }
    };
    walk(document);
    expect(refs.size).toBeGreaterThan(20);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\/[A-Za-z]+$/);
      expect(document.components.schemas[ref.split("/").at(-1)!], ref).toBeDefined();
    }
    for (const name of [
      "MovieDetail",
      "MovieListPage",
      "UploadedFile",
      "UploadConfig",
      "StartedUpload",
      "PartUrls",
      "Health",
      "MediaOverview",
      "Error",
    ]) {
      expect(document.components.schemas[name], name).toBeDefined();
    }
    // A component is not a document of its own: no $schema or $id to rebase its $refs.
    for (const schema of Object.values(document.components.schemas)) expect(schema).not.toHaveProperty("$id");
  });

  test("the detail documents the playback fields, and uploads are multipart/form-data", () => {
    const detail = document.components.schemas.MovieDetail as { required: string[] };
    expect(detail.required).toEqual(
      expect.arrayContaining(["hls", "posterFrame", "thumbnails", "durationSeconds", "subtitles", "casts", "reviews"]),
    );
    const upload = document.paths["/api/upload"]!.post as unknown as {
      requestBody: { content: Record<string, unknown> };
    };
    expect(Object.keys(upload.requestBody.content)).toEqual(["multipart/form-data"]);
  });
});

describe("real answers match their documented shapes", () => {
  let movie: { _id: string; name: string; category: string };
  /** Of the movie's category: the movie is like it, and the viewer's recommendations hold it. */
  let related: { _id: string; name: string };
  let viewer: TestUser;
  beforeAll(async () => {
    movie = await createTestMovie();
    related = await createTestMovie({}, movie.category);
    await createTestMovie({}, movie.category);
    await createTestMovie({}, movie.category);
    viewer = await freshUser("openapi");
    const token = viewer.token;
    expect(
      (
        await api("POST", `/api/movie/review/${movie._id}`, {
          token,
          body: { rating: 4, message: "Worth a second look." },
        })
      ).status,
    ).toBe(200);
    expect((await api("POST", "/api/user/favorite", { token, body: { idMovie: movie._id } })).status).toBe(200);
    expect(
      (await api("PUT", `/api/user/progress/${movie._id}`, { token, body: { position: 300, duration: 600 } })).status,
    ).toBe(200);
    expect((await api("PUT", `/api/user/list/${movie._id}`, { token })).status).toBe(200);
  });

  // [documented path, request path, the zod shape, whether the answer is a list of it, signed in]
  const cases: [string, () => string, z.ZodType, boolean, boolean][] = [
    ["/api/movie", () => "/api/movie?limit=5", movieListPageShape, false, false],
    ["/api/movie/{id}", () => `/api/movie/${movie._id}`, movieDetailShape, false, false],
    [
      "/api/movie/suggest",
      () => `/api/movie/suggest?q=${encodeURIComponent(movie.name)}`,
      movieSuggestionShape,
      true,
      false,
    ],
    ["/api/movie/random", () => "/api/movie/random", movieListItemShape, true, false],
    ["/api/movie/toprate", () => "/api/movie/toprate", movieListItemShape, true, false],
    ["/api/movie/{id}/reviews", () => `/api/movie/${movie._id}/reviews?sort=highest`, reviewPageShape, false, false],
    ["/api/movie/review/{id}", () => `/api/movie/review/${movie._id}`, ownReviewShape, false, true],
    ["/api/category", () => "/api/category", categoryShape, true, false],
    ["/api/upload/config", () => "/api/upload/config", uploadConfigShape, false, false],
    ["/api/health", () => "/api/health", healthShape, false, false],
    ["/api/user/favorite", () => "/api/user/favorite", movieListItemShape, true, true],
    ["/api/user/progress", () => "/api/user/progress", continueWatchingItemShape, true, true],
    ["/api/movie/trending", () => "/api/movie/trending", trendingMovieShape, true, false],
    ["/api/movie/{id}/similar", () => `/api/movie/${related._id}/similar`, movieListItemShape, true, false],
    ["/api/user/recommendations", () => "/api/user/recommendations", recommendationRowShape, true, true],
    ["/api/user/list", () => "/api/user/list", movieListItemShape, true, true],
    ["/api/user/history", () => "/api/user/history", historyPageShape, false, true],
    ["/api/user/preferences", () => "/api/user/preferences", preferencesShape, false, true],
    ["/api/movie/{id}/next", () => `/api/movie/${movie._id}/next`, upNextShape, false, true],
  ];

  test.each(cases)("GET %s", async (documented, requestPath, shape, isList, signedIn) => {
    const response = await api("GET", requestPath(), { token: signedIn ? viewer.token : undefined });
    expect(response.status).toBe(200);
    const body = response.body as unknown[];
    if (isList) expect(body.length).toBeGreaterThan(0);
    // Parsing strips keys the shape does not know, so equality also proves nothing undocumented is sent.
    const schema = isList ? shape.array() : shape;
    expect(schema.parse(body)).toEqual(body);

    const component = `#/components/schemas/${apiShapes.get(shape)!.id}`;
    const documentedSchema = document.paths[documented]!.get!.responses["200"]!.content!["application/json"]!.schema;
    expect(isList ? documentedSchema.items?.$ref : documentedSchema.$ref).toBe(component);
  });

  test("the user info the log-in answers", async () => {
    const response = await api("POST", "/api/user", { body: { email: viewer.email, password: viewer.password } });
    expect(response.status).toBe(200);
    expect(userInfoShape.parse(response.body)).toEqual(response.body);
    expect(response.body.token).toEqual(expect.any(String));
  });
});
