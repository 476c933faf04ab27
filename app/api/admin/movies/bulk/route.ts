import { requireAdmin } from "@/lib/auth";
import { bulkMovieAction } from "@/lib/writes/movies";
import { parseJson, preflight, route } from "@/lib/http";
import { adminMovieBulkSchema } from "@/lib/validation/admin-movie";

/** Delete, move to a category, transcode again, publish or unpublish the selected movies. */
export const POST = route(async (request) => {
  await requireAdmin(request);
  return bulkMovieAction(await parseJson(request, adminMovieBulkSchema));
});

export const OPTIONS = preflight;
