import { requireUser } from "@/lib/auth";
import { addToMyList, removeFromMyList } from "@/lib/data/my-list";
import { preflight, route } from "@/lib/http";

type Context = { params: Promise<{ movieId: string }> };

/** Adds the movie to My List; already there, nothing changes (idempotent). */
export const PUT = route<Context>(async (request, { params }) => {
  const user = await requireUser(request);
  return addToMyList(user.id, (await params).movieId);
});

export const DELETE = route<Context>(async (request, { params }) => {
  const user = await requireUser(request);
  return removeFromMyList(user.id, (await params).movieId);
});

export const OPTIONS = preflight;
