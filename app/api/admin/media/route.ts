import { requireAdmin } from "@/lib/auth";
import { preflight, route } from "@/lib/http";
import { mediaOverview } from "@/lib/media/transcode";

/** Whether transcoding is on (and why not), and each movie's transcode state, for the admin movie list. */
export const GET = route(async (request) => {
  await requireAdmin(request);
  return mediaOverview();
});

export const OPTIONS = preflight;
