import { requireUser } from "@/lib/auth";
import { listHistory } from "@/lib/data/progress";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { queryObject } from "@/lib/validation/movie-query";
import { historyQuerySchema } from "@/lib/validation/progress";

/** What the user watched, most recently first, with how far they got: a page at a time. */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  const query = historyQuerySchema.parse(queryObject(new URL(request.url).searchParams));
  return mediaUrls(request).historyPage(await listHistory(user.id, query));
});

export const OPTIONS = preflight;
