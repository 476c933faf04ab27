import { requireUser } from "@/lib/auth";
import { listMyList } from "@/lib/data/my-list";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";

/** My List: the films the user keeps to watch later, most recently added first. */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  return mediaUrls(request).movies(await listMyList(user.id));
});

export const OPTIONS = preflight;
