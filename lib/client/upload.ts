// Browser side of uploads: through POST /api/upload (XHR, for upload progress events, which fetch
// lacks), or, when the server stores files in S3, straight to the bucket in presigned parts.
import { SESSION_ENDED_MESSAGE } from "./sign-in";
import type { PartUrls, StartedUpload, UploadConfig } from "@/lib/api-shapes";
import { formatBytes } from "@/lib/media/format-bytes";

export type UploadProgress = (fraction: number) => void;

/** A failure whose message is fit to show the user (the server's own, or ours). */
export class UploadError extends Error {}

export const GENERIC_FAILURE = "Something went wrong. Please try again.";
const NO_URL_FAILURE = "Upload failed, please try again";

let configRequest: Promise<UploadConfig> | null = null;

function uploadConfig(): Promise<UploadConfig> {
  configRequest ??= fetch("/api/upload/config").then(async (response) => {
    if (!response.ok) throw new UploadError(GENERIC_FAILURE);
    return (await response.json()) as UploadConfig;
  });
  configRequest.catch(() => (configRequest = null)); // try again next time
  return configRequest;
}

const isVideo = (file: File) => file.type.startsWith("video/") || /\.(mp4|avi|mkv|mov|wmv|flv)$/i.test(file.name);

/** Uploads one file and resolves to its URL. `token` is for API clients without the session cookie. */
export async function uploadFile(
  file: File,
  { token, onProgress }: { token?: string; onProgress: UploadProgress },
): Promise<string> {
  const config = await uploadConfig();
  const limit = isVideo(file) ? config.maxVideoBytes : config.maxImageBytes;
  // The server enforces the limit anyway; this only spares the user a long upload that will fail.
  if (file.size > limit)
    throw new UploadError(`The ${isVideo(file) ? "video" : "image"} is too large: the limit is ${formatBytes(limit)}.`);
  return config.directUpload ? uploadInParts(file, token, onProgress) : uploadThroughApp(file, token, onProgress);
}

function uploadThroughApp(file: File, token: string | undefined, onProgress: UploadProgress): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  return send<unknown>("POST", "/api/upload", form, {
    token,
    onProgress: (loaded, total) => onProgress(total ? loaded / total : 0),
  }).then(urlFrom);
}

async function uploadInParts(file: File, token: string | undefined, onProgress: UploadProgress): Promise<string> {
  const started = await postJson<StartedUpload>(
    "/api/upload/multipart",
    { size: file.size, type: file.type, name: file.name },
    token,
  );
  try {
    const sent = new Array<number>(started.partCount).fill(0);
    const parts: { partNumber: number; etag: string }[] = [];
    for (let first = 1; first <= started.partCount; first += 100) {
      const partNumbers = Array.from({ length: Math.min(100, started.partCount - first + 1) }, (_, i) => first + i);
      const { urls } = await postJson<PartUrls>(
        "/api/upload/multipart/part-urls",
        { ticket: started.ticket, partNumbers },
        token,
      );
      for (const { partNumber, url } of urls) {
        const slice = file.slice((partNumber - 1) * started.partSize, partNumber * started.partSize);
        const etag = await putPart(url, slice, (loaded) => {
          sent[partNumber - 1] = loaded;
          onProgress(sent.reduce((a, b) => a + b, 0) / file.size);
        });
        parts.push({ partNumber, etag });
      }
    }
    return urlFrom(await postJson<unknown>("/api/upload/multipart/complete", { ticket: started.ticket, parts }, token));
  } catch (error) {
    // Best effort: storage would otherwise keep the parts until its lifecycle rule removes them.
    void postJson("/api/upload/multipart/abort", { ticket: started.ticket }, token).catch(() => {});
    throw error;
  }
}

function putPart(url: string, part: Blob, onLoaded: (loaded: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.upload.onprogress = (event) => onLoaded(event.loaded);
    xhr.onload = () => {
      // The bucket's CORS rule must expose ETag (docs/media.md).
      const etag = xhr.getResponseHeader("ETag");
      if (xhr.status >= 200 && xhr.status < 300 && etag) {
        onLoaded(part.size);
        resolve(etag);
      } else reject(new UploadError(GENERIC_FAILURE));
    };
    xhr.onerror = () => reject(new UploadError(GENERIC_FAILURE));
    xhr.send(part);
  });
}

function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  return send<T>("POST", url, JSON.stringify(body), { token, contentType: "application/json" });
}

/** One XHR: resolves with the parsed JSON body on 2xx, rejects with the server's message otherwise. */
function send<T>(
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit,
  options: { token?: string; contentType?: string; onProgress?: (loaded: number, total: number) => void },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    if (options.token) xhr.setRequestHeader("Authorization", `Bearer ${options.token}`);
    if (options.contentType) xhr.setRequestHeader("Content-Type", options.contentType);
    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.onprogress = (event) => report(event.loaded, event.lengthComputable ? event.total : 0);
    }
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON (a proxy's error page): fall back to the generic message
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(parsed as T);
      // A page signed in by its cookie: say the session ended, as every other call from a page does.
      if (xhr.status === 401 && !options.token) return reject(new UploadError(SESSION_ENDED_MESSAGE));
      const message = (parsed as { message?: unknown } | null)?.message;
      reject(new UploadError(typeof message === "string" && message ? message : GENERIC_FAILURE));
    };
    xhr.onerror = () => reject(new UploadError(GENERIC_FAILURE));
    xhr.send(body);
  });
}

function urlFrom(body: unknown): string {
  if (typeof body !== "string" || !body) throw new UploadError(NO_URL_FAILURE);
  return body;
}
