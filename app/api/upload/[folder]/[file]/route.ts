import { notFound, preflight, route } from "@/lib/http";
import { serveStoredFile } from "@/lib/media/serve";
import { isStorageKey, type StorageKey } from "@/lib/storage";

type Context = { params: Promise<{ folder: string; file: string }> };

/** Only names the server itself issues: anything else (`..`, encoded slashes, other folders) is a 404. */
async function storageKeyOf(context: Context): Promise<StorageKey> {
  const { folder, file } = await context.params;
  const key = `${folder}/${file}`;
  if (!isStorageKey(key)) throw notFound("File not found");
  return key;
}

/** The stored file, streamed; Range, If-Range, ETag and `?download=1[&name=...]` (see docs/media.md). */
export const GET = route<Context>(async (request, context) => serveStoredFile(request, await storageKeyOf(context)));

export const HEAD = GET;

export const OPTIONS = preflight;
