// Every JSON body the API answers (docs/api.md "Conventions" and "Shapes"), written once as zod schemas. The
// data layer's types are inferred from them, and lib/openapi/ turns them into the OpenAPI
// document's components, so the types, the handlers and /api/openapi.json cannot drift apart.
// Each schema is registered under its component name; the registry is what lib/openapi/index.ts reads.
import { z } from "zod";
import { LANGUAGES } from "@/lib/validation/movie";

export const apiShapes = z.registry<{ id: string; description?: string }>();

/** Registers `schema` as the component `id`, so other shapes and the document $ref it by name. */
function shape<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  apiShapes.add(schema, { id, ...(description && { description }) });
  return schema;
}

const id = z.guid();
const timestamp = z.iso.datetime();
/**
 * docs/api.md "Shapes": in a response every media URL is absolute. The data layer carries the
 * stored form (a path of this site's uploads, or an external https URL) with the same type, and
 * lib/http/media-urls.ts makes it absolute at the edge; "" means no picture.
 */
const mediaUrl = z.string().meta({
  description:
    "Absolute URL: this site's files on PUBLIC_URL (else NEXTAUTH_URL, else the request's origin), or an external https URL; empty for no picture",
});
const playbackUrl = (what: string) =>
  mediaUrl
    .nullable()
    .meta({ description: `${what} (absolute URL) once the transcode is ready, else null (docs/media.md)` });

shape(
  "Error",
  z.object({
    message: z.string(),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "Validation errors by field; `message` is the first of them" }),
  }),
);

shape("Message", z.object({ message: z.string() }));

/** What every answer describing a user carries. */
const userFields = { _id: id, fullName: z.string(), email: z.string(), image: mediaUrl, isAdmin: z.boolean() };

export const userInfoShape = shape(
  "UserInfo",
  z.object({
    ...userFields,
    token: z
      .string()
      .optional()
      .meta({ description: "A bearer token, valid 30 days: on log in, profile update and the Google hand-over only" }),
  }),
);

export const categoryShape = shape(
  "Category",
  z.object({ _id: id, name: z.string(), createdAt: timestamp, updatedAt: timestamp }),
);

export const adminCategoryShape = shape(
  "AdminCategory",
  categoryShape.extend({
    moviesCount: z
      .int()
      .meta({ description: "The movies that use it, drafts included: while any do, it cannot be deleted" }),
  }),
  "A category in the admin's table, with how many movies use it",
);

const categoryRef = z.object({ _id: id, name: z.string() });

export const movieListItemShape = shape(
  "MovieListItem",
  z.object({
    _id: id,
    name: z.string(),
    desc: z.string(),
    titleImage: mediaUrl,
    image: mediaUrl,
    language: z.string().meta({ description: `One of ${LANGUAGES.join(", ")}` }),
    year: z.int(),
    hour: z.int(),
    video: mediaUrl,
    rate: z.number().min(0).max(5).meta({ description: "Mean review rating, one decimal; 0 without reviews" }),
    countReviews: z.int().nonnegative(),
    category: categoryRef,
    createdAt: timestamp,
    durationSeconds: z.number().nullable().meta({
      description: "The video's real length, probed by the transcode; null until then (then `hour` is all there is)",
    }),
  }),
);

export const subtitleShape = shape(
  "Subtitle",
  z.object({
    language: z.string().meta({ description: "BCP 47 language tag, e.g. `en` or `pt-BR`" }),
    label: z.string(),
    url: mediaUrl.meta({ description: "The WebVTT file (absolute URL)" }),
  }),
);

export const castMemberShape = shape(
  "CastMember",
  z.object({ _id: id, name: z.string(), img: mediaUrl, image: mediaUrl.meta({ description: "The same URL as img" }) }),
);

export const reviewShape = shape(
  "Review",
  z.object({
    _id: id,
    userId: id,
    userName: z.string(),
    userImage: mediaUrl,
    rating: z.int().min(0).max(5),
    comment: z.string(),
    createdAt: timestamp,
  }),
);

