import { suggestMovies } from "@/lib/data/movies";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { movieSuggestQuerySchema, queryObject } from "@/lib/validation/movie-query";

/** Up to 8 movies for the text typed so far, by the search rules (the header's suggestions). */
export const GET = route(async (request) => {
  const { q } = movieSuggestQuerySchema.parse(queryObject(new URL(request.url).searchParams));
  return mediaUrls(request).suggestions(await suggestMovies(q));
});

export const OPTIONS = preflight;
