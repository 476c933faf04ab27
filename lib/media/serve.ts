// GET and HEAD /api/upload/{folder}/{file} as a route handler: the path `next dev` and hosts without
// the custom server take. The rules are lib/media/file-answer.ts's; the Node fast path
// (lib/media/fast-path.ts) applies the same ones before Next's router.
import "server-only";
import { Readable } from "node:stream";
import { env } from "@/lib/env";
import { storage, type StorageDriver, type StorageKey } from "@/lib/storage";
import { answerFileRequest } from "./file-answer";

export async function serveStoredFile(
  request: Request,
  key: StorageKey,
  driver: StorageDriver = storage(),
): Promise<Response> {
  const answer = await answerFileRequest(
    { method: request.method, query: new URL(request.url).searchParams, headers: request.headers },
    key,
    driver,
    { accelRedirectPrefix: env.MEDIA_ACCEL_REDIRECT_PREFIX },
  );
  // Content-Length is in answer.headers, but Next.js 16 drops it from every route handler response
  // (FORBIDDEN_HEADERS in next/dist/server/send-response.js: a body Next may have re-encoded must
  // not keep its old length) and sends the body chunked. Only the fast path can send it.
  const { body } = answer;
  if (body.kind === "json") return new Response(body.text, answer);
  if (body.kind === "none") return new Response(null, answer);
  return new Response(Readable.toWeb(await body.file.stream(body.range)) as ReadableStream<Uint8Array>, answer);
}
