import { requireUser } from "@/lib/auth";
import { listContinueWatching } from "@/lib/data/progress";
import { preflight, route } from "@/lib/http";

/** The Continue watching row: movies between 5% and 95% watched, most recently watched first. */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  return listContinueWatching(user.id);
});

export const OPTIONS = preflight;
