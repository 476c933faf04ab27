// The OpenAPI 3.1 description of /api, served at GET /api/openapi.json, assembled from one module per
// resource in this folder (movies.ts, users.ts, uploads.ts, ...: the groups of docs/api.md). Each
// module declares its paths and the request bodies they take, converted from the zod schemas the
// handlers validate with; response bodies are the zod schemas the data layer's types are inferred
// from (lib/api-shapes.ts), so the document cannot drift from either.
import { z } from "zod";
import { apiShapes } from "@/lib/api-shapes";
import { accountApi } from "./account";
import { adminMoviesApi } from "./admin-movies";
import { adminUsersApi } from "./admin-users";
import { categoriesApi } from "./categories";
import { importsApi } from "./imports";
import { moviesApi } from "./movies";
import { myMoviesApi } from "./my-movies";
import type { ApiResource, JsonSchema } from "./operation";
import { operationsApi } from "./operations";
import { recommendationsApi } from "./recommendations";
import { reviewsApi } from "./reviews";
import { uploadsApi } from "./uploads";
import { usersApi } from "./users";
import { webApi } from "./web";

const resources: ApiResource[] = [
  moviesApi,
  reviewsApi,
  categoriesApi,
  recommendationsApi,
  usersApi,
  accountApi,
  myMoviesApi,
  uploadsApi,
  adminMoviesApi,
  adminUsersApi,
  importsApi,
  operationsApi,
  webApi,
];

/**
 * The response components: every shape lib/api-shapes.ts registered, as JSON Schema of what the
 * server sends (its output side). Converting the registry in one call makes a shape used inside
 * another (a review in a movie detail) a $ref to its component rather than a copy.
 */
function responseSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(apiShapes, {
    io: "output",
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
  });
  // Components are not documents: the dialect is the document's jsonSchemaDialect, and $id would
  // make each component a new base URI that its own $refs resolve against.
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return schemas;
}

/** Joins the modules' entries, refusing a name two of them declare (the later would silently win). */
function joined<T>(parts: (Record<string, T> | undefined)[], what: string): Record<string, T> {
  const all: Record<string, T> = {};
  for (const part of parts) {
    for (const [name, value] of Object.entries(part ?? {})) {
      if (name in all) throw new Error(`OpenAPI: ${what} ${name} is declared twice in lib/openapi/`);
      all[name] = value;
    }
  }
  return all;
}

let cached: JsonSchema | null = null;

export function openApiDocument(): JsonSchema {
  cached ??= {
    openapi: "3.1.0",
    info: {
      title: "Marquee API",
      version: "1.0.0",
      description:
        "The JSON API of Marquee. Errors are `{ message }` (plus `errors` by field for invalid input); unexpected failures are 500 `Something went wrong.`. Uploads are described further in docs/api.md and docs/media.md.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    components: {
      schemas: joined([responseSchemas(), ...resources.map((resource) => resource.requestBodies)], "the schema"),
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The token that POST /api/user returns (valid 30 days)",
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The web session (`__Host-` prefixed over https)",
        },
        metricsToken: {
          type: "http",
          scheme: "bearer",
          description: 'The METRICS_TOKEN setting, for Prometheus (docs/deploy.md "Metrics")',
        },
      },
    },
    paths: joined(
      resources.map((resource) => resource.paths),
      "the path",
    ),
  };
  return cached;
}
