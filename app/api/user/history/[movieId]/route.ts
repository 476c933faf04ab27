import { requireUser } from "@/lib/auth";
import { markWatched, removeFromHistory } from "@/lib/data/progress";
import { parseJson, preflight, route } from "@/lib/http";
import { historyMarkSchema } from "@/lib/validation/progress";

type Context = { params: Promise<{ movieId: string }> };

/** Mark watched (the position goes to the end) or unwatched (back to the start). */
export const PUT = route<Context>(async (request, { params }) => {
  const user = await requireUser(request);
  const { watched } = await parseJson(request, historyMarkSchema);
  return markWatched(user.id, (await params).movieId, watched);
});

/** Removes the movie from the history, and so from Continue watching (idempotent). */
export const DELETE = route<Context>(async (request, { params }) => {
  const user = await requireUser(request);
  return removeFromHistory(user.id, (await params).movieId);
});

export const OPTIONS = preflight;
