import { requireAdmin } from "@/lib/auth";
import { requireMovieDetail } from "@/lib/data/movies";
import { deleteMovie, updateMovie } from "@/lib/writes/movies";
import { parseJson, preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { movieUpdateSchema } from "@/lib/validation/movie";

type Context = { params: Promise<{ id: string }> };

export const GET = route<Context>(async (request, { params }) =>
  mediaUrls(request).movieDetail(await requireMovieDetail((await params).id)),
);

export const PUT = route<Context>(async (request, { params }) => {
  await requireAdmin(request);
  const media = mediaUrls(request);
  const movie = await updateMovie((await params).id, media.movieInput(await parseJson(request, movieUpdateSchema)));
  return media.movieDetail(movie);
});

export const DELETE = route<Context>(async (request, { params }) => {
  await requireAdmin(request);
  const { message } = await deleteMovie((await params).id);
  return { message };
});

export const OPTIONS = preflight;
