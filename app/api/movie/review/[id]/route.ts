import { requireUser } from "@/lib/auth";
import { getOwnReview } from "@/lib/data/reviews";
import { deleteReview, upsertReview } from "@/lib/writes/reviews";
import { parseJson, preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { reviewSchema } from "@/lib/validation/review";

type Context = { params: Promise<{ id: string }> };

/** The caller's own review of the movie, or `{ review: null }`. */
export const GET = route<Context>(async (request, { params }) => {
  const user = await requireUser(request);
  return mediaUrls(request).ownReview(await getOwnReview(user.id, (await params).id));
});

/** Adds the caller's review of the movie, or replaces it. */
export const POST = route<Context>(async (request, { params }) => {
  const user = await requireUser(request);
  return mediaUrls(request).movieDetail(
    await upsertReview(user.id, (await params).id, await parseJson(request, reviewSchema)),
  );
});

/** Deletes the caller's review of the movie (idempotent); answers the movie with its rating recomputed. */
export const DELETE = route<Context>(async (request, { params }) => {
  const user = await requireUser(request);
  return mediaUrls(request).movieDetail(await deleteReview(user.id, (await params).id));
});

export const OPTIONS = preflight;
