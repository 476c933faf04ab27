// The OpenAPI 3.1 description of /api, served at GET /api/openapi.json. Request bodies come from
// the zod schemas the handlers validate with, response bodies from the zod schemas the data layer's
// types are inferred from (lib/api-shapes.ts), so the document cannot drift from either.
import { z } from "zod";
import { apiShapes } from "@/lib/api-shapes";
import { abortSchema, completeSchema, partUrlsSchema, startSchema } from "@/lib/media/direct-upload";
import { categorySchema } from "@/lib/validation/category";
import { favoriteToggleSchema } from "@/lib/validation/favorite";
import { historyMarkSchema, watchProgressSchema } from "@/lib/validation/progress";
import { preferencesSchema } from "@/lib/validation/preferences";
import {
  FIRST_FILM_YEAR,
  MOVIE_HOURS_MAX,
  MOVIE_HOURS_MIN,
  movieCreateSchema,
  movieUpdateSchema,
} from "@/lib/validation/movie";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MOVIE_SORTS } from "@/lib/validation/movie-query";
import { reviewSchema } from "@/lib/validation/review";
import { MAX_REVIEW_PAGE_SIZE, REVIEW_PAGE_SIZE, REVIEW_SORTS } from "@/lib/validation/review-options";
import { ADMIN_USER_ROLES, ADMIN_USER_SORTS, adminRoleSchema, adminUsersBulkSchema } from "@/lib/validation/admin-user";
import {
  ADMIN_MEDIA_FILTERS,
  ADMIN_MOVIE_PAGE_SIZES,
  ADMIN_MOVIE_SORTS,
  ADMIN_STATUS_FILTERS,
  adminMovieBulkSchema,
} from "@/lib/validation/admin-movie";
import { catalogueJsonSchema } from "@/lib/validation/catalogue";
import { IMPORT_OUTCOMES, exportQuerySchema, folderImportSchema } from "@/lib/validation/import";
import { loginSchema, passwordSchema, profileSchema, registerSchema } from "@/lib/validation/user";
import {
  addPasskeySchema,
  deleteAccountSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  linkTokenSchema,
  passkeyChallengeSchema,
  passkeyLoginSchema,
  resetPasswordSchema,
} from "@/lib/validation/account";

type JsonSchema = Record<string, unknown>;

/**
 * A request schema as JSON Schema (its input side). Numbers that also accept digit strings come
 * out as integers without their bounds (zod cannot see through the preprocessing), so the known
 * bounds are put back here.
 */
