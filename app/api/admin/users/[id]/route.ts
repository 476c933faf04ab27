import { requireAdmin } from "@/lib/auth";
import { setUserAdmin } from "@/lib/data/admin-users";
import { deleteUserAsAdmin } from "@/lib/writes/members";
import { parseJson, preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { adminRoleSchema } from "@/lib/validation/admin-user";

type Context = { params: Promise<{ id: string }> };

/** Grants or revokes the admin role. */
export const PUT = route<Context>(async (request, { params }) => {
  const admin = await requireAdmin(request);
  return mediaUrls(request).adminUser(
    await setUserAdmin(admin.id, (await params).id, await parseJson(request, adminRoleSchema)),
  );
});

/** Deletes an account with its favourites and reviews. */
export const DELETE = route<Context>(async (request, { params }) => {
  const admin = await requireAdmin(request);
  return deleteUserAsAdmin(admin.id, (await params).id);
});

export const OPTIONS = preflight;
