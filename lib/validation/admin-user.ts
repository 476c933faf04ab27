// Requests of the admin Users page (docs/product.md "Admin: users", issue 26): the list's query (search, role
// filter, sort, page) and the role change and bulk actions.
import { z } from "zod";
import { oneOf, onLists, pageParams, text } from "./fields";

export const ADMIN_USERS_PAGE_SIZE = 20;
const ADMIN_USERS_MAX_PAGE_SIZE = 100;

export const ADMIN_USER_SORTS = ["joined", "name", "email"] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const ADMIN_USER_ROLES = ["admin", "user"] as const;

/** The list's parameters, in the order its API query string keeps them. */
export const ADMIN_USER_QUERY_KEYS = ["search", "role", "sort", "order", "page", "limit"] as const;

export const adminUsersQuerySchema = z.object({
  /** Part of the name or the email, any case. */
  search: text("search")
    .trim()
    .max(200, "search must be at most 200 characters")
    .transform((value) => value || undefined)
    .optional(),
  role: oneOf("role", ADMIN_USER_ROLES),
  /** Without it: newest accounts first. */
  sort: oneOf("sort", ADMIN_USER_SORTS),
  /** Without it: newest first for `joined`, A to Z for name and email. */
  order: oneOf("order", ["asc", "desc"] as const),
  ...pageParams(ADMIN_USERS_MAX_PAGE_SIZE),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const defaultUserOrder = (sort: AdminUserSort | undefined): "asc" | "desc" =>
  sort === undefined || sort === "joined" ? "desc" : "asc";

export const adminRoleSchema = z.object({
  isAdmin: z.boolean({
    error: (issue) => (issue.input == null ? "isAdmin is required" : "isAdmin must be true or false"),
  }),
});
export type AdminRoleInput = z.infer<typeof adminRoleSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Deleting many accounts at once (never one's own, never the last admin). */
export const adminUsersBulkSchema = z.object({
  action: z.literal("delete", {
    error: (issue) => (issue.input == null ? "action is required" : "action must be delete"),
  }),
  ids: z
    .array(
      text("ids").refine((id) => UUID.test(id), "ids must be user ids"),
      { error: (issue) => (issue.input == null ? "Select at least one user" : "ids must be a list") },
    )
    .min(1, onLists({ error: "Select at least one user" }))
    .max(ADMIN_USERS_MAX_PAGE_SIZE, onLists({ error: `Select at most ${ADMIN_USERS_MAX_PAGE_SIZE} users` })),
});
export type AdminUsersBulkInput = z.infer<typeof adminUsersBulkSchema>;
