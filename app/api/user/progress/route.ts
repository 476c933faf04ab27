import { requireUser } from "@/lib/auth";
import { listContinueWatching } from "@/lib/data/progress";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";

/** The Continue watching row: movies between 5% and 90% watched, most recently watched first. */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  const urls = mediaUrls(request);
  return (await listContinueWatching(user.id)).map(urls.movie);
});

export const OPTIONS = preflight;
