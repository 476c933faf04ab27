// What Marquee accepts as an upload (docs/product.md "Uploads"). A file's type is decided from its
// leading bytes, never from its name or the type the client declares.
import { fileTypeFromBuffer, type FileTypeResult } from "file-type/core";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import type { StorageFolder } from "@/lib/storage";
import { formatBytes } from "./format-bytes";

export type MediaKind = "image" | "video";

/** An accepted type: where it is stored and under which canonical extension and content type. */
export type AcceptedType = { kind: MediaKind; extension: string; contentType: string };

/** file-type needs at most this many leading bytes to recognise every format it knows. */
export const SNIFF_BYTES = 4100;

/** Every accepted type, by its canonical extension (the one stored file names carry). */
const ACCEPTED: Record<string, AcceptedType> = {
  jpg: { kind: "image", extension: "jpg", contentType: "image/jpeg" },
  png: { kind: "image", extension: "png", contentType: "image/png" },
  webp: { kind: "image", extension: "webp", contentType: "image/webp" },
  mp4: { kind: "video", extension: "mp4", contentType: "video/mp4" },
  mov: { kind: "video", extension: "mov", contentType: "video/quicktime" },
  avi: { kind: "video", extension: "avi", contentType: "video/x-msvideo" },
  mkv: { kind: "video", extension: "mkv", contentType: "video/x-matroska" },
  wmv: { kind: "video", extension: "wmv", contentType: "video/x-ms-wmv" },
  flv: { kind: "video", extension: "flv", contentType: "video/x-flv" },
};

/** file-type's extension → our canonical one, where they differ. */
const DETECTED_ALIASES: Record<string, string> = {
  apng: "png", // an animated PNG is a PNG to every browser
  m4v: "mp4", // Apple's name for the same container
};

/** Types a browser may declare for a file (the original client's list and the registered names), by extension. */
const DECLARED_TYPES: Record<string, string[]> = {
  jpg: ["image/jpeg", "image/jpg"],
  png: ["image/png"],
  webp: ["image/webp"],
  mp4: ["video/mp4"],
  avi: ["video/avi", "video/x-msvideo"],
  mkv: ["video/mkv", "video/x-matroska"],
  mov: ["video/mov", "video/quicktime"],
  wmv: ["video/wmv", "video/x-ms-wmv", "video/x-ms-asf"],
  flv: ["video/flv", "video/x-flv"],
};

export const UNSUPPORTED_TYPE_MESSAGE =
  "Only images (JPEG, PNG, WebP) and videos (MP4, AVI, MKV, MOV, WMV, FLV) can be uploaded.";
export const VIDEO_NEEDS_ADMIN_MESSAGE = "Only admins can upload videos.";

/** The accepted type of a file whose first bytes (up to SNIFF_BYTES) are `head`, or null. */
export async function detectAcceptedType(head: Uint8Array): Promise<AcceptedType | null> {
  const detected: FileTypeResult | undefined = await fileTypeFromBuffer(head);
  if (!detected) return null;
  // WMV is video in an ASF container; file-type names the container and tells audio from video.
  if (detected.ext === "asf") return detected.mime === "video/x-ms-asf" ? ACCEPTED.wmv! : null;
  return acceptedByExtension(DETECTED_ALIASES[detected.ext] ?? detected.ext);
}

/** The accepted type a client's declared content type or file name points to, or null. */
export function declaredAcceptedType(declaredType: string, fileName = ""): AcceptedType | null {
  const byType = Object.entries(DECLARED_TYPES).find(([, types]) => types.includes(declaredType.toLowerCase()));
  const nameExtension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase().replace("jpeg", "jpg");
  return acceptedByExtension(byType?.[0] ?? nameExtension ?? "");
}

function acceptedByExtension(extension: string): AcceptedType | null {
  return Object.hasOwn(ACCEPTED, extension) ? ACCEPTED[extension]! : null;
}

export function maxBytesOf(kind: MediaKind): number {
  return kind === "image" ? env.UPLOAD_MAX_IMAGE_BYTES : env.UPLOAD_MAX_VIDEO_BYTES;
}

export function folderOf(kind: MediaKind): StorageFolder {
  return kind === "image" ? "image" : "movie";
}

export const unsupportedType = () => new DomainError("unsupported-type", UNSUPPORTED_TYPE_MESSAGE);

export const tooLarge = (kind: MediaKind | "file", limit: number) =>
  new DomainError("too-large", `The ${kind} is too large: the limit is ${formatBytes(limit)}.`);
