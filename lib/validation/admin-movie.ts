// Requests of the admin movie list (issue 26): its query (search, filters, sort, page size, all kept
// in the page's URL) and its bulk actions.
import { z } from "zod";
import { onLists, oneOf, positiveDigits, text } from "./fields";

export const ADMIN_MOVIE_PAGE_SIZES = [20, 50, 100] as const;
export const ADMIN_MOVIES_DEFAULT_PAGE_SIZE = 50;

/** The columns the list sorts by. */
export const ADMIN_MOVIE_SORTS = ["created", "name", "category", "language", "year", "hour", "media"] as const;
export type AdminMovieSort = (typeof ADMIN_MOVIE_SORTS)[number];

/**
 * The video filter: a transcode state, `original` (a video that has no HLS transcode: ffmpeg was
 * missing, or it is on another site) or `none` (no video at all: a draft imported without one).
 */
export const ADMIN_MEDIA_FILTERS = [
  "queued",
  "transcoding",
  "failed",
  "cancelled",
  "ready",
  "original",
  "none",
] as const;
export type AdminMediaFilter = (typeof ADMIN_MEDIA_FILTERS)[number];
export const MEDIA_FILTER_LABELS: Record<AdminMediaFilter, string> = {
  queued: "Queued",
  transcoding: "Transcoding",
  failed: "Failed",
  cancelled: "Cancelled",
  ready: "Ready",
  original: "Not transcoded",
  none: "No video",
};

/** Published movies, or drafts (hidden from the public until an admin publishes them). */
export const ADMIN_STATUS_FILTERS = ["published", "draft"] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's parameters, in the order its API query string keeps them. */
export const ADMIN_MOVIE_QUERY_KEYS = [
  "search",
  "category",
  "status",
  "media",
  "sort",
  "order",
  "page",
  "limit",
] as const;

export const adminMoviesQuerySchema = z.object({
  /** Words of the title, cast or category, by the site's own search rules (docs/api.md "Search"). */
  search: text("search")
    .trim()
    .max(200, "search must be at most 200 characters")
    .transform((value) => value || undefined)
    .optional(),
  /** A category id. */
  category: text("category")
    .trim()
    .refine((value) => value === "" || UUID.test(value), "category must be a category id")
    .transform((value) => value || undefined)
    .optional(),
  media: oneOf("media", ADMIN_MEDIA_FILTERS),
  status: oneOf("status", ADMIN_STATUS_FILTERS),
  /** Without it: best matches first for a search, else newest first. */
  sort: oneOf("sort", ADMIN_MOVIE_SORTS),
  /** Without it: newest first for `created`, A to Z (smallest first) for the others. */
  order: oneOf("order", ["asc", "desc"] as const),
  page: positiveDigits("page"),
  limit: positiveDigits("limit").refine(
    (value) => value === undefined || (ADMIN_MOVIE_PAGE_SIZES as readonly number[]).includes(value),
    `limit must be one of ${ADMIN_MOVIE_PAGE_SIZES.join(", ")}`,
  ),
});
export type AdminMoviesQuery = z.infer<typeof adminMoviesQuerySchema>;

/** The direction a sort runs in when the query does not say. */
export const defaultOrder = (sort: AdminMovieSort | undefined): "asc" | "desc" =>
  sort === undefined || sort === "created" ? "desc" : "asc";

/** `unpublish` takes published movies back to draft, hidden from the public as every draft is. */
const ADMIN_BULK_ACTIONS = ["delete", "category", "transcode", "publish", "unpublish"] as const;
export type AdminBulkAction = (typeof ADMIN_BULK_ACTIONS)[number];
/** The most rows one bulk request acts on: a page of the list at its largest. */
const MAX_BULK_IDS = 100;

/** An action on many selected rows; `category` names the new category of the `category` action. */
export const adminMovieBulkSchema = z
  .object({
    action: z.enum(ADMIN_BULK_ACTIONS, {
      error: (issue) =>
        issue.input == null ? "action is required" : `action must be one of ${ADMIN_BULK_ACTIONS.join(", ")}`,
    }),
    ids: z
      .array(
        text("ids").refine((id) => UUID.test(id), "ids must be movie ids"),
        { error: (issue) => (issue.input == null ? "Select at least one movie" : "ids must be a list") },
      )
      .min(1, onLists({ error: "Select at least one movie" }))
      .max(MAX_BULK_IDS, onLists({ error: `Select at most ${MAX_BULK_IDS} movies` })),
    category: text("category").trim().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === "category" && !(body.category && UUID.test(body.category)))
      ctx.addIssue({ code: "custom", path: ["category"], message: "Category is required" });
  });
export type AdminMovieBulkInput = z.infer<typeof adminMovieBulkSchema>;
