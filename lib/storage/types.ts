import type { Readable } from "node:stream";

/** Where a stored file lives: `<folder>/<file>`, e.g. `image/3f2c….webp` or `movie/9a1e….mp4`. */
export type StorageKey = `${string}/${string}`;

export type StoredFileInfo = {
  size: number;
  lastModified: Date;
  /** A strong validator for If-Range / If-None-Match, quoted as HTTP wants it. */
  etag: string;
  contentType: string;
};

/** One stored file, as `list()` gives it. */
type ListedFile = { key: StorageKey; size: number };

/** An inclusive byte range, as in HTTP's Range header. */
export type ByteRange = { start: number; end: number };

/**
 * A stored file held for one answer (GET/HEAD /api/upload/…): its facts now, its bytes on demand.
 * Exactly one of `stream` or `close` is called.
 */
export type OpenedFile = StoredFileInfo & {
  /** A stream of the file, or of the inclusive range; lets go of the file when it ends or is destroyed. */
  stream(range?: ByteRange): Promise<Readable>;
  /** Lets go of the file when its bytes are not wanted (HEAD, 304, 416), or after `descriptor` is read. */
  close(): void;
  /**
   * The file's open descriptor, where the driver keeps files on this machine (local): the media
   * fast path sends from it with buffers it reuses (lib/media/send-descriptor.ts), then calls close().
   */
  descriptor?: number;
};

/** One interface, two drivers (local disk, S3). Nothing here ever holds a whole file in memory. */
export interface StorageDriver {
  readonly name: "local" | "s3";
  /** Streams `body` into storage under `key`; a failed or aborted stream leaves nothing behind. */
  put(key: StorageKey, body: Readable | Buffer, options: { contentType: string }): Promise<{ size: number }>;
  stat(key: StorageKey): Promise<StoredFileInfo | null>;
  /** For serving: the file's facts and a way to its bytes, or null when there is no such file. */
  open(key: StorageKey): Promise<OpenedFile | null>;
  /** A stream of the file, or of the inclusive byte range. */
  read(key: StorageKey, range?: ByteRange): Promise<Readable>;
  delete(key: StorageKey): Promise<void>;
  /**
   * Every stored file and its size, in no particular order, without the half-written files of
   * uploads in progress: what a backup copies and the admin statistics weigh.
   */
  list(): AsyncIterable<ListedFile>;
  /** Throws when the storage cannot be reached or written (the health check's question). */
  check(): Promise<void>;
  /**
   * A stable public URL (a CDN in front of the bucket) that GET requests may be redirected to,
   * or undefined when files are only served through the app.
   */
  publicUrlOf?(key: StorageKey): string | undefined;
  /**
   * The file's path on this machine, for tools that read files themselves (ffprobe estimating a
   * video's length as it is queued). Only drivers that keep files on this machine have it (local).
   */
  localPathOf?(key: StorageKey): string;
  /**
   * Deletes the half-written files of uploads that died (a killed process), untouched for
   * `olderThanMs`; returns how many. Only drivers that write such files have it (local).
   */
  removeStalePartials?(olderThanMs: number): Promise<number>;
  /** Present when browsers may upload straight into storage (S3 presigned multipart uploads). */
  readonly directUpload?: DirectUploadSupport;
}

/** A part the browser uploaded, as S3's CompleteMultipartUpload wants it. */
type UploadedPart = { partNumber: number; etag: string };

/**
 * Presigned multipart uploads: the app creates the upload and signs one short-lived URL per part;
 * the browser PUTs the parts straight to the bucket, so request bodies never pass through the app
 * (hosts such as Vercel cap them at a few MB).
 */
export interface DirectUploadSupport {
  create(key: StorageKey, contentType: string): Promise<{ uploadId: string }>;
  partUrl(key: StorageKey, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string>;
  complete(key: StorageKey, uploadId: string, parts: UploadedPart[]): Promise<void>;
  abort(key: StorageKey, uploadId: string): Promise<void>;
}
