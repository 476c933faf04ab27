import { requireUser } from "@/lib/auth";
import { json, preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { receiveUpload } from "@/lib/media/upload";

/** Multipart upload of one file (field `file`): 200 with the stored file's absolute URL as a JSON string. */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  return json(mediaUrls(request).url(await receiveUpload(request, user)));
});

export const OPTIONS = preflight;
