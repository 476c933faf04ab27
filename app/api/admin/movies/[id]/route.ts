import { requireAdmin } from "@/lib/auth";
import { getMovieForAdmin } from "@/lib/data/admin-movies";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";

type Context = { params: Promise<{ id: string }> };

/** A movie for the edit form, draft or published. */
export const GET = route<Context>(async (request, { params }) => {
  await requireAdmin(request);
  return mediaUrls(request).adminMovieDetail(await getMovieForAdmin((await params).id));
});

export const OPTIONS = preflight;
