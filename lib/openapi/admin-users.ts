// Admin: users (docs/api.md "Admin: users"): the account list, the admin role, and deleting accounts.
import { ADMIN_USER_ROLES, ADMIN_USER_SORTS, adminRoleSchema, adminUsersBulkSchema } from "@/lib/validation/admin-user";
import { PAGE, idParam, paging, queryParams, ref, requestSchema, tagged, type ApiResource } from "./operation";

const { admin } = tagged("admin");
const userId = idParam("user");
const NOT_ON_YOURSELF =
  "The target is the caller (`You cannot change or delete your own account here`), or invalid input";

export const adminUsersApi: ApiResource = {
  requestBodies: {
    AdminRoleBody: requestSchema(adminRoleSchema),
    AdminUsersBulkBody: requestSchema(adminUsersBulkSchema),
  },
  paths: {
    "/api/admin/users": {
      get: admin(
        "Every account, newest first unless sorted otherwise, searched by name or email, filtered by role (admin Users page)",
        {
          parameters: queryParams({
            search: "Part of the name or the email, any case",
            role: `Only ${ADMIN_USER_ROLES.join(" or ")} accounts`,
            sort: `${ADMIN_USER_SORTS.join(", ")}; newest accounts first without it`,
            order: "asc or desc; newest first for joined, A-Z for the others without it",
            ...paging("Page size, default 20, at most 100", PAGE),
          }),
          responses: {
            200: ["A page of users", ref("AdminUserPage")],
            400: "A parameter is not one of its values, page or limit is not digits, or limit > 100",
          },
        },
      ),
    },
    "/api/admin/users/{id}": {
      put: admin("Grant or revoke the admin role (never one's own)", {
        parameters: userId,
        body: "AdminRoleBody",
        responses: { 200: ["The user", ref("AdminUser")], 400: NOT_ON_YOURSELF, 404: "User not found" },
      }),
      delete: admin("Delete an account with its favourites and reviews (never one's own, never the last admin)", {
        parameters: userId,
        responses: {
          200: ["`User deleted successfully`", ref("Message")],
          400: NOT_ON_YOURSELF,
          404: "User not found",
          409: "The last admin cannot be deleted",
        },
      }),
    },
    "/api/admin/users/bulk": {
      post: admin("Delete the selected accounts (never one's own, never the last admin)", {
        body: "AdminUsersBulkBody",
        responses: {
          200: ["What was done, and for which accounts it was not", ref("AdminUsersBulkResult")],
        },
      }),
    },
  },
};
