import { requireAdmin } from "@/lib/auth";
import { listMovies } from "@/lib/data/movies";
import { createMovie } from "@/lib/writes/movies";
import { json, parseJson, preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { movieCreateSchema } from "@/lib/validation/movie";
import { movieListQuerySchema, queryObject } from "@/lib/validation/movie-query";

/** The catalogue, filtered, searched and paginated. */
export const GET = route(async (request) => {
  const query = movieListQuerySchema.parse(queryObject(new URL(request.url).searchParams));
  return mediaUrls(request).moviePage(await listMovies(query));
});

export const POST = route(async (request) => {
  await requireAdmin(request);
  const media = mediaUrls(request);
  const movie = await createMovie(media.movieInput(await parseJson(request, movieCreateSchema)));
  return json(media.movieDetail(movie), 201);
});

export const OPTIONS = preflight;
