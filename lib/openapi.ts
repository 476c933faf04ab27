// The OpenAPI 3.1 description of /api, served at GET /api/openapi.json. Request bodies come from
// the same zod schemas the handlers validate with, so the document cannot drift from them.
import { z } from "zod";
import { categorySchema } from "@/lib/validation/category";
import { favoriteToggleSchema } from "@/lib/validation/favorite";
import { watchProgressSchema } from "@/lib/validation/progress";
import { FIRST_FILM_YEAR, LANGUAGES, MOVIE_HOURS_MAX, MOVIE_HOURS_MIN, movieCreateSchema, movieUpdateSchema } from "@/lib/validation/movie";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MOVIE_SORTS } from "@/lib/validation/movie-query";
import { reviewSchema } from "@/lib/validation/review";
import { adminRoleSchema } from "@/lib/validation/admin-user";
import { loginSchema, passwordSchema, profileSchema, registerSchema } from "@/lib/validation/user";

type JsonSchema = Record<string, unknown>;

/**
 * A request schema as JSON Schema (its input side). Numbers that also accept digit strings come
 * out as integers without their bounds (zod cannot see through the preprocessing), so the known
 * bounds are put back here.
 */
function requestSchema(schema: z.ZodType, bounds: Record<string, { minimum: number; maximum?: number }> = {}, required: string[] = []): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema & {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  delete json.$schema;
  for (const [field, bound] of Object.entries(bounds)) {
    if (json.properties?.[field]) json.properties[field] = { type: "integer", ...bound };
  }
  if (required.length) json.required = [...new Set([...(json.required ?? []), ...required])];
  return json;
}

