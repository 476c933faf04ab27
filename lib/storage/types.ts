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

/** An inclusive byte range, as in HTTP's Range header. */
export type ByteRange = { start: number; end: number };

/** One interface, two drivers (local disk, S3). Nothing here ever holds a whole file in memory. */
export interface StorageDriver {
  readonly name: "local" | "s3";
  /** Streams `body` into storage under `key`; a failed or aborted stream leaves nothing behind. */
  put(key: StorageKey, body: Readable | Buffer, options: { contentType: string }): Promise<{ size: number }>;
  stat(key: StorageKey): Promise<StoredFileInfo | null>;
  /** A stream of the file, or of the inclusive byte range. */
  read(key: StorageKey, range?: ByteRange): Promise<Readable>;
  delete(key: StorageKey): Promise<void>;
}
