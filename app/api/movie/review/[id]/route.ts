import { requireUser } from "@/lib/auth";
import { upsertReview } from "@/lib/data/reviews";
import { parseJson, preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { reviewSchema } from "@/lib/validation/review";

type Context = { params: Promise<{ id: string }> };

/** Adds the caller's review of the movie, or replaces it. */
export const POST = route<Context>(async (request, { params }) => {
  const user = await requireUser(request);
  return mediaUrls(request).movieDetail(
    await upsertReview(user.id, (await params).id, await parseJson(request, reviewSchema)),
  );
});

export const OPTIONS = preflight;
