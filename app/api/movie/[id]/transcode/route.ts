import { requireAdmin } from "@/lib/auth";
import { preflight, route } from "@/lib/http";
import { conflict, invalid, notFound } from "@/lib/errors";
import { isUuid } from "@/lib/validation/ids";
import { MOVIE_NOT_FOUND } from "@/lib/data/movies";
import { transcodingStatus } from "@/lib/media/ffmpeg";
import { cancelTranscode, retryTranscode } from "@/lib/jobs/transcode-queue";

type Context = { params: Promise<{ id: string }> };

async function movieId(params: Context["params"]): Promise<string> {
  const { id } = await params;
  if (!isUuid(id)) throw notFound(MOVIE_NOT_FOUND);
  return id;
}

/** Admin: transcode the movie's video again (the retry of a failed or cancelled one). */
export const POST = route<Context>(async (request, { params }) => {
  await requireAdmin(request);
  const id = await movieId(params);
  const transcoding = transcodingStatus();
  if (!transcoding.available) throw invalid(transcoding.reason);
  const jobId = await retryTranscode(id);
  if (jobId === undefined) throw notFound(MOVIE_NOT_FOUND);
  if (jobId === null) throw invalid("This movie's video is not a file stored here, so it cannot be transcoded.");
  return { message: "Transcoding queued", jobId };
});

/** Admin: cancel the movie's queued or running transcode; a running ffmpeg stops within seconds. */
export const DELETE = route<Context>(async (request, { params }) => {
  await requireAdmin(request);
  const cancelled = await cancelTranscode(await movieId(params));
  if (cancelled === undefined) throw notFound(MOVIE_NOT_FOUND);
  if (!cancelled) throw conflict("No transcode of this movie is queued or running.");
  return { message: "Transcoding cancelled" };
});

export const OPTIONS = preflight;
