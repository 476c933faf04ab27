// Requests of the admin Users page (CONTRACT.md section 7): the list's query and the role change.
import { z } from "zod";

export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;

const positiveDigits = (field: string) =>
  z
    .string({ error: `${field} must contain digits only` })
    .trim()
    .regex(/^\d{0,9}$/, `${field} must contain digits only`)
    .transform((value) => (value === "" ? undefined : Number(value)))
    .refine((value) => value === undefined || value >= 1, `${field} must be at least 1`)
    .optional();

export const adminUsersQuerySchema = z.object({
  page: positiveDigits("page"),
  limit: positiveDigits("limit").refine((value) => value === undefined || value <= ADMIN_USERS_MAX_PAGE_SIZE, `limit must be at most ${ADMIN_USERS_MAX_PAGE_SIZE}`),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminRoleSchema = z.object({
  isAdmin: z.boolean({ error: (issue) => (issue.input == null ? "isAdmin is required" : "isAdmin must be true or false") }),
});
export type AdminRoleInput = z.infer<typeof adminRoleSchema>;
