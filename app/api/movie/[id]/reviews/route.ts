import { listReviews } from "@/lib/data/reviews";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { queryObject } from "@/lib/validation/movie-query";
import { reviewListQuerySchema } from "@/lib/validation/review";

type Context = { params: Promise<{ id: string }> };

/** A page of the movie's reviews, newest or highest rated first. */
export const GET = route<Context>(async (request, { params }) => {
  const query = reviewListQuerySchema.parse(queryObject(new URL(request.url).searchParams));
  return mediaUrls(request).reviewPage(await listReviews((await params).id, query));
});

export const OPTIONS = preflight;
