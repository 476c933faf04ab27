import { requireUser } from "@/lib/auth";
import { parseJson, preflight, route } from "@/lib/http";
import { startDirectUpload, startSchema } from "@/lib/media/direct-upload";

/** Starts a presigned multipart upload (s3 driver): { size, type, name } → { ticket, partSize, partCount }. */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  return startDirectUpload(user, await parseJson(request, startSchema));
});

export const OPTIONS = preflight;
