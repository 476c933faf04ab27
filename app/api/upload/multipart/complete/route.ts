import { requireUser } from "@/lib/auth";
import { json, parseJson, preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { completeDirectUpload, completeSchema } from "@/lib/media/direct-upload";

/** Finishes a presigned upload and checks the stored file: 200 with its absolute URL as a JSON string, or 413/415. */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  return json(mediaUrls(request).url(await completeDirectUpload(user, await parseJson(request, completeSchema))));
});

export const OPTIONS = preflight;