function requestSchema(
  schema: z.ZodType,
  bounds: Record<string, { minimum: number; maximum?: number }> = {},
  required: string[] = [],
): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema & {
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
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const arrayOf = (name: string) => ({ type: "array", items: ref(name) });

const numberBounds = {
  year: { minimum: FIRST_FILM_YEAR, maximum: new Date().getFullYear() + 1 },
  hour: { minimum: MOVIE_HOURS_MIN, maximum: MOVIE_HOURS_MAX },
};

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

const requestSchemas: Record<string, JsonSchema> = {
  LoginBody: requestSchema(loginSchema),
  RegisterBody: requestSchema(registerSchema),
  ProfileBody: requestSchema(profileSchema),
  PasswordBody: requestSchema(passwordSchema),
  ForgotPasswordBody: requestSchema(forgotPasswordSchema),
  ResetPasswordBody: requestSchema(resetPasswordSchema),
  LinkTokenBody: requestSchema(linkTokenSchema),
  EmailChangeBody: requestSchema(emailChangeSchema),
  DeleteAccountBody: requestSchema(deleteAccountSchema),
  AddPasskeyBody: requestSchema(addPasskeySchema),
  PasskeyChallengeBody: requestSchema(passkeyChallengeSchema),
  PasskeyLoginBody: requestSchema(passkeyLoginSchema),
  FavoriteToggleBody: requestSchema(favoriteToggleSchema),
  WatchProgressBody: requestSchema(watchProgressSchema),
  HistoryMarkBody: requestSchema(historyMarkSchema),
  PreferencesBody: requestSchema(preferencesSchema),
  ReviewBody: requestSchema(reviewSchema, { rating: { minimum: 0, maximum: 5 } }, ["rating"]),
  CategoryBody: requestSchema(categorySchema),
  AdminRoleBody: requestSchema(adminRoleSchema),
  MovieCreateBody: requestSchema(movieCreateSchema, numberBounds, ["year", "hour"]),
  MovieUpdateBody: requestSchema(movieUpdateSchema, numberBounds),
  DirectUploadStartBody: requestSchema(startSchema),
  DirectUploadPartUrlsBody: requestSchema(partUrlsSchema),
  DirectUploadCompleteBody: requestSchema(completeSchema),
  DirectUploadAbortBody: requestSchema(abortSchema),
  AdminMovieBulkBody: requestSchema(adminMovieBulkSchema),
  AdminUsersBulkBody: requestSchema(adminUsersBulkSchema),
  FolderImportBody: requestSchema(folderImportSchema),
  // The document's dialect applies; a component carries no $schema of its own.
  CatalogueFile: (() => {
    const schema = catalogueJsonSchema();
    delete schema.$schema;
    return schema;
  })(),
  ImportFileBody: {
    type: "object",
    properties: {
      file: {
        type: "string",
        contentMediaType: "text/csv",
        description: "The catalogue: a .csv or .json file in the format of the CatalogueFile schema (docs/import.md)",
      },
      dryRun: { type: "string", enum: ["true", "false"], description: "true: check every row, change nothing" },
    },
    required: ["file"],
  },
  FileUploadBody: {
    type: "object",
    properties: { file: { type: "string", contentMediaType: "application/octet-stream", description: "The file" } },
    required: ["file"],
  },
};

const jsonContent = (schema: unknown) => ({ "application/json": { schema } });
const ok = (description: string, schema: unknown, status = "200") => ({
  [status]: { description, content: jsonContent(schema) },
});
const error = (status: string, description: string) => ({
  [status]: { description, content: jsonContent(ref("Error")) },
});
const body = (name: string) => ({ required: true, content: jsonContent(ref(name)) });
const idParam = (what: string) => [
  { name: "id", in: "path", required: true, description: `The ${what}'s id (a malformed id is a 404)`, schema: str },
];

const movieIdParam = [
  { name: "movieId", in: "path", required: true, description: "The movie's id (a malformed id is a 404)", schema: str },
];

const invalid = error("400", "Invalid input: `message` is the first validation message, `errors` lists them by field");
const signedIn = { security: [{ bearer: [] }, { session: [] }] };
const userErrors = error("401", "No, invalid or expired credentials");
/** Wrong passwords typed while signed in are throttled like failed logins (docs/security.md). */
const tooManyWrongPasswords = error(
  "429",
  "`Too many wrong passwords, please try again later` (LOGIN_RATE_LIMIT wrong passwords per LOGIN_RATE_WINDOW_SECONDS, counted across the password change, the email change and account deletion; even the right password until Retry-After)",
);
const adminErrors = { ...userErrors, ...error("403", "Signed in, but not an admin") };

const listingParams = [
  { name: "category", description: "A category id, or a category name" },
  { name: "time", description: "Running time in hours (digits only)" },
  { name: "language", description: "Language, any case" },
  { name: "rate", description: "Minimum rate (digits only)" },
  { name: "year", description: "Year (digits only)" },
  {
    name: "search",
    description:
      "Words of the title, cast or category, in any order; forgives case, accents, punctuation and typos (1 in words of 5-8 letters, 2 from 9); the last word may be a prefix; best matches first (docs/api.md, Search)",
  },
  {
    name: "sort",
    description: `Order: ${MOVIE_SORTS.join(", ")} (rate = top rated, name = A-Z); without it best matches first for a search, else newest first`,
  },
  { name: "page", description: "1-based page (digits only); a page past the end is an empty list" },
  { name: "limit", description: `Page size, default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}` },
].map((p) => ({ ...p, in: "query", required: false, schema: str }));

const historyParams = [
  { name: "page", description: "1-based page (digits only); a page past the end is an empty list" },
  { name: "limit", description: "Page size, default 20, at most 50" },
].map((p) => ({ ...p, in: "query", required: false, schema: str }));

const adminUserParams = [
  { name: "search", description: "Part of the name or the email, any case" },
  { name: "role", description: `Only ${ADMIN_USER_ROLES.join(" or ")} accounts` },
  { name: "sort", description: `${ADMIN_USER_SORTS.join(", ")}; newest accounts first without it` },
  { name: "order", description: "asc or desc; newest first for joined, A-Z for the others without it" },
  { name: "page", description: "1-based page (digits only)" },
  { name: "limit", description: "Page size, default 20, at most 100" },
].map((p) => ({ ...p, in: "query", required: false, schema: str }));

const adminMovieParams = [
  { name: "search", description: "The site's own search (typo-tolerant; docs/api.md, Search)" },
  { name: "category", description: "A category id" },
  { name: "status", description: `${ADMIN_STATUS_FILTERS.join(" or ")}` },
  {
    name: "media",
    description: `The video: ${ADMIN_MEDIA_FILTERS.join(", ")} (original: not transcoded; none: no video at all)`,
  },
  {
    name: "sort",
    description: `${ADMIN_MOVIE_SORTS.join(", ")}; without it best matches first for a search, else newest first`,
  },
  { name: "order", description: "asc or desc; newest first for created, A-Z for the others without it" },
  { name: "page", description: "1-based page (digits only)" },
  { name: "limit", description: `Page size: ${ADMIN_MOVIE_PAGE_SIZES.join(", ")} (default 50)` },
].map((p) => ({ ...p, in: "query", required: false, schema: str }));

const multipart = {
  required: true,
  content: { "multipart/form-data": { schema: ref("FileUploadBody") } },
};
const uploadRefusals = {
  ...error("413", "The file is too large (the message gives the limit)"),
  ...error("415", "The file's type is not accepted"),
  ...error("429", "Upload rate or daily quota reached (see Retry-After; admins are unlimited)"),
};
const noDirectUpload = error("404", "Direct uploads need the s3 storage driver");

const pathParam = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: str,
});
const hlsPath = pathParam("path", "`<movieId>/<jobId>/<file>`: several segments, only names the transcode writes");
/** The files under /api/upload: streamed with Range support (docs/media.md), not JSON. */
const storedFile = (summary: string, parameters: unknown[]) => ({
  summary: `${summary}; Range, If-Range, ETag and \`?download=1[&name=...]\` (docs/media.md)`,
  tags: ["uploads"],
  parameters,
  responses: {
    "200": {
      description: "The file",
      content: {
        "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } },
      },
    },
    "206": { description: "The requested range" },
    "302": { description: "s3 driver: a short-lived signed URL to fetch it from" },
    "304": { description: "Not modified" },
    ...error("404", "File not found"),
    "416": { description: "The range cannot be satisfied" },
  },
});
const nextAuth = {
  summary:
    "NextAuth's own endpoints for the web UI (session, csrf, sign-in callbacks); API clients use POST /api/user and a bearer token",
  tags: ["web"],
  parameters: [
    pathParam("nextauth", "NextAuth's route, possibly several segments (e.g. `session`, `callback/credentials`)"),
  ],
  responses: { "200": { description: "NextAuth's answer" } },
};

const notOnYourself = error(
  "400",
  "The target is the caller (`You cannot change or delete your own account here`), or invalid input",
);

