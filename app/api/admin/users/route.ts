import { requireAdmin } from "@/lib/auth";
import { listUsersForAdmin } from "@/lib/data/admin-users";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { adminUsersQuerySchema } from "@/lib/validation/admin-user";
import { queryObject } from "@/lib/validation/movie-query";

/** Every account, newest first unless sorted otherwise, searched by name or email, filtered by role. */
export const GET = route(async (request) => {
  await requireAdmin(request);
  return mediaUrls(request).adminUserPage(
    await listUsersForAdmin(adminUsersQuerySchema.parse(queryObject(new URL(request.url).searchParams))),
  );
});

export const OPTIONS = preflight;
