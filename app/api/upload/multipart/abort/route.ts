import { requireUser } from "@/lib/auth";
import { parseJson, preflight, route } from "@/lib/http";
import { abortDirectUpload, abortSchema } from "@/lib/media/direct-upload";

/** Gives up a presigned upload; storage discards its parts. */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  return abortDirectUpload(user, await parseJson(request, abortSchema));
});

export const OPTIONS = preflight;
