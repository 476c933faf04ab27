// Requests of the admin Users page (CONTRACT.md section 7): the list's query and the role change.
import { z } from "zod";
import { positiveDigits } from "./fields";

export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;

export const adminUsersQuerySchema = z.object({
  page: positiveDigits("page"),
  limit: positiveDigits("limit").refine(
    (value) => value === undefined || value <= ADMIN_USERS_MAX_PAGE_SIZE,
    `limit must be at most ${ADMIN_USERS_MAX_PAGE_SIZE}`,
  ),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminRoleSchema = z.object({
  isAdmin: z.boolean({
    error: (issue) => (issue.input == null ? "isAdmin is required" : "isAdmin must be true or false"),
  }),
});
export type AdminRoleInput = z.infer<typeof adminRoleSchema>;