/** PUT and POST /api/user/progress/{movieId} are one operation (POST is for sendBeacon). */
const saveProgress = {
  summary: "Save where the user is in a movie (one row per user and movie)",
  tags: ["progress"],
  ...signedIn,
  parameters: movieIdParam,
  requestBody: body("WatchProgressBody"),
  responses: {
    ...ok("Saved", ref("WatchProgress")),
    ...invalid,
    ...userErrors,
    ...error("404", "Movie not found"),
  },
};

const importId = idParam("import");
const imported = (description: string) => ({ "202": { description, content: jsonContent(ref("ImportSummary")) } });

const paths = {
  "/api/admin/movies": {
    get: {
      summary: "The admin movie list: drafts included, searched, filtered, sorted, paginated",
      tags: ["admin"],
      ...signedIn,
      parameters: adminMovieParams,
      responses: {
        ...ok("A page of movies", ref("AdminMoviePage")),
        ...error("400", "A parameter is not one of its values"),
        ...adminErrors,
      },
    },
  },
  "/api/admin/movies/{id}": {
    get: {
      summary: "A movie for the edit form, draft or published",
      tags: ["admin"],
      ...signedIn,
      parameters: idParam("movie"),
      responses: { ...ok("The movie", ref("AdminMovieDetail")), ...adminErrors, ...error("404", "Movie not found") },
    },
  },
  "/api/admin/categories": {
    get: {
      summary: "Every category, by name, with how many movies use it (drafts included)",
      tags: ["admin"],
      ...signedIn,
      responses: { ...ok("Categories", arrayOf("AdminCategory")), ...adminErrors },
    },
  },
  "/api/admin/movies/bulk": {
    post: {
      summary: "Delete, move to a category, transcode again, publish or unpublish the selected movies (at most 100)",
      tags: ["admin"],
      ...signedIn,
      requestBody: body("AdminMovieBulkBody"),
      responses: {
        ...ok("What was done, and for which movies it was not", ref("AdminMovieBulkResult")),
        ...error("400", "Invalid input, an unknown category, or transcoding is off"),
        ...adminErrors,
      },
    },
  },
  "/api/admin/users/bulk": {
    post: {
      summary: "Delete the selected accounts (never one's own, never the last admin)",
      tags: ["admin"],
      ...signedIn,
      requestBody: body("AdminUsersBulkBody"),
      responses: {
        ...ok("What was done, and for which accounts it was not", ref("AdminUsersBulkResult")),
        ...invalid,
        ...adminErrors,
      },
    },
  },
  "/api/admin/imports": {
    get: {
      summary: "The latest catalogue imports, newest first",
      tags: ["import"],
      ...signedIn,
      responses: { ...ok("Imports", arrayOf("ImportSummary")), ...adminErrors },
    },
    post: {
      summary: "Import a CSV or JSON catalogue file (docs/import.md); a background job checks or applies each row",
      tags: ["import"],
      ...signedIn,
      requestBody: { required: true, content: { "multipart/form-data": { schema: ref("ImportFileBody") } } },
      responses: {
        ...imported("Recorded and queued"),
        ...error("400", "Not multipart, not CSV or JSON, not UTF-8, unreadable, empty or over 10,000 movies"),
        ...adminErrors,
        ...error("413", "The file is over 64 MB"),
      },
    },
  },
  "/api/admin/imports/folder": {
    post: {
      summary: 'Import the films of IMPORT_DIR ("Title (Year).mkv") as drafts',
      tags: ["import"],
      ...signedIn,
      requestBody: body("FolderImportBody"),
      responses: { ...imported("Recorded and queued"), ...error("400", "IMPORT_DIR is not set"), ...adminErrors },
    },
  },
  "/api/admin/imports/{id}": {
    get: {
      summary: "Where an import stands: state, progress, counts by outcome",
      tags: ["import"],
      ...signedIn,
      parameters: importId,
      responses: { ...ok("The import", ref("ImportSummary")), ...adminErrors, ...error("404", "Import not found") },
    },
  },
  "/api/admin/imports/{id}/rows": {
    get: {
      summary: "Every row's outcome and errors (row, field, message), 50 at a time",
      tags: ["import"],
      ...signedIn,
      parameters: [
        ...importId,
        ...[
          { name: "page", description: "1-based page (digits only)" },
          { name: "outcome", description: `Only rows of one outcome: ${IMPORT_OUTCOMES.join(", ")}` },
        ].map((p) => ({ ...p, in: "query", required: false, schema: str })),
      ],
      responses: {
        ...ok("A page of rows", ref("ImportRowPage")),
        ...invalid,
        ...adminErrors,
        ...error("404", "Import not found"),
      },
    },
  },
  "/api/admin/imports/{id}/run": {
    post: {
      summary: "Run a finished dry run for real, as a new import",
      tags: ["import"],
      ...signedIn,
      parameters: importId,
      responses: {
        ...imported("Recorded and queued"),
        ...error("400", "Not a dry run, or not finished"),
        ...adminErrors,
        ...error("404", "Import not found"),
      },
    },
  },
  "/api/admin/export": {
    get: {
      summary: "The catalogue as a file in the import's format (CatalogueFile), media as absolute URLs",
      tags: ["import"],
      ...signedIn,
      parameters: Object.keys(exportQuerySchema.shape).map((name) => ({
        name,
        in: "query",
        required: false,
        description: {
          format: "json (default) or csv",
          category: "Only this category's movies (an id)",
          status: "Only published movies, or only drafts",
        }[name],
        schema: str,
      })),
      responses: {
        "200": {
          description: "The file, as an attachment",
          content: {
            "application/json": { schema: ref("CatalogueFile") },
            "text/csv": { schema: { type: "string" } },
          },
        },
        ...invalid,
        ...adminErrors,
      },
    },
  },
  "/api/admin/users": {
    get: {
      summary:
        "Every account, newest first unless sorted otherwise, searched by name or email, filtered by role (admin Users page)",
      tags: ["admin"],
      ...signedIn,
      parameters: adminUserParams,
      responses: {
        ...ok("A page of users", ref("AdminUserPage")),
        ...error("400", "A parameter is not one of its values, page or limit is not digits, or limit > 100"),
        ...adminErrors,
      },
    },
  },
  "/api/admin/users/{id}": {
    put: {
      summary: "Grant or revoke the admin role (never one's own)",
      tags: ["admin"],
      ...signedIn,
      parameters: idParam("user"),
      requestBody: body("AdminRoleBody"),
      responses: {
        ...ok("The user", ref("AdminUser")),
        ...notOnYourself,
        ...adminErrors,
        ...error("404", "User not found"),
      },
    },
    delete: {
      summary: "Delete an account with its favourites and reviews (never one's own, never the last admin)",
      tags: ["admin"],
      ...signedIn,
      parameters: idParam("user"),
      responses: {
        ...ok("`User deleted successfully`", ref("Message")),
        ...notOnYourself,
        ...adminErrors,
        ...error("404", "User not found"),
        ...error("409", "The last admin cannot be deleted"),
      },
    },
  },
  "/api/user": {
    post: {
      summary: "Log in",
      tags: ["user"],
      requestBody: body("LoginBody"),
      responses: {
        ...ok("The user, with a bearer token", ref("UserInfo")),
        ...error("400", "Invalid input, or `Email or password is invalid`"),
        ...error("429", "Too many failed attempts (see Retry-After)"),
      },
    },
    put: {
      summary: "Update the profile (the email is read-only)",
      tags: ["user"],
      ...signedIn,
      requestBody: body("ProfileBody"),
      responses: { ...ok("The user, with a fresh token", ref("UserInfo")), ...invalid, ...userErrors },
    },
    delete: {
      summary:
        "Delete the account with its favourites, reviews (ratings recomputed), watch history, passkeys, sessions and own picture. Confirm with `password`, a `passkey` assertion (authentication options with purpose `confirm`), or, for an account with neither, its `email`. The web session must confirm; a bearer client may send no body (as the endpoint first took none) and is then taken at its token",
      tags: ["user"],
      ...signedIn,
      requestBody: { required: false, content: jsonContent(ref("DeleteAccountBody")) },
      responses: {
        ...ok("`Account deleted successfully`", ref("Message")),
        ...error(
          "400",
          "`Confirm with your password or a passkey` (session without a confirmation), `Password is incorrect`, a passkey that did not confirm, or invalid input",
        ),
        ...userErrors,
        ...error("409", "The last admin cannot delete itself"),
        ...tooManyWrongPasswords,
      },
    },
  },
  "/api/user/register": {
    post: {
      summary: "Register; a link to verify the email is mailed to it",
      tags: ["user"],
      requestBody: body("RegisterBody"),
      responses: {
        ...ok("The new user (no token: log in next)", ref("UserInfo"), "201"),
        ...invalid,
        ...error("409", "`<email> is already registered`"),
        ...error(
          "429",
          "Too many sign-ups from this address (REGISTER_RATE_LIMIT per REGISTER_RATE_WINDOW_SECONDS, taken emails included; see Retry-After)",
        ),
      },
    },
  },
  "/api/user/password-reset": {
    post: {
      summary:
        "Forgot password: mails a link (valid 30 minutes, once) to choose a new password if the email has an account. The answer is the same whether or not it has one",
      tags: ["account"],
      requestBody: body("ForgotPasswordBody"),
      responses: {
        ...ok("Always the same message", ref("Message")),
        ...invalid,
        ...error(
          "429",
          "Too many requests for this email (3 an hour) or from this address (10 an hour); see Retry-After",
        ),
      },
    },
  },
  "/api/user/password-reset/confirm": {
    post: {
      summary:
        "Set a new password with the link's token. Ends every session and token of the account, and counts the email as verified",
      tags: ["account"],
      requestBody: body("ResetPasswordBody"),
      responses: {
        ...ok("Reset: sign in with the new password", ref("Message")),
        ...error(
          "400",
          "Invalid input, `Passwords must match`, or a link that is unknown, used, expired, superseded by a newer one or voided by a password change",
        ),
      },
    },
  },
  "/api/user/verify-email": {
    post: {
      summary: "Mark the email verified with the token of the link mailed to it (signed in or not)",
      tags: ["account"],
      requestBody: body("LinkTokenBody"),
      responses: {
        ...ok("`Your email address is verified`", ref("Message")),
        ...error(
          "400",
          "A link that is unknown, used, expired, superseded, or sent to an address the account has left",
        ),
      },
    },
  },
  "/api/user/verify-email/resend": {
    post: {
      summary: "Mail a new verification link (the older one stops working)",
      tags: ["account"],
      ...signedIn,
      responses: {
        ...ok("Sent", ref("Message")),
        ...userErrors,
        ...error("409", "`Your email address is already verified`"),
        ...error("429", "Too many emails (5 an hour); see Retry-After"),
      },
    },
  },
  "/api/user/email": {
    post: {
      summary:
        "Ask to change the email: a link goes to the new address; the change happens when it is confirmed (POST /api/user/email/confirm) and the old address is then told. `password` is required when the account has one",
      tags: ["account"],
      ...signedIn,
      requestBody: body("EmailChangeBody"),
      responses: {
        ...ok(
          "The link is on its way; the same answer when another account has the address (its owner is told instead, and no link is sent)",
          ref("Message"),
        ),
        ...error("400", "Invalid input, `Password is incorrect`, or `That is already your email address`"),
        ...userErrors,
        ...error(
          "429",
          "Too many emails (5 an hour, taken addresses included; see Retry-After), or too many wrong passwords (`Too many wrong passwords, please try again later`)",
        ),
      },
    },
  },
  "/api/user/email/confirm": {
    post: {
      summary:
        "Complete an email change with the token of the link mailed to the new address; only the member who asked may (the link alone is not enough)",
      tags: ["account"],
      ...signedIn,
      requestBody: body("LinkTokenBody"),
      responses: {
        ...ok("Changed", ref("EmailChanged")),
        ...error("400", "A link that is unknown, used, expired, voided, or another account's"),
        ...userErrors,
        ...error("409", "The address was registered by someone else meanwhile"),
      },
    },
  },
  "/api/user/email/undo": {
    post: {
      summary:
        '"Wasn\'t you?": with the token of the link mailed to the old address when an email change was confirmed (7 days, once), put that address back and set a new password. Ends every session, token and link of the account',
      tags: ["account"],
      requestBody: body("ResetPasswordBody"),
      responses: {
        ...ok("`Your account is back at <email>. Sign in with your new password.`", ref("Message")),
        ...error("400", "Invalid input, `Passwords must match`, or a link that is unknown, used or expired"),
        ...error("409", "Another account registered the old address meanwhile; nothing changes"),
      },
    },
  },
  "/api/user/export": {
    get: {
      summary:
        "Download my data: profile, settings, passkeys, favourites, My List, reviews and watch history as a versioned JSON file (Content-Disposition: attachment)",
      tags: ["account"],
      ...signedIn,
      responses: { ...ok("The export", ref("AccountExport")), ...userErrors },
    },
  },
  "/api/user/passkeys": {
    get: {
      summary: "The member's passkeys, newest first",
      tags: ["passkeys"],
      ...signedIn,
      responses: { ...ok("Passkeys", arrayOf("Passkey")), ...userErrors },
    },
    post: {
      summary:
        "Add a passkey: the RegistrationResponseJSON of navigator.credentials.create() for options from POST /api/user/passkeys/registration-options. The account's email is told",
      tags: ["passkeys"],
      ...signedIn,
      requestBody: body("AddPasskeyBody"),
      responses: {
        ...ok("Added", ref("Passkey"), "201"),
        ...error(
          "400",
          "Invalid input, or an answer that does not verify (wrong challenge, origin or site, no user verification)",
        ),
        ...userErrors,
        ...error("409", "This passkey is already added to an account"),
      },
    },
  },
  "/api/user/passkeys/{id}": {
    delete: {
      summary: "Remove one of the member's passkeys",
      tags: ["passkeys"],
      ...signedIn,
      parameters: [pathParam("id", "The passkey's credential id (base64url)")],
      responses: {
        ...ok("`Passkey removed`", ref("Message")),
        ...userErrors,
        ...error("404", "`Passkey not found` (or another member's)"),
      },
    },
  },
  "/api/user/passkeys/registration-options": {
    post: {
      summary: "Options for navigator.credentials.create(): a challenge for this member, valid 5 minutes, used once",
      tags: ["passkeys"],
      ...signedIn,
      responses: { ...ok("PublicKeyCredentialCreationOptionsJSON", ref("WebAuthnOptions")), ...userErrors },
    },
  },
  "/api/user/passkeys/authentication-options": {
    post: {
      summary:
        "Options for navigator.credentials.get(): `sign-in` (anyone; any discoverable passkey) or `confirm` (signed in; one of the member's own, for DELETE /api/user). Valid 5 minutes, used once",
      tags: ["passkeys"],
      requestBody: { required: false, content: jsonContent(ref("PasskeyChallengeBody")) },
      responses: {
        ...ok("PublicKeyCredentialRequestOptionsJSON", ref("WebAuthnOptions")),
        ...error("400", "Invalid input, or `You have no passkeys` (confirm)"),
        ...error("401", "`confirm` without being signed in"),
        ...error("429", "Too many sign-in challenges from this address (60 per 10 minutes); see Retry-After"),
      },
    },
  },
  "/api/user/passkeys/login": {
    post: {
      summary:
        "Log in with a passkey: the AuthenticationResponseJSON for a `sign-in` challenge. Like POST /api/user, UserInfo with a bearer token",
      tags: ["passkeys"],
      requestBody: body("PasskeyLoginBody"),
      responses: {
        ...ok("The user, with a bearer token", ref("UserInfo")),
        ...error("400", "Invalid input, or an assertion that does not verify"),
      },
    },
  },
  "/api/user/password": {
    put: {
      summary:
        "Change the password; ends every session and token, the caller's included, and answers a fresh token. The confirmation is optional; when sent it must match (`Passwords must match`)",
      tags: ["user"],
      ...signedIn,
      requestBody: body("PasswordBody"),
      responses: {
        ...ok("Changed, with a fresh token", ref("PasswordChanged")),
        ...error("400", "Invalid input, `Passwords must match`, or `Old password is incorrect`"),
        ...userErrors,
        ...tooManyWrongPasswords,
      },
    },
  },
  "/api/user/favorite": {
    get: {
      summary: "The favourites, most recently liked first",
      tags: ["favorites"],
      ...signedIn,
      responses: { ...ok("Movies", arrayOf("MovieListItem")), ...userErrors },
    },
    post: {
      summary: "Like or unlike a movie (toggles)",
      tags: ["favorites"],
      ...signedIn,
      requestBody: body("FavoriteToggleBody"),
      responses: {
        ...ok("The new state", ref("FavoriteToggle")),
        ...invalid,
        ...userErrors,
        ...error("404", "Movie not found"),
      },
    },
    delete: {
      summary: "Remove every favourite",
      tags: ["favorites"],
      ...signedIn,
      responses: { ...ok("Removed", ref("Message")), ...userErrors },
    },
  },
  "/api/user/progress": {
    get: {
      summary: "Continue watching: movies between 5% and 90% watched, most recently watched first (at most 20)",
      tags: ["progress"],
      ...signedIn,
      responses: { ...ok("Movies with where the user stopped", arrayOf("ContinueWatchingItem")), ...userErrors },
    },
  },
  "/api/user/progress/{movieId}": {
    put: saveProgress,
    post: {
      ...saveProgress,
      summary:
        "The same save as PUT, for navigator.sendBeacon (which can only POST); send the body as application/json",
    },
    delete: {
      summary: "Remove a movie from Continue watching (idempotent)",
      tags: ["progress"],
      ...signedIn,
      parameters: movieIdParam,
      responses: {
        ...ok("`Removed from Continue watching`", ref("Message")),
        ...userErrors,
        ...error("404", "Malformed movie id"),
      },
    },
  },
  "/api/user/recommendations": {
    get: {
      summary:
        "Because you watched: up to 3 rows of up to 10 movies, each for a movie the user recently watched, never one they have watched, liked or rated",
      tags: ["recommendations"],
      ...signedIn,
      responses: { ...ok("The rows, most recent first", arrayOf("RecommendationRow")), ...userErrors },
    },
  },
  "/api/user/list": {
    get: {
      summary: "My List: the films kept to watch later, most recently added first",
      tags: ["my list"],
      ...signedIn,
      responses: { ...ok("Movies", arrayOf("MovieListItem")), ...userErrors },
    },
  },
  "/api/user/list/{movieId}": {
    put: {
      summary: "Add a movie to My List (idempotent: already there, it keeps its place)",
      tags: ["my list"],
      ...signedIn,
      parameters: movieIdParam,
      responses: {
        ...ok("`Added to My List`", ref("MyListChange")),
        ...userErrors,
        ...error("404", "Movie not found"),
      },
    },
    delete: {
      summary: "Remove a movie from My List (idempotent)",
      tags: ["my list"],
      ...signedIn,
      parameters: movieIdParam,
      responses: {
        ...ok("`Removed from My List`", ref("MyListChange")),
        ...userErrors,
        ...error("404", "Malformed movie id"),
      },
    },
  },
  "/api/user/history": {
    get: {
      summary: "History: every movie the user played, most recently watched first, with how far they got",
      tags: ["progress"],
      ...signedIn,
      parameters: historyParams,
      responses: {
        ...ok("A page of the history", ref("HistoryPage")),
        ...error("400", "page or limit is not digits, or limit > 50"),
        ...userErrors,
      },
    },
  },
  "/api/user/history/{movieId}": {
    put: {
      summary:
        "Mark a movie watched (the position goes to the end; a movie never played is added) or unwatched (back to the start)",
      tags: ["progress"],
      ...signedIn,
      parameters: movieIdParam,
      requestBody: body("HistoryMarkBody"),
      responses: {
        ...ok("The history row after the change", ref("HistoryMark")),
        ...invalid,
        ...userErrors,
        ...error("404", "Movie not found"),
      },
    },
    delete: {
      summary: "Remove a movie from the history, and so from Continue watching (idempotent)",
      tags: ["progress"],
      ...signedIn,
      parameters: movieIdParam,
      responses: {
        ...ok("`Removed from history`", ref("Message")),
        ...userErrors,
        ...error("404", "Malformed movie id"),
      },
    },
  },
  "/api/user/preferences": {
    get: {
      summary: "The member's playback settings",
      tags: ["user"],
      ...signedIn,
      responses: { ...ok("The settings", ref("Preferences")), ...userErrors },
    },
    put: {
      summary: "Change the playback settings",
      tags: ["user"],
      ...signedIn,
      requestBody: body("PreferencesBody"),
      responses: { ...ok("The settings", ref("Preferences")), ...invalid, ...userErrors },
    },
  },
  "/api/user/favorite/{id}": {
    delete: {
      summary: "Remove one favourite (idempotent)",
      tags: ["favorites"],
      ...signedIn,
      parameters: idParam("movie"),
      responses: { ...ok("Removed", ref("Message")), ...userErrors, ...error("404", "Malformed movie id") },
    },
  },
  "/api/movie": {
    get: {
      summary: "List, filter, search and paginate movies",
      tags: ["movies"],
      parameters: listingParams,
      responses: {
        ...ok("A page of movies", ref("MovieListPage")),
        ...error("400", "A digits-only parameter carried something else, or limit > 50"),
      },
    },
    post: {
      summary: "Create a movie",
      tags: ["movies"],
      ...signedIn,
      requestBody: body("MovieCreateBody"),
      responses: { ...ok("The movie", ref("MovieDetail"), "201"), ...invalid, ...adminErrors },
    },
  },
  "/api/movie/suggest": {
    get: {
      summary: "Movies for the text typed so far (the header's suggestions), by the search rules",
      tags: ["movies"],
      parameters: [
        {
          name: "q",
          in: "query",
          required: false,
          description: "The text typed so far (at most 200 characters); empty gives []",
          schema: str,
        },
      ],
      responses: {
        ...ok("Up to 8 movies, best match first", { type: "array", items: ref("MovieSuggestion") }),
        ...error("400", "q is longer than 200 characters"),
      },
    },
  },
  "/api/movie/{id}": {
    get: {
      summary: "A movie with its cast and its newest 100 reviews (oldest first)",
      tags: ["movies"],
      parameters: idParam("movie"),
      responses: { ...ok("The movie", ref("MovieDetail")), ...error("404", "Movie not found") },
    },
    put: {
      summary: "Edit a movie (any of the create fields; casts replaces the cast)",
      tags: ["movies"],
      ...signedIn,
      parameters: idParam("movie"),
      requestBody: body("MovieUpdateBody"),
      responses: {
        ...ok("The movie", ref("MovieDetail")),
        ...invalid,
        ...adminErrors,
        ...error("404", "Movie not found"),
      },
    },
    delete: {
      summary: "Delete a movie with its reviews, favourites and cast",
      tags: ["movies"],
      ...signedIn,
      parameters: idParam("movie"),
      responses: { ...ok("Deleted", ref("Message")), ...adminErrors, ...error("404", "Movie not found") },
    },
  },
  "/api/movie/{id}/next": {
    get: {
      summary:
        "What to play when this movie ends: the next film of the caller's My List, else the best rated of its category, else of all; never this film or one the caller watched",
      tags: ["movies"],
      // Anyone; a signed-in caller's list and history count.
      security: [{}, { bearer: [] }, { session: [] }],
      parameters: idParam("movie"),
      responses: { ...ok("The suggestion", ref("UpNext")), ...error("404", "Movie not found") },
    },
  },
  "/api/movie/random": {
    get: { summary: "8 distinct random movies", tags: ["movies"], responses: ok("Movies", arrayOf("MovieListItem")) },
  },
  "/api/movie/toprate": {
    get: {
      summary: "The 10 best rated movies (then most reviewed, then by name)",
      tags: ["movies"],
      responses: ok("Movies", arrayOf("MovieListItem")),
    },
  },
  "/api/movie/trending": {
    get: {
      summary: "Trending this week: the 10 movies members played most in the last 7 days (cached up to a minute)",
      tags: ["recommendations"],
      responses: ok("Movies, most played first, with their plays", arrayOf("TrendingMovie")),
    },
  },
  "/api/movie/{id}/similar": {
    get: {
      summary:
        "More like this: up to 20 movies most like this one, from what members watch, like and rate with it, its category and its cast (cached up to a minute)",
      tags: ["recommendations"],
      parameters: idParam("movie"),
      responses: { ...ok("Movies, most alike first", arrayOf("MovieListItem")), ...error("404", "Movie not found") },
    },
  },
  "/api/movie/review/{id}": {
    get: {
      summary: "The caller's own review of the movie, or `{ review: null }`",
      tags: ["reviews"],
      ...signedIn,
      parameters: idParam("movie"),
      responses: { ...ok("The caller's review", ref("OwnReview")), ...userErrors, ...error("404", "Movie not found") },
    },
    delete: {
      summary:
        "Delete the caller's review of the movie (idempotent); rate and countReviews are recomputed in the same transaction",
      tags: ["reviews"],
      ...signedIn,
      parameters: idParam("movie"),
      responses: {
        ...ok("The movie, rate and reviews updated", ref("MovieDetail")),
        ...userErrors,
        ...error("404", "Movie not found"),
      },
    },
    post: {
      summary: "Review a movie; a second review by the same user replaces the first",
      tags: ["reviews"],
      ...signedIn,
      parameters: idParam("movie"),
      requestBody: body("ReviewBody"),
      responses: {
        ...ok("The movie, rate and reviews updated", ref("MovieDetail")),
        ...invalid,
        ...userErrors,
        ...error("404", "Movie not found"),
      },
    },
  },
  "/api/movie/{id}/reviews": {
    get: {
      summary: "A page of a movie's reviews, newest or highest rated first",
      tags: ["reviews"],
      parameters: [
        ...idParam("movie"),
        ...[
          {
            name: "sort",
            description: `${REVIEW_SORTS.join(" or ")}: newest first (the default), or highest rating first (then newest)`,
          },
          { name: "page", description: "1-based page (digits only); a page past the end is an empty list" },
          { name: "limit", description: `Page size, default ${REVIEW_PAGE_SIZE}, at most ${MAX_REVIEW_PAGE_SIZE}` },
        ].map((p) => ({ ...p, in: "query", required: false, schema: str })),
      ],
      responses: {
        ...ok("A page of reviews", ref("ReviewPage")),
        ...error("400", "An unknown sort, or page or limit not digits, or limit > 100"),
        ...error("404", "Movie not found"),
      },
    },
  },
  "/api/category": {
    get: { summary: "Every category, by name", tags: ["categories"], responses: ok("Categories", arrayOf("Category")) },
    post: {
      summary: "Create a category",
      tags: ["categories"],
      ...signedIn,
      requestBody: body("CategoryBody"),
      responses: {
        ...ok("The category", ref("Category"), "201"),
        ...invalid,
        ...adminErrors,
        ...error("409", "A category of that name (any case) exists"),
      },
    },
  },
  "/api/category/{id}": {
    get: {
      summary: "A category",
      tags: ["categories"],
      parameters: idParam("category"),
      responses: { ...ok("The category", ref("Category")), ...error("404", "Category not found") },
    },
    put: {
      summary: "Rename a category",
      tags: ["categories"],
      ...signedIn,
      parameters: idParam("category"),
      requestBody: body("CategoryBody"),
      responses: {
        ...ok("The category", ref("Category")),
        ...invalid,
        ...adminErrors,
        ...error("404", "Category not found"),
        ...error("409", "A category of that name exists"),
      },
    },
    delete: {
      summary: "Delete an unused category",
      tags: ["categories"],
      ...signedIn,
      parameters: idParam("category"),
      responses: {
        ...ok("`Delete category successfully`", ref("Message")),
        ...adminErrors,
        ...error("404", "Category not found"),
        ...error("409", "Movies still use it (the message says how many)"),
      },
    },
  },
  "/api/upload": {
    post: {
      summary:
        "Upload an image (anyone signed in) or a video (admins); the type comes from the file's leading bytes, not its name",
      tags: ["uploads"],
      ...signedIn,
      requestBody: multipart,
      responses: {
        ...ok("Stored", ref("UploadedFile")),
        ...error("400", "Not a multipart body with a `file`"),
        ...userErrors,
        ...error("403", "A video from a member who is not an admin"),
        ...uploadRefusals,
      },
    },
  },
  "/api/upload/subtitle": {
    post: {
      summary: "Upload an SRT or WebVTT subtitle file, stored as WebVTT",
      tags: ["uploads"],
      ...signedIn,
      requestBody: multipart,
      responses: {
        ...ok("Stored", ref("UploadedFile")),
        ...error("400", "Not multipart, not text, or not valid SRT/WebVTT (the message says where)"),
        ...adminErrors,
        ...error("413", "The file is too large"),
      },
    },
  },
  "/api/upload/config": {
    get: {
      summary: "How to upload: through POST /api/upload, or straight to storage (s3 driver), and the size limits",
      tags: ["uploads"],
      responses: ok("The upload settings", ref("UploadConfig")),
    },
  },
  "/api/upload/multipart": {
    post: {
      summary: "Start a direct multipart upload to storage (s3 driver)",
      tags: ["uploads"],
      ...signedIn,
      requestBody: body("DirectUploadStartBody"),
      responses: {
        ...ok("The ticket and how to split the file", ref("StartedUpload")),
        ...invalid,
        ...userErrors,
        ...error("403", "A video from a member who is not an admin"),
        ...noDirectUpload,
        ...uploadRefusals,
      },
    },
  },
  "/api/upload/multipart/part-urls": {
    post: {
      summary: "Presigned URLs to PUT parts of a started upload to",
      tags: ["uploads"],
      ...signedIn,
      requestBody: body("DirectUploadPartUrlsBody"),
      responses: { ...ok("One URL per part asked for", ref("PartUrls")), ...invalid, ...userErrors, ...noDirectUpload },
    },
  },
  "/api/upload/multipart/complete": {
    post: {
      summary: "Finish a direct upload; the stored object is checked (size, type) and deleted when it fails",
      tags: ["uploads"],
      ...signedIn,
      requestBody: body("DirectUploadCompleteBody"),
      responses: {
        ...ok("Stored", ref("UploadedFile")),
        ...invalid,
        ...userErrors,
        ...noDirectUpload,
        ...error("413", "The file is larger than declared or than the limit"),
        ...error("415", "The file's type is not accepted"),
      },
    },
  },
  "/api/upload/multipart/abort": {
    post: {
      summary: "Give up a direct upload; storage discards its parts",
      tags: ["uploads"],
      ...signedIn,
      requestBody: body("DirectUploadAbortBody"),
      responses: { ...ok("`Upload aborted`", ref("Message")), ...invalid, ...userErrors, ...noDirectUpload },
    },
  },
  "/api/upload/{folder}/{file}": {
    get: storedFile("A stored upload", [
      pathParam("folder", "image, video or subtitle"),
      pathParam("file", "The stored name"),
    ]),
    head: storedFile("The headers of GET", [
      pathParam("folder", "image, video or subtitle"),
      pathParam("file", "The stored name"),
    ]),
  },
  "/api/upload/hls/{path}": {
    get: storedFile("A movie's HLS file: playlist, segment, poster frame or thumbnails", [hlsPath]),
    head: storedFile("The headers of GET", [hlsPath]),
  },
  "/api/admin/media": {
    get: {
      summary: "Whether transcoding is on (and why not), and each movie's transcode state",
      tags: ["admin"],
      ...signedIn,
      responses: { ...ok("The media overview", ref("MediaOverview")), ...adminErrors },
    },
  },
  "/api/movie/{id}/transcode": {
    post: {
      summary: "Transcode the movie's video again (the retry of a failed transcode)",
      tags: ["admin"],
      ...signedIn,
      parameters: idParam("movie"),
      responses: {
        ...ok("Queued", ref("TranscodeQueued")),
        ...error("400", "Transcoding is off (no ffmpeg), or the video is not a file stored here"),
        ...adminErrors,
        ...error("404", "Movie not found"),
      },
    },
    delete: {
      summary:
        "Cancel the movie's queued or running transcode (ffmpeg stops within seconds); its state becomes cancelled",
      tags: ["admin"],
      ...signedIn,
      parameters: idParam("movie"),
      responses: {
        ...ok("`Transcoding cancelled`", ref("Message")),
        ...adminErrors,
        ...error("404", "Movie not found"),
        ...error("409", "No transcode of this movie is queued or running"),
      },
    },
  },
  "/api/health": {
    get: {
      summary:
        "Whether this instance can serve: the database and storage answer (for load balancers and container healthchecks); never cached",
      tags: ["operations"],
      responses: {
        ...ok("Healthy", ref("Health")),
        ...ok("The database or storage does not answer", ref("Health"), "503"),
      },
    },
  },
  "/api/metrics": {
    get: {
      summary:
        "Prometheus metrics of this instance: requests by route pattern and status with latency histograms, page cache results, database pools in use, job queue depth, transcode times, upload bytes. Off (404) unless METRICS_TOKEN is set",
      tags: ["operations"],
      security: [{ metricsToken: [] }],
      responses: {
        "200": {
          description: "Prometheus's text exposition format",
          content: { "text/plain; version=0.0.4; charset=utf-8": { schema: str } },
        },
        ...error("401", "No metrics token, or not the right one"),
        ...error("404", "Metrics are off: METRICS_TOKEN is not set"),
      },
    },
  },
  "/api/viewer": {
    get: {
      summary: "Who is signed in, for the web UI's own client components (not part of the public API)",
      tags: ["web"],
      responses: ok("The viewer, or null", ref("Viewer")),
    },
  },
  "/api/openapi.json": {
    get: {
      summary: "This document",
      tags: ["operations"],
      responses: {
        "200": { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } },
      },
    },
  },
  "/api/auth/{nextauth}": {
    get: nextAuth,
    post: nextAuth,
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
        "The JSON API of Marquee. Errors are `{ message }` (plus `errors` by field for invalid input); unexpected failures are 500 `Something went wrong.`. Uploads are described further in docs/api.md and docs/media.md.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    components: {
      schemas: { ...responseSchemas(), ...requestSchemas },
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
    paths,
  };
  return cached;
}
