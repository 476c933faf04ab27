import { preflight, route } from "@/lib/http";
import { notFound } from "@/lib/errors";
import { storageKeyOf } from "@/lib/media/file-answer";
import { serveStoredFile } from "@/lib/media/serve";

type Context = { params: Promise<{ folder: string; file: string }> };

/**
 * The stored file, streamed; Range, If-Range, ETag and `?download=1[&name=...]` (see docs/media.md).
 * Under `npm start` the custom server (server.ts) answers these requests before they get here.
 */
export const GET = route<Context>(async (request, context) => {
  const { folder, file } = await context.params;
  const key = storageKeyOf(folder, file);
  if (!key) throw notFound("File not found");
  return serveStoredFile(request, key);
});

export const HEAD = GET;

export const OPTIONS = preflight;
