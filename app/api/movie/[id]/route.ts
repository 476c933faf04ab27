import { requireAdmin } from "@/lib/auth";
import { deleteMovie, requireMovieDetail, updateMovie } from "@/lib/data/movies";
import { parseJson, preflight, route } from "@/lib/http";
import { movieUpdateSchema } from "@/lib/validation/movie";

type Context = { params: Promise<{ id: string }> };

export const GET = route<Context>(async (_request, { params }) => requireMovieDetail((await params).id));

export const PUT = route<Context>(async (request, { params }) => {
  await requireAdmin(request);
  const { movie } = await updateMovie((await params).id, await parseJson(request, movieUpdateSchema));
  return movie;
});

export const DELETE = route<Context>(async (request, { params }) => {
  await requireAdmin(request);
  const { message } = await deleteMovie((await params).id);
  return { message };
});

export const OPTIONS = preflight;