export const movieDetailShape = shape(
  "MovieDetail",
  movieListItemShape.omit({ category: true }).extend({
    category: id.meta({ description: "The category's id (as the original API sent it); categoryName saves a lookup" }),
    categoryName: z.string(),
    casts: z.array(castMemberShape),
    reviews: z
      .array(reviewShape)
      .meta({ description: "The newest 100, in oldest-first order; countReviews is the total" }),
    subtitles: z
      .array(subtitleShape)
      .meta({ description: "WebVTT subtitle tracks, in the order the admin listed them" }),
    hls: playbackUrl("The HLS master playlist"),
    posterFrame: playbackUrl("The poster frame the transcode took"),
    thumbnails: playbackUrl("The seek-preview thumbnails, a WebVTT track of sprite tiles"),
  }),
);

const page = { totalPage: z.int().nonnegative(), currentPage: z.int().positive() };

export const reviewPageShape = shape(
  "ReviewPage",
  z.object({ reviews: z.array(reviewShape), reviewsCount: z.int().nonnegative(), ...page }),
  "A page of a movie's reviews, in the order asked for",
);

export const ownReviewShape = shape(
  "OwnReview",
  z.object({ review: reviewShape.nullable().meta({ description: "null when the caller has not reviewed the movie" }) }),
);

export const movieListPageShape = shape(
  "MovieListPage",
  z.object({ movies: z.array(movieListItemShape), moviesCount: z.int().nonnegative(), ...page }),
);

export const movieSuggestionShape = shape(
  "MovieSuggestion",
  z.object({ _id: id, name: z.string(), year: z.int(), image: mediaUrl, category: categoryRef }),
);

export const favoriteToggleShape = shape(
  "FavoriteToggle",
  z.object({ message: z.enum(["Movie added to favorites", "Movie removed from favorites"]), liked: z.boolean() }),
);

const progressFields = {
  position: z.number().nonnegative().meta({ description: "Seconds from the start" }),
  duration: z.number().positive().meta({ description: "The video's length in seconds" }),
  updatedAt: timestamp,
};

export const watchProgressShape = shape("WatchProgress", z.object({ movieId: id, ...progressFields }));

export const continueWatchingItemShape = shape(
  "ContinueWatchingItem",
  movieListItemShape.extend({ progress: z.object(progressFields) }),
  "A movie of the Continue watching row: the list item plus where the user stopped",
);

export const trendingMovieShape = shape(
  "TrendingMovie",
  movieListItemShape.extend({
    plays: z.int().positive().meta({ description: "Members who played it in the last 7 days" }),
  }),
  "A movie of Trending this week: the list item plus its plays that week",
);

export const recommendationRowShape = shape(
  "RecommendationRow",
  z.object({
    because: z.object({ _id: id, name: z.string() }).meta({ description: "The movie the member watched" }),
    movies: z.array(movieListItemShape),
  }),
  "A 'Because you watched <title>' row",
);

export const myListChangeShape = shape(
  "MyListChange",
  z.object({ message: z.enum(["Added to My List", "Removed from My List"]), inList: z.boolean() }),
);

const watchedField = z
  .boolean()
  .meta({ description: "From 90% of the duration a movie counts as watched (History, the player starts it over)" });

export const historyItemShape = shape(
  "HistoryItem",
  movieListItemShape.extend({
    progress: z.object(progressFields).meta({ description: "Where the user is; updatedAt is when they last watched" }),
    watched: watchedField,
  }),
  "A movie of the user's history: the list item, how far they got and when",
);

export const historyPageShape = shape(
  "HistoryPage",
  z.object({ movies: z.array(historyItemShape), moviesCount: z.int().nonnegative(), ...page }),
);

export const historyMarkShape = shape(
  "HistoryMark",
  z.object({
    message: z.enum(["Marked as watched", "Marked as unwatched"]),
    movieId: id,
    watched: z.boolean(),
    progress: z
      .object(progressFields)
      .nullable()
      .meta({ description: "The history row after the change; null when an unwatched movie was never played" }),
  }),
);

export const upNextShape = shape(
  "UpNext",
  z.object({
    movie: movieListItemShape
      .nullable()
      .meta({ description: "What to play after this movie; null when nothing is left" }),
    reason: z.enum(["my-list", "category", "top-rated"]).nullable().meta({
      description:
        "Why this one: the next film of the user's My List, the best rated of the same category, or the best rated of all",
    }),
  }),
);

