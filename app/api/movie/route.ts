import { requireAdmin } from "@/lib/auth";
import { createMovie, listMovies } from "@/lib/data/movies";
import { json, parseJson, preflight, route } from "@/lib/http";
import { movieCreateSchema } from "@/lib/validation/movie";
import { movieListQuerySchema, queryObject } from "@/lib/validation/movie-query";

/** The catalogue, filtered, searched and paginated. */
export const GET = route(async (request) => {
  const query = movieListQuerySchema.parse(queryObject(new URL(request.url).searchParams));
  return listMovies(query);
});

export const POST = route(async (request) => {
  await requireAdmin(request);
  const movie = await createMovie(await parseJson(request, movieCreateSchema));
  return json(movie, 201);
});

export const OPTIONS = preflight;
