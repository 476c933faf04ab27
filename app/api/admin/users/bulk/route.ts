import { requireAdmin } from "@/lib/auth";
import { bulkDeleteUsers } from "@/lib/writes/members";
import { parseJson, preflight, route } from "@/lib/http";
import { adminUsersBulkSchema } from "@/lib/validation/admin-user";

/** Deletes the selected accounts (never one's own, never the last admin). */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  return bulkDeleteUsers(admin.id, await parseJson(request, adminUsersBulkSchema));
});

export const OPTIONS = preflight;
