import { requireUser } from "@/lib/auth";
import { becauseYouWatched } from "@/lib/data/recommendations";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";

/** The caller's "Because you watched <title>" rows (docs/api.md, "Recommendations"). */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  const media = mediaUrls(request);
  return (await becauseYouWatched(user.id)).map((row) => ({ ...row, movies: media.movies(row.movies) }));
});

export const OPTIONS = preflight;
