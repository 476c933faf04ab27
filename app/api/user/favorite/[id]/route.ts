import { requireUser } from "@/lib/auth";
import { removeFavorite } from "@/lib/data/favorites";
import { preflight, route } from "@/lib/http";

type Context = { params: Promise<{ id: string }> };

export const DELETE = route<Context>(async (request, { params }) => {
  const user = await requireUser(request);
  return removeFavorite(user.id, (await params).id);
});

export const OPTIONS = preflight;
