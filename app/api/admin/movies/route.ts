import { requireAdmin } from "@/lib/auth";
import { listMoviesForAdmin } from "@/lib/data/admin-movies";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { adminMoviesQuerySchema } from "@/lib/validation/admin-movie";
import { queryObject } from "@/lib/validation/movie-query";

/** The admin movie list: drafts included, searched, filtered, sorted and paginated. */
export const GET = route(async (request) => {
  await requireAdmin(request);
  const query = adminMoviesQuerySchema.parse(queryObject(new URL(request.url).searchParams));
  return mediaUrls(request).adminMoviePage(await listMoviesForAdmin(query));
});

export const OPTIONS = preflight;
