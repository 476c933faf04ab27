// GET and HEAD /api/upload/{folder}/{file}: a stored file, streamed, with ranges (so players seek
// anywhere in a long video), validators and a long cache life (stored names are never reused).
import "server-only";
import { Readable } from "node:stream";
import { json } from "@/lib/http/handler";
import { notFound } from "@/lib/http/errors";
import { storage, type StorageDriver, type StorageKey, type StoredFileInfo } from "@/lib/storage";
import { clientCopyIsCurrent, decideRange, ifRangeHolds } from "./http-ranges";

const IMMUTABLE = "public, max-age=31536000, immutable";

export async function serveStoredFile(request: Request, key: StorageKey, driver: StorageDriver = storage()): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const download = query.get("download") === "1" || query.get("download") === "true";

  // With a public bucket URL (a CDN), plain reads go there; downloads stay here so they carry
  // Content-Disposition with the movie's name.
  const publicUrl = download ? undefined : driver.publicUrlOf?.(key);
  if (publicUrl) return new Response(null, { status: 302, headers: { Location: publicUrl, "Cache-Control": "public, max-age=86400" } });

  const file = await driver.stat(key);
  if (!file) throw notFound("File not found");

  const headers = new Headers({
    "Accept-Ranges": "bytes",
    "Cache-Control": IMMUTABLE,
    ETag: file.etag,
    "Last-Modified": file.lastModified.toUTCString(),
    "Content-Type": file.contentType,
    "X-Content-Type-Options": "nosniff",
  });
  if (download) headers.set("Content-Disposition", attachmentDisposition(key, query.get("name")));

  if (clientCopyIsCurrent(request, file)) return new Response(null, { status: 304, headers });

  // RFC 9110 defines ranges for GET only: HEAD describes the whole file.
  const isGet = request.method === "GET";
  const decision = isGet && ifRangeHolds(request.headers.get("if-range"), file) ? decideRange(request.headers.get("range"), file.size) : { kind: "whole" as const };

  if (decision.kind === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${file.size}`);
    headers.delete("Content-Type");
    return json({ message: "Range not satisfiable" }, 416, headers);
  }

  const range = decision.kind === "partial" ? decision.range : undefined;
  // No Content-Length: Next.js 16 strips it from every route handler response (its
  // send-response.ts) and sends the body chunked. Content-Range carries the sizes instead, so a
  // client that needs the total (a download progress bar) asks for `Range: bytes=0-`.
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
  const status = range ? 206 : 200;
  if (!isGet) return new Response(null, { status, headers });
  return new Response(await bodyOf(driver, key, file, range), { status, headers });
}

async function bodyOf(driver: StorageDriver, key: StorageKey, file: StoredFileInfo, range: { start: number; end: number } | undefined) {
  if (file.size === 0) return null;
  const stream = await driver.read(key, range);
  // Cancelling the web stream (the client went away) destroys the file or S3 stream under it.
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}

/**
 * `attachment` with the file name the user will see: `name` (e.g. the movie's title) cleaned of
 * anything a file system or header would choke on, plus the stored file's real extension; else the
 * stored name. RFC 6266: an ASCII `filename` for old clients, UTF-8 `filename*` (RFC 8187) for the rest.
 */
export function attachmentDisposition(key: StorageKey, name: string | null): string {
  const storedName = key.slice(key.indexOf("/") + 1);
  const extension = storedName.slice(storedName.lastIndexOf(".") + 1);
  const base = cleanFileName(name ?? "").replace(new RegExp(`\\.${extension}$`, "i"), "");
  const fileName = base ? `${base}.${extension}` : storedName;
  const ascii =
    fileName
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "")
      .trim() || storedName;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function cleanFileName(name: string): string {
  return name
    .replace(/[\p{Cc}\p{Cf}]/gu, "") // control and invisible formatting characters
    .replace(/[/\\<>:"|?*]/g, " ") // path separators and what Windows forbids
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "") // no hidden files, no trailing dots
    .slice(0, 150)
    .trim();
}