export const preferencesShape = shape(
  "Preferences",
  z.object({
    autoplayNext: z
      .boolean()
      .meta({ description: "When a film ends, play the next suggestion after a 10-second countdown" }),
  }),
);

export const adminUserShape = shape("AdminUser", z.object({ ...userFields, createdAt: timestamp }));

export const adminUserPageShape = shape(
  "AdminUserPage",
  z.object({ users: z.array(adminUserShape), usersCount: z.int().nonnegative(), ...page }),
);

const adminMediaStatus = z
  .object({
    state: z.enum(["queued", "transcoding", "ready", "failed", "cancelled"]),
    progress: z.int().meta({ description: "Percent of the current transcode done" }),
    error: z.string().nullable().meta({ description: "Why the last transcode failed" }),
  })
  .nullable()
  .meta({ description: "The HLS transcode of the video; null when there is none" });

export const adminMovieItemShape = shape(
  "AdminMovieItem",
  z.object({
    _id: id,
    name: z.string(),
    image: mediaUrl,
    language: z.string().meta({ description: "Empty on a draft that has none yet" }),
    year: z.int(),
    hour: z.int().nullable().meta({ description: "null on a draft that has none yet" }),
    durationSeconds: z.number().nullable().meta({ description: "The video's real length, probed by the transcode" }),
    video: mediaUrl.meta({ description: "Empty when the movie has no video (a draft)" }),
    category: categoryRef.nullable().meta({ description: "null on a draft that has none yet" }),
    draft: z.boolean().meta({ description: "Hidden from everything public until published" }),
    externalId: z.string().nullable().meta({ description: "The id a catalogue import knows it by" }),
    media: adminMediaStatus,
    createdAt: timestamp,
  }),
  "A row of the admin movie list: published movies and drafts",
);

export const adminMoviePageShape = shape(
  "AdminMoviePage",
  z.object({
    movies: z.array(adminMovieItemShape),
    moviesCount: z.int().nonnegative(),
    moviesCountIsLowerBound: z
      .boolean()
      .meta({ description: "A search ranks at most 500 candidates: true when it stopped there, so there may be more" }),
    ...page,
    transcoding: z.object({
      available: z.boolean(),
      reason: z.string().nullable().meta({ description: "Why transcoding is off (no ffmpeg)" }),
    }),
  }),
);

export const adminMovieDetailShape = shape(
  "AdminMovieDetail",
  movieDetailShape.extend({
    draft: z.boolean(),
    externalId: z.string().nullable(),
  }),
  "A movie's detail for the admin's edit form, draft or published (a draft lacking them has category \"\" and hour 0)",
);

export const adminMovieBulkResultShape = shape(
  "AdminMovieBulkResult",
  z.object({
    message: z.string().meta({ description: "What was done, e.g. `3 movies deleted`" }),
    done: z.array(id).meta({ description: "The movies the action was applied to" }),
    failed: z
      .array(z.object({ _id: id, name: z.string(), message: z.string() }))
      .meta({ description: "The movies it could not be applied to, and why" }),
  }),
);

export const adminUsersBulkResultShape = shape(
  "AdminUsersBulkResult",
  z.object({
    message: z.string().meta({ description: "What was done, e.g. `3 users deleted`" }),
    done: z.array(id),
    failed: z.array(z.object({ _id: id, email: z.string(), message: z.string() })),
  }),
);

const importOutcome = z.enum(["created", "updated", "skipped", "failed"]);

export const importSummaryShape = shape(
  "ImportSummary",
  z.object({
    _id: id,
    kind: z.enum(["file", "folder"]).meta({ description: "An uploaded file, or a scan of IMPORT_DIR" }),
    dryRun: z.boolean().meta({ description: "A dry run checks every row and writes nothing to the catalogue" }),
    state: z.enum(["queued", "running", "done", "failed"]),
    fileName: z.string(),
    total: z.int().nonnegative().meta({ description: "Rows in the file (found in the folder)" }),
    processed: z.int().nonnegative().meta({ description: "Rows done so far: the progress is processed / total" }),
    counts: z
      .object({
        created: z.int().nonnegative(),
        updated: z.int().nonnegative(),
        skipped: z.int().nonnegative(),
        failed: z.int().nonnegative(),
      })
      .meta({ description: "Rows by outcome; on a dry run, what the real run would do" }),
    error: z.string().nullable().meta({ description: "Why the whole import stopped, if it did" }),
    createdBy: z.string().nullable(),
    createdAt: timestamp,
    startedAt: timestamp.nullable(),
    finishedAt: timestamp.nullable(),
  }),
);

