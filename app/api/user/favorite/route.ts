import { requireUser } from "@/lib/auth";
import { clearFavorites, listFavorites, toggleFavorite } from "@/lib/data/favorites";
import { parseJson, preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { favoriteToggleSchema } from "@/lib/validation/favorite";

export const GET = route(async (request) => {
  const user = await requireUser(request);
  return mediaUrls(request).movies(await listFavorites(user.id));
});

/** The like button: adds the movie to the favourites, or removes it when it is there. */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const { idMovie } = await parseJson(request, favoriteToggleSchema);
  return toggleFavorite(user.id, idMovie);
});

export const DELETE = route(async (request) => {
  const user = await requireUser(request);
  return clearFavorites(user.id);
});

export const OPTIONS = preflight;
