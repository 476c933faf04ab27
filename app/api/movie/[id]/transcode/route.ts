import { requireAdmin } from "@/lib/auth";
import { badRequest, notFound, preflight, route } from "@/lib/http";
import { isUuid } from "@/lib/data/ids";
import { MOVIE_NOT_FOUND } from "@/lib/data/movies";
import { ffmpegStatus } from "@/lib/media/ffmpeg";
import { retryTranscode } from "@/lib/jobs/transcode";

type Context = { params: Promise<{ id: string }> };

/** Admin: transcode the movie's video again (the retry button of a failed one). */
export const POST = route<Context>(async (request, { params }) => {
  await requireAdmin(request);
  const { id } = await params;
  if (!isUuid(id)) throw notFound(MOVIE_NOT_FOUND);
  const ffmpeg = ffmpegStatus();
  if (!ffmpeg.available) throw badRequest(ffmpeg.reason);
  const jobId = await retryTranscode(id);
  if (jobId === undefined) throw notFound(MOVIE_NOT_FOUND);
  if (jobId === null) throw badRequest("This movie's video is not a file stored here, so it cannot be transcoded.");
  return { message: "Transcoding queued", jobId };
});

export const OPTIONS = preflight;