export const importRowShape = shape(
  "ImportRow",
  z.object({
    row: z.int().positive().meta({ description: "1 for the file's first movie (on a CSV, the line after the header)" }),
    externalId: z.string(),
    name: z.string(),
    outcome: importOutcome.nullable().meta({ description: "null until the job has come to the row" }),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
    movieId: id.nullable(),
  }),
);

export const importRowPageShape = shape(
  "ImportRowPage",
  z.object({ rows: z.array(importRowShape), rowsCount: z.int().nonnegative(), ...page }),
);

shape("PasswordChanged", z.object({ message: z.literal("Password updated successfully"), token: z.string() }));

shape("UploadedFile", mediaUrl.meta({ description: "The stored file's absolute URL, as a JSON string" }));

export const uploadConfigShape = shape(
  "UploadConfig",
  z.object({
    driver: z.enum(["local", "s3"]),
    directUpload: z
      .boolean()
      .meta({ description: "true: upload straight to storage through /api/upload/multipart; false: POST /api/upload" }),
    maxImageBytes: z.int().positive(),
    maxVideoBytes: z.int().positive(),
  }),
);

export const startedUploadShape = shape(
  "StartedUpload",
  z.object({ ticket: z.string(), partSize: z.int().positive(), partCount: z.int().positive() }),
);

export const partUrlsShape = shape(
  "PartUrls",
  z.object({
    urls: z.array(
      z.object({
        partNumber: z.int().positive(),
        url: z.url().meta({ description: "A presigned URL to PUT the part to" }),
      }),
    ),
  }),
);

const serviceHealth = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), latencyMs: z.number() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

export const healthShape = shape(
  "Health",
  z.object({
    status: z.enum(["ok", "error"]),
    version: z.string(),
    database: serviceHealth,
    storage: z.intersection(serviceHealth, z.object({ driver: z.string() })),
  }),
);

export const mediaStatusShape = shape(
  "MediaStatus",
  z.object({
    state: z.enum(["queued", "transcoding", "ready", "failed", "cancelled"]),
    progress: z.number(),
    error: z.string().nullable(),
  }),
);

export const mediaOverviewShape = shape(
  "MediaOverview",
  z.object({
    transcoding: z.object({
      available: z.boolean(),
      reason: z.string().nullable().meta({ description: "Why transcoding is off (no ffmpeg)" }),
    }),
    movies: z.record(id, mediaStatusShape).meta({ description: "Movies that have a media status, by id" }),
  }),
);

shape("TranscodeQueued", z.object({ message: z.literal("Transcoding queued"), jobId: z.string() }));

shape(
  "Viewer",
  z.object({
    viewer: z
      .object({
        _id: id,
        fullName: z.string(),
        image: z.string(),
        isAdmin: z.boolean(),
        emailVerified: z.boolean().meta({ description: "Whether the address was confirmed from its mailed link" }),
      })
      .nullable()
      .meta({ description: "null when signed out" }),
  }),
);

// Account recovery and security (docs/api.md, "Accounts").
export const passkeyShape = shape(
  "Passkey",
  z.object({
    _id: z.string().meta({ description: "The credential id (base64url)" }),
    name: z.string(),
    synced: z
      .boolean()
      .meta({ description: "A multi-device passkey (kept by a password manager or a platform account)" }),
    backedUp: z.boolean(),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable(),
  }),
);

shape(
  "WebAuthnOptions",
  z.looseObject({ challenge: z.string(), rpId: z.string().optional(), timeout: z.number().optional() }).meta({
    description:
      "PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3): hand to @simplewebauthn/browser's startRegistration/startAuthentication, or to the browser's parse*OptionsFromJSON",
  }),
);

shape(
  "EmailChanged",
  z.object({ message: z.string(), email: z.string().meta({ description: "The account's new address" }) }),
);

/** The shape of "Download my data"; raised when a field moves or goes (docs/api.md "Download my data"). */
export const ACCOUNT_EXPORT_VERSION = 2;

