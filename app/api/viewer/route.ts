import { getRequestUser } from "@/lib/auth";
import { route } from "@/lib/http";

/**
 * Who is looking, for the web UI's own client components (the header's account link, the like
 * button, the review section, which marks the viewer's own review by its `_id`; the check-your-inbox
 * notice, which leaves once `emailVerified`). Pages no longer
 * read the session while rendering, so the catalogue pages stay cacheable; the browser asks here
 * instead. Not part of the public API (docs/api.md).
 */
export const GET = route(async (request) => {
  const user = await getRequestUser(request).catch(() => null); // a stray Authorization header: signed out
  const viewer = user && {
    _id: user.id,
    fullName: user.fullName,
    image: user.image,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerifiedAt !== null,
  };
  return Response.json({ viewer }, { headers: { "cache-control": "private, no-store" } });
});
