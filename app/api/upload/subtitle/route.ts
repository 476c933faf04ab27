import { requireAdmin } from "@/lib/auth";
import { json, preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { receiveSubtitleUpload } from "@/lib/media/subtitles";

/** An admin's SRT or WebVTT file (multipart, field `file`): 200 with the stored WebVTT file's absolute URL as a JSON string. */
export const POST = route(async (request) => {
  await requireAdmin(request);
  return json(mediaUrls(request).url(await receiveSubtitleUpload(request)));
});

export const OPTIONS = preflight;