export const accountExportShape = shape(
  "AccountExport",
  z.object({
    version: z
      .literal(ACCOUNT_EXPORT_VERSION)
      .meta({ description: "The shape of this file (1: before settings and My List)" }),
    exportedAt: timestamp,
    profile: z.object({
      _id: id,
      fullName: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      pendingEmail: z
        .string()
        .nullable()
        .meta({ description: "The address of an email change waiting for its link to be opened" }),
      image: mediaUrl,
      isAdmin: z.boolean(),
      hasPassword: z.boolean(),
      createdAt: timestamp,
    }),
    settings: preferencesShape,
    passkeys: z.array(passkeyShape),
    favorites: z.array(z.object({ movieId: id, name: z.string(), year: z.number(), likedAt: timestamp })),
    myList: z
      .array(z.object({ movieId: id, name: z.string(), year: z.number(), addedAt: timestamp }))
      .meta({ description: "My List, most recently added first" }),
    reviews: z.array(
      z.object({
        _id: id,
        movieId: id,
        movieName: z.string(),
        rating: z.number(),
        comment: z.string(),
        createdAt: timestamp,
        updatedAt: timestamp,
      }),
    ),
    watchHistory: z.array(
      z.object({
        movieId: id,
        movieName: z.string(),
        position: z.number().meta({ description: "Seconds from the start where the member stopped" }),
        duration: z.number(),
        watched: watchedField,
        watchedAt: timestamp,
      }),
    ),
  }),
  "Everything Marquee keeps about the member, as GET /api/user/export downloads it",
);

export type UserInfo = z.infer<typeof userInfoShape>;
export type Category = z.infer<typeof categoryShape>;
export type AdminCategory = z.infer<typeof adminCategoryShape>;
export type MovieListItem = z.infer<typeof movieListItemShape>;
export type CastMemberItem = z.infer<typeof castMemberShape>;
export type ReviewItem = z.infer<typeof reviewShape>;
export type MovieDetail = z.infer<typeof movieDetailShape>;
export type MovieListPage = z.infer<typeof movieListPageShape>;
export type ReviewPage = z.infer<typeof reviewPageShape>;
export type OwnReview = z.infer<typeof ownReviewShape>;
export type MovieSuggestion = z.infer<typeof movieSuggestionShape>;
export type ToggleResult = z.infer<typeof favoriteToggleShape>;
export type WatchProgress = z.infer<typeof watchProgressShape>;
export type ContinueWatchingItem = z.infer<typeof continueWatchingItemShape>;
export type TrendingMovie = z.infer<typeof trendingMovieShape>;
export type RecommendationRow = z.infer<typeof recommendationRowShape>;
export type MyListChange = z.infer<typeof myListChangeShape>;
export type HistoryPage = z.infer<typeof historyPageShape>;
export type HistoryMark = z.infer<typeof historyMarkShape>;
export type UpNext = z.infer<typeof upNextShape>;
export type Preferences = z.infer<typeof preferencesShape>;
export type AdminUserItem = z.infer<typeof adminUserShape>;
export type AdminUserPage = z.infer<typeof adminUserPageShape>;
export type UploadConfig = z.infer<typeof uploadConfigShape>;
export type StartedUpload = z.infer<typeof startedUploadShape>;
export type PartUrls = z.infer<typeof partUrlsShape>;
export type ServiceHealth = z.infer<typeof serviceHealth>;
export type Health = z.infer<typeof healthShape>;
export type MediaStatus = z.infer<typeof mediaStatusShape>;
export type MediaOverview = z.infer<typeof mediaOverviewShape>;
export type PasskeyItem = z.infer<typeof passkeyShape>;
export type AccountExport = z.infer<typeof accountExportShape>;
export type AdminMovieItem = z.infer<typeof adminMovieItemShape>;
export type AdminMoviePage = z.infer<typeof adminMoviePageShape>;
export type AdminMovieDetail = z.infer<typeof adminMovieDetailShape>;
export type AdminMovieBulkResult = z.infer<typeof adminMovieBulkResultShape>;
export type AdminUsersBulkResult = z.infer<typeof adminUsersBulkResultShape>;
export type ImportSummary = z.infer<typeof importSummaryShape>;
export type ImportRowItem = z.infer<typeof importRowShape>;
export type ImportRowPage = z.infer<typeof importRowPageShape>;