const str = { type: "string" };
const int = { type: "integer" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const arrayOf = (name: string) => ({ type: "array", items: ref(name) });
const object = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({ type: "object", properties, required });
const dateTime = { type: "string", format: "date-time" };
/** CONTRACT.md section 3: this site's files come back absolute; the database keeps paths. */
const mediaUrl = {
  type: "string",
  description: "Absolute URL: this site's files on PUBLIC_URL (else NEXTAUTH_URL, else the request's origin), or an external https URL; empty for no picture",
};

const movieFields = {
  _id: { type: "string", format: "uuid" },
  name: str,
  desc: str,
  titleImage: mediaUrl,
  image: mediaUrl,
  language: { type: "string", enum: [...LANGUAGES] },
  year: int,
  hour: int,
  video: mediaUrl,
  rate: { type: "number", minimum: 0, maximum: 5, description: "Mean review rating, one decimal; 0 without reviews" },
  countReviews: int,
  createdAt: dateTime,
};

const numberBounds = {
  year: { minimum: FIRST_FILM_YEAR, maximum: new Date().getFullYear() + 1 },
  hour: { minimum: MOVIE_HOURS_MIN, maximum: MOVIE_HOURS_MAX },
};

const schemas: Record<string, unknown> = {
  LoginBody: requestSchema(loginSchema),
  RegisterBody: requestSchema(registerSchema),
  ProfileBody: requestSchema(profileSchema),
  PasswordBody: requestSchema(passwordSchema),
  FavoriteToggleBody: requestSchema(favoriteToggleSchema),
  WatchProgressBody: requestSchema(watchProgressSchema),
  ReviewBody: requestSchema(reviewSchema, { rating: { minimum: 0, maximum: 5 } }, ["rating"]),
  CategoryBody: requestSchema(categorySchema),
  AdminRoleBody: requestSchema(adminRoleSchema),
  MovieCreateBody: requestSchema(movieCreateSchema, numberBounds, ["year", "hour"]),
  MovieUpdateBody: requestSchema(movieUpdateSchema, numberBounds),
  Error: {
    type: "object",
    properties: {
      message: str,
      errors: { type: "object", additionalProperties: { type: "array", items: str }, description: "Validation errors by field" },
    },
    required: ["message"],
  },
  Message: object({ message: str }),
  UserInfo: object(
    { _id: { type: "string", format: "uuid" }, fullName: str, email: { type: "string", format: "email" }, image: mediaUrl, isAdmin: { type: "boolean" }, token: str },
    ["_id", "fullName", "email", "image", "isAdmin"],
  ),
  Category: object({ _id: { type: "string", format: "uuid" }, name: str, createdAt: dateTime, updatedAt: dateTime }),
  MovieListItem: object({ ...movieFields, category: object({ _id: str, name: str }) }),
  MovieDetail: object({
    ...movieFields,
    category: { type: "string", format: "uuid", description: "The category's id" },
    categoryName: str,
    casts: { type: "array", items: object({ _id: str, name: str, img: mediaUrl, image: mediaUrl }) },
    reviews: {
      type: "array",
      description: "The newest 100, in oldest-first order; countReviews is the total",
      items: object({ _id: str, userId: str, userName: str, userImage: mediaUrl, rating: int, comment: str, createdAt: dateTime }),
    },
    subtitles: { type: "array", description: "WebVTT subtitle tracks, in the order the admin listed them", items: ref("Subtitle") },
  }),
  Subtitle: object({ language: { type: "string", description: "BCP 47 language tag, e.g. `en` or `pt-BR`" }, label: str, url: { ...mediaUrl, description: "The WebVTT file (absolute URL)" } }),
  WatchProgress: object({ movieId: { type: "string", format: "uuid" }, position: { type: "number", description: "Seconds from the start" }, duration: { type: "number", description: "The video's length in seconds" }, updatedAt: dateTime }),
  ContinueWatchingItem: {
    allOf: [ref("MovieListItem"), object({ progress: object({ position: { type: "number" }, duration: { type: "number" }, updatedAt: dateTime }) })],
  },
  AdminUser: object({ _id: { type: "string", format: "uuid" }, fullName: str, email: { type: "string", format: "email" }, image: mediaUrl, isAdmin: { type: "boolean" }, createdAt: dateTime }),
  AdminUserPage: object({ users: arrayOf("AdminUser"), usersCount: int, totalPage: int, currentPage: int }),
  MovieListPage: object({ movies: arrayOf("MovieListItem"), moviesCount: int, totalPage: int, currentPage: int }),
  MovieSuggestion: object({ _id: str, name: str, year: int, image: str, category: object({ _id: str, name: str }) }),
  FavoriteToggle: object({ message: { type: "string", enum: ["Movie added to favorites", "Movie removed from favorites"] }, liked: { type: "boolean" } }),
  PasswordChanged: object({ message: { type: "string", const: "Password updated successfully" }, token: str }),
};

const jsonContent = (schema: unknown) => ({ "application/json": { schema } });
const ok = (description: string, schema: unknown, status = "200") => ({ [status]: { description, content: jsonContent(schema) } });
const error = (status: string, description: string) => ({ [status]: { description, content: jsonContent(ref("Error")) } });
const body = (name: string) => ({ required: true, content: jsonContent(ref(name)) });
const idParam = (what: string) => [{ name: "id", in: "path", required: true, description: `The ${what}'s id (a malformed id is a 404)`, schema: str }];

const movieIdParam = [{ name: "movieId", in: "path", required: true, description: "The movie's id (a malformed id is a 404)", schema: str }];

const invalid = error("400", "Invalid input: `message` is the first validation message, `errors` lists them by field");
const signedIn = { security: [{ bearer: [] }, { session: [] }] };
const userErrors = error("401", "No, invalid or expired credentials");
const adminErrors = { ...userErrors, ...error("403", "Signed in, but not an admin") };

const listingParams = [
  { name: "category", description: "A category id, or a category name" },
  { name: "time", description: "Running time in hours (digits only)" },
  { name: "language", description: "Language, any case" },
  { name: "rate", description: "Minimum rate (digits only)" },
  { name: "year", description: "Year (digits only)" },
  { name: "search", description: "Words of the title, cast or category, in any order; forgives case, accents, punctuation and typos (1 in words of 5-8 letters, 2 from 9); the last word may be a prefix; best matches first (docs/api.md, Search)" },
  { name: "sort", description: `Order: ${MOVIE_SORTS.join(", ")} (rate = top rated, name = A-Z); without it best matches first for a search, else newest first` },
  { name: "page", description: "1-based page (digits only); a page past the end is an empty list" },
  { name: "limit", description: `Page size, default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}` },
].map((p) => ({ ...p, in: "query", required: false, schema: str }));

const adminUserParams = [
  { name: "page", description: "1-based page (digits only)" },
  { name: "limit", description: "Page size, default 20, at most 100" },
].map((p) => ({ ...p, in: "query", required: false, schema: str }));

const notOnYourself = error("400", "The target is the caller (`You cannot change or delete your own account here`), or invalid input");

const paths = {
  "/api/admin/users": {
    get: { summary: "Every account, newest first (admin Users page)", tags: ["admin"], ...signedIn, parameters: adminUserParams, responses: { ...ok("A page of users", ref("AdminUserPage")), ...error("400", "page or limit is not digits, or limit > 100"), ...adminErrors } },
  },
  "/api/admin/users/{id}": {
    put: { summary: "Grant or revoke the admin role (never one's own)", tags: ["admin"], ...signedIn, parameters: idParam("user"), requestBody: body("AdminRoleBody"), responses: { ...ok("The user", ref("AdminUser")), ...notOnYourself, ...adminErrors, ...error("404", "User not found") } },
    delete: { summary: "Delete an account with its favourites and reviews (never one's own, never the last admin)", tags: ["admin"], ...signedIn, parameters: idParam("user"), responses: { ...ok("`User deleted successfully`", ref("Message")), ...notOnYourself, ...adminErrors, ...error("404", "User not found"), ...error("409", "The last admin cannot be deleted") } },
  },
  "/api/user": {
    post: { summary: "Log in", tags: ["user"], requestBody: body("LoginBody"), responses: { ...ok("The user, with a bearer token", ref("UserInfo")), ...error("400", "Invalid input, or `Email or password is invalid`"), ...error("429", "Too many failed attempts (see Retry-After)") } },
    put: { summary: "Update the profile (the email is read-only)", tags: ["user"], ...signedIn, requestBody: body("ProfileBody"), responses: { ...ok("The user, with a fresh token", ref("UserInfo")), ...invalid, ...userErrors } },
    delete: { summary: "Delete the account, its favourites and reviews", tags: ["user"], ...signedIn, responses: { ...ok("Deleted", ref("Message")), ...userErrors, ...error("409", "The last admin cannot delete itself") } },
  },
  "/api/user/register": {
    post: { summary: "Register", tags: ["user"], requestBody: body("RegisterBody"), responses: { ...ok("The new user (no token: log in next)", ref("UserInfo"), "201"), ...invalid, ...error("409", "`<email> is already registered`") } },
  },
  "/api/user/password": {
    put: { summary: "Change the password; ends every session and token, the caller's included, and answers a fresh token. The confirmation is optional; when sent it must match (`Passwords must match`)", tags: ["user"], ...signedIn, requestBody: body("PasswordBody"), responses: { ...ok("Changed, with a fresh token", ref("PasswordChanged")), ...error("400", "Invalid input, `Passwords must match`, or `Old password is incorrect`"), ...userErrors } },
  },
  "/api/user/favorite": {
    get: { summary: "The favourites, most recently liked first", tags: ["favorites"], ...signedIn, responses: { ...ok("Movies", arrayOf("MovieListItem")), ...userErrors } },
    post: { summary: "Like or unlike a movie (toggles)", tags: ["favorites"], ...signedIn, requestBody: body("FavoriteToggleBody"), responses: { ...ok("The new state", ref("FavoriteToggle")), ...invalid, ...userErrors, ...error("404", "Movie not found") } },
    delete: { summary: "Remove every favourite", tags: ["favorites"], ...signedIn, responses: { ...ok("Removed", ref("Message")), ...userErrors } },
  },
  "/api/user/progress": {
    get: { summary: "Continue watching: movies between 5% and 95% watched, most recently watched first (at most 20)", tags: ["progress"], ...signedIn, responses: { ...ok("Movies with where the user stopped", arrayOf("ContinueWatchingItem")), ...userErrors } },
  },
  "/api/user/progress/{movieId}": {
    put: { summary: "Save where the user is in a movie (one row per user and movie)", tags: ["progress"], ...signedIn, parameters: movieIdParam, requestBody: body("WatchProgressBody"), responses: { ...ok("Saved", ref("WatchProgress")), ...invalid, ...userErrors, ...error("404", "Movie not found") } },
    post: { summary: "The same save as PUT, for navigator.sendBeacon (which can only POST); send the body as application/json", tags: ["progress"], ...signedIn, parameters: movieIdParam, requestBody: body("WatchProgressBody"), responses: { ...ok("Saved", ref("WatchProgress")), ...invalid, ...userErrors, ...error("404", "Movie not found") } },
    delete: { summary: "Remove a movie from Continue watching (idempotent)", tags: ["progress"], ...signedIn, parameters: movieIdParam, responses: { ...ok("`Removed from Continue watching`", ref("Message")), ...userErrors, ...error("404", "Malformed movie id") } },
  },
  "/api/user/favorite/{id}": {
    delete: { summary: "Remove one favourite (idempotent)", tags: ["favorites"], ...signedIn, parameters: idParam("movie"), responses: { ...ok("Removed", ref("Message")), ...userErrors, ...error("404", "Malformed movie id") } },
  },
  "/api/movie": {
    get: { summary: "List, filter, search and paginate movies", tags: ["movies"], parameters: listingParams, responses: { ...ok("A page of movies", ref("MovieListPage")), ...error("400", "A digits-only parameter carried something else, or limit > 50") } },
    post: { summary: "Create a movie", tags: ["movies"], ...signedIn, requestBody: body("MovieCreateBody"), responses: { ...ok("The movie", ref("MovieDetail"), "201"), ...invalid, ...adminErrors } },
  },
  "/api/movie/suggest": {
    get: {
      summary: "Movies for the text typed so far (the header's suggestions), by the search rules",
      tags: ["movies"],
      parameters: [{ name: "q", in: "query", required: false, description: "The text typed so far (at most 200 characters); empty gives []", schema: str }],
      responses: { ...ok("Up to 8 movies, best match first", { type: "array", items: ref("MovieSuggestion") }), ...error("400", "q is longer than 200 characters") },
    },
  },
  "/api/movie/{id}": {
    get: { summary: "A movie with its cast and its newest 100 reviews (oldest first)", tags: ["movies"], parameters: idParam("movie"), responses: { ...ok("The movie", ref("MovieDetail")), ...error("404", "Movie not found") } },
    put: { summary: "Edit a movie (any of the create fields; casts replaces the cast)", tags: ["movies"], ...signedIn, parameters: idParam("movie"), requestBody: body("MovieUpdateBody"), responses: { ...ok("The movie", ref("MovieDetail")), ...invalid, ...adminErrors, ...error("404", "Movie not found") } },
    delete: { summary: "Delete a movie with its reviews, favourites and cast", tags: ["movies"], ...signedIn, parameters: idParam("movie"), responses: { ...ok("Deleted", ref("Message")), ...adminErrors, ...error("404", "Movie not found") } },
  },
  "/api/movie/random": { get: { summary: "8 distinct random movies", tags: ["movies"], responses: ok("Movies", arrayOf("MovieListItem")) } },
  "/api/movie/toprate": { get: { summary: "The 10 best rated movies (then most reviewed, then by name)", tags: ["movies"], responses: ok("Movies", arrayOf("MovieListItem")) } },
  "/api/movie/review/{id}": {
    post: { summary: "Review a movie; a second review by the same user replaces the first", tags: ["reviews"], ...signedIn, parameters: idParam("movie"), requestBody: body("ReviewBody"), responses: { ...ok("The movie, rate and reviews updated", ref("MovieDetail")), ...invalid, ...userErrors, ...error("404", "Movie not found") } },
  },
  "/api/category": {
    get: { summary: "Every category, by name", tags: ["categories"], responses: ok("Categories", arrayOf("Category")) },
    post: { summary: "Create a category", tags: ["categories"], ...signedIn, requestBody: body("CategoryBody"), responses: { ...ok("The category", ref("Category"), "201"), ...invalid, ...adminErrors, ...error("409", "A category of that name (any case) exists") } },
  },
  "/api/category/{id}": {
    get: { summary: "A category", tags: ["categories"], parameters: idParam("category"), responses: { ...ok("The category", ref("Category")), ...error("404", "Category not found") } },
    put: { summary: "Rename a category", tags: ["categories"], ...signedIn, parameters: idParam("category"), requestBody: body("CategoryBody"), responses: { ...ok("The category", ref("Category")), ...invalid, ...adminErrors, ...error("404", "Category not found"), ...error("409", "A category of that name exists") } },
    delete: { summary: "Delete an unused category", tags: ["categories"], ...signedIn, parameters: idParam("category"), responses: { ...ok("`Delete category successfully`", ref("Message")), ...adminErrors, ...error("404", "Category not found"), ...error("409", "Movies still use it (the message says how many)") } },
  },
};

let cached: JsonSchema | null = null;

export function openApiDocument(): JsonSchema {
  cached ??= {
    openapi: "3.1.0",
    info: {
      title: "Marquee API",
      version: "1.0.0",
      description:
        "The JSON API of Marquee. Errors are `{ message }` (plus `errors` by field for invalid input); unexpected failures are 500 `Something went wrong.`. Uploads (`/api/upload`) are described in docs/api.md.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The token that POST /api/user returns (valid 30 days)" },
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "The web session (`__Secure-` prefixed over https)" },
      },
    },
    paths,
  };
  return cached;
}
