import { requireUser } from "@/lib/auth";
import { parseJson, preflight, route } from "@/lib/http";
import { partUrlsSchema, signPartUrls } from "@/lib/media/direct-upload";

/** Presigned PUT URLs for parts of a started upload: { ticket, partNumbers } → { urls: [{ partNumber, url }] }. */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  return signPartUrls(user, await parseJson(request, partUrlsSchema));
});

export const OPTIONS = preflight;
