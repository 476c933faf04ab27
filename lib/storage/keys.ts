// Stored files are named by the server: a folder per kind and a random name with the canonical
// extension. The client's file name is never used.
import { randomUUID } from "node:crypto";
import { UUID_PATTERN } from "@/lib/validation/ids";
import type { StorageKey } from "./types";

export const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  mp4: "video/mp4",
  avi: "video/x-msvideo",
  mkv: "video/x-matroska",
  mov: "video/quicktime",
  wmv: "video/x-ms-wmv",
  flv: "video/x-flv",
  vtt: "text/vtt; charset=utf-8",
  m3u8: "application/vnd.apple.mpegurl",
  ts: "video/mp2t",
};

/**
 * Folders: `image` for pictures, `movie` for videos (the original client downloads /api/upload/movie/…),
 * `subtitle` for WebVTT subtitle tracks. Besides these, `hls/<movieId>/<jobId>/<file>` holds a
 * movie's HLS ladder (HLS_KEY_PATTERN): one folder per transcode job, never reused.
 */
export type StorageFolder = "image" | "movie" | "subtitle";

const KEY_PATTERN =
  /^(image|movie|subtitle)\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(jpg|png|webp|mp4|avi|mkv|mov|wmv|flv|vtt)$/;

/**
 * A transcode job's files: master.m3u8, one playlist and its .ts segments per rendition, poster.jpg,
 * and the seek-preview sprites (thumbs_NNN.jpg) with their WebVTT index (thumbnails.vtt).
 */
const HLS_KEY_PATTERN = new RegExp(
  `^hls/${UUID_PATTERN}/${UUID_PATTERN}/[A-Za-z0-9][A-Za-z0-9_]{0,63}\\.(m3u8|ts|jpg|vtt)$`,
);

export function isStorageKey(value: string): value is StorageKey {
  return KEY_PATTERN.test(value) || HLS_KEY_PATTERN.test(value);
}

/** The folder of one transcode job's files. */
export function hlsFolderOf(movieId: string, jobId: string): string {
  return `hls/${movieId}/${jobId}`;
}

export function newStorageKey(folder: StorageFolder, extension: string): StorageKey {
  return `${folder}/${randomUUID()}.${extension}`;
}

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

/** The URL the app serves a stored file at. */
export function urlOf(key: StorageKey): string {
  return `/api/upload/${key}`;
}

/** The storage key behind one of our URLs (absolute or relative), or null for anything else. */
export function keyOfUrl(url: string): StorageKey | null {
  const match = /^(?:https?:\/\/[^/]+)?\/api\/upload\/(.+)$/.exec(url);
  return match?.[1] && isStorageKey(match[1]) ? match[1] : null;
}
