// The rules for answering GET/HEAD /api/upload/{folder}/{file}, in one place. Two paths apply them:
// the route handler (lib/media/serve.ts, under `next dev` and hosts without the custom server) and
// the Node fast path (lib/media/fast-path.ts, which server.ts runs before Next's router). This
// module decides status, headers and which bytes; the paths only write the answer out.
// No "server-only" and nothing from Next: server.ts loads it outside Next's bundles.
import type { ByteRange, OpenedFile, StorageDriver, StorageKey } from "@/lib/storage/types";
import { contentTypeOf, isStorageKey } from "@/lib/storage/keys";
import { clientCopyIsCurrent, decideRange, ifRangeHolds, type HeaderReader } from "./http-ranges";

/** Stored names are never reused, so a stored file may be cached for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** The path every stored file is served under. */
const UPLOAD_PATH_PREFIX = "/api/upload/";

export type FileRequest = {
  /** GET or HEAD. */
  method: string;
  query: URLSearchParams;
  headers: HeaderReader;
};

export type FileAnswer = {
  status: number;
  /** Every header of the answer but CORS, which each path adds with lib/http/cors.ts. */
  headers: Record<string, string>;
  body:
    | { kind: "none" }
    | { kind: "json"; text: string }
    /**
     * The stored file, or the inclusive range of it; `Content-Length` is already in `headers`.
     * The file is open: the path must call `file.stream()`. (Every other answer has closed it.)
     */
    | { kind: "file"; file: OpenedFile; range?: ByteRange };
};

export type ServeOptions = {
  /** MEDIA_ACCEL_REDIRECT_PREFIX: hand the bytes to nginx's internal location (local driver only). */
  accelRedirectPrefix?: string;
};

/**
 * The storage key named by the two path segments (already percent-decoded), or null when they are
 * not a name the server issues: `..`, slashes, other folders and extensions never reach storage.
 */
export function storageKeyOf(folder: string, file: string): StorageKey | null {
  const key = `${folder}/${file}`;
  return isStorageKey(key) ? key : null;
}

/**
 * The storage key of a request path such as `/api/upload/movie/x.mp4` or
 * `/api/upload/hls/<movieId>/<jobId>/360p_00001.ts` (query string allowed), or null for any other
 * path, including ones that merely start like it. `isStorageKey` decides which names exist.
 */
export function storageKeyOfPath(requestPath: string): StorageKey | null {
  if (!requestPath.startsWith(UPLOAD_PATH_PREFIX)) return null;
  const end = requestPath.indexOf("?");
  const segments = requestPath.slice(UPLOAD_PATH_PREFIX.length, end === -1 ? undefined : end).split("/");
  try {
    const key = segments.map(decodeURIComponent).join("/");
    return isStorageKey(key) ? key : null;
  } catch {
    return null; // malformed percent-encoding
  }
}

const jsonAnswer = (status: number, value: unknown, headers: Record<string, string> = {}): FileAnswer => {
  const text = JSON.stringify(value);
  return {
    status,
    headers: { ...headers, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(text)) },
    body: { kind: "json", text },
  };
};

/** The answer to a request for the stored file `key`. */
export async function answerFileRequest(
  request: FileRequest,
  key: StorageKey,
  driver: StorageDriver,
  options: ServeOptions = {},
): Promise<FileAnswer> {
  const download = request.query.get("download") === "1" || request.query.get("download") === "true";

  // With a public bucket URL (a CDN), plain reads go there; downloads stay here so they carry
  // Content-Disposition with the movie's name. Pictures stay here too: pages show them through Next's
  // image optimizer, which reads the original with an internal request that cannot follow a redirect.
  const publicUrl = download || key.startsWith("image/") ? undefined : driver.publicUrlOf?.(key);
  if (publicUrl)
    return {
      status: 302,
      headers: { Location: publicUrl, "Cache-Control": "public, max-age=86400", "Content-Length": "0" },
      body: { kind: "none" },
    };

  if (options.accelRedirectPrefix && driver.name === "local")
    return accelRedirectAnswer(key, options.accelRedirectPrefix, download, request.query.get("name"));

  const file = await driver.open(key);
  if (!file) return jsonAnswer(404, { message: "File not found" });
  let answer: FileAnswer | undefined;
  try {
    answer = answerFromFile(request, key, file, download);
    return answer;
  } finally {
    if (answer?.body.kind !== "file") file.close();
  }
}

function answerFromFile(request: FileRequest, key: StorageKey, file: OpenedFile, download: boolean): FileAnswer {
  // nosniff: a stored file is only ever what its type says (a browser must not run it as HTML).
  const headers: Record<string, string> = {
    "Accept-Ranges": "bytes",
    "Cache-Control": IMMUTABLE,
    ETag: file.etag,
    "Last-Modified": file.lastModified.toUTCString(),
    "Content-Type": file.contentType,
    "X-Content-Type-Options": "nosniff",
  };
  if (download) headers["Content-Disposition"] = attachmentDisposition(key, request.query.get("name"));

  if (clientCopyIsCurrent(request.headers, file)) return { status: 304, headers, body: { kind: "none" } };

  // RFC 9110 defines ranges for GET only: HEAD describes the whole file.
  const isGet = request.method === "GET";
  const decision =
    isGet && ifRangeHolds(request.headers.get("if-range"), file)
      ? decideRange(request.headers.get("range"), file.size)
      : { kind: "whole" as const };

  if (decision.kind === "unsatisfiable") {
    // The body is the JSON message, not the file's type.
    return jsonAnswer(
      416,
      { message: "Range not satisfiable" },
      { ...headers, "Content-Range": `bytes */${file.size}` },
    );
  }

  const range = decision.kind === "partial" ? decision.range : undefined;
  if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${file.size}`;
  const length = range ? range.end - range.start + 1 : file.size;
  headers["Content-Length"] = String(length);
  const status = range ? 206 : 200;
  return { status, headers, body: isGet && length > 0 ? { kind: "file", file, range } : { kind: "none" } };
}

/**
 * nginx serves the file from its internal location (docs/media.md): it stats and opens it, answers
 * Range, If-Range and the conditional headers and a missing file, and keeps the headers set here.
 * So the app touches no disk at all (nginx makes its own stat anyway). Cache-Control is nginx's to
 * add, on successful answers only: nginx would keep one set here on its 404 too, cached for a year.
 * `Content-Length: 0` (not a chunked empty body) is what lets nginx reuse the upstream connection:
 * it keeps one alive only when it knows the answer had no body.
 */
function accelRedirectAnswer(key: StorageKey, prefix: string, download: boolean, name: string | null): FileAnswer {
  const headers: Record<string, string> = {
    "Content-Type": contentTypeOf(key),
    "X-Content-Type-Options": "nosniff",
    "X-Accel-Redirect": `${prefix}${key}`,
    "Content-Length": "0",
  };
  if (download) headers["Content-Disposition"] = attachmentDisposition(key, name);
  return { status: 200, headers, body: { kind: "none" } };
}

/**
 * `attachment` with the file name the user will see: `name` (e.g. the movie's title) cleaned of
 * anything a file system or header would choke on, plus the stored file's real extension; else the
 * stored name. RFC 6266: an ASCII `filename` for old clients, UTF-8 `filename*` (RFC 8187) for the rest.
 */
function attachmentDisposition(key: StorageKey, name: string | null): string {
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
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
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
