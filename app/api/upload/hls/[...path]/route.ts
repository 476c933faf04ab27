import { preflight, route } from "@/lib/http";
import { notFound } from "@/lib/errors";
import { serveStoredFile } from "@/lib/media/serve";
import { isStorageKey, type StorageKey } from "@/lib/storage";

type Context = { params: Promise<{ path: string[] }> };

/** A movie's HLS files, hls/<movieId>/<jobId>/<file>: only names lib/storage/keys.ts allows, else 404. */
async function storageKeyOf(context: Context): Promise<StorageKey> {
  const key = ["hls", ...(await context.params).path].join("/");
  if (!isStorageKey(key)) throw notFound("File not found");
  return key;
}

/** Playlists, segments and the poster frame, served like every stored file (docs/media.md). */
export const GET = route<Context>(async (request, context) => serveStoredFile(request, await storageKeyOf(context)));

export const HEAD = GET;

export const OPTIONS = preflight;
