import { requireUser } from "@/lib/auth";
import { removeWatchProgress, saveWatchProgress } from "@/lib/data/progress";
import { parseJson, preflight, route } from "@/lib/http";
import { watchProgressSchema } from "@/lib/validation/progress";

type Context = { params: Promise<{ movieId: string }> };

const save = route<Context>(async (request, { params }) => {
  const user = await requireUser(request);
  const progress = await parseJson(request, watchProgressSchema);
  return saveWatchProgress(user.id, (await params).movieId, progress);
});

export const PUT = save;
/** navigator.sendBeacon can only POST: the player's save when the page is left comes here. */
export const POST = save;

export const DELETE = route<Context>(async (request, { params }) => {
  const user = await requireUser(request);
  return removeWatchProgress(user.id, (await params).movieId);
});

export const OPTIONS = preflight;
