import "server-only";
// POST /api/admin/imports: the catalogue file of a multipart form (field `file`, and `dryRun`),
// streamed through busboy into a private temporary file as it arrives, bounded: a body past the limit
// is refused and what was written of it removed. Nothing holds the file in memory here, and nothing
// parses it on the main thread: lib/import-export/read-off-thread.ts reads the file in a worker.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { DomainError, invalid, tooLarge } from "@/lib/errors";
import { formatBytes } from "@/lib/media/format-bytes";
import { dryRunField } from "@/lib/validation/import";
import { MAX_IMPORT_FILE_BYTES, catalogueFormatOf, type CatalogueFormat } from "./catalogue-file";

const IMPORT_NOT_MULTIPART = "Send the file as multipart/form-data in a field named file.";
const TOO_LARGE = `The file is too large: the limit is ${formatBytes(MAX_IMPORT_FILE_BYTES)}.`;
const NOT_CSV_OR_JSON = "The file must be CSV (.csv) or JSON (.json).";
const MULTIPART_OVERHEAD = 64 * 1024;

/** An uploaded catalogue file, on disk until `remove()`. */
export type ImportUpload = {
  path: string;
  name: string;
  format: CatalogueFormat;
  dryRun: boolean;
  remove: () => Promise<void>;
};

/**
 * Runs `handle` with the request's catalogue file written to a temporary file, removed afterwards
 * whatever happens. Refusals: 400 (not a multipart form with a file, not CSV or JSON), 413 (over the
 * limit, as declared or as it streams).
 */
export async function withImportUpload<T>(request: Request, handle: (upload: ImportUpload) => Promise<T>): Promise<T> {
  const upload = await receiveImportUpload(request);
  try {
    return await handle(upload);
  } finally {
    await upload.remove();
  }
}

async function receiveImportUpload(request: Request): Promise<ImportUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) throw invalid(IMPORT_NOT_MULTIPART);
  const limit = MAX_IMPORT_FILE_BYTES + MULTIPART_OVERHEAD;
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw tooLarge(TOO_LARGE);
  let parser: busboy.Busboy;
  try {
    // preservePath: the file's name as the form gave it, as FormData reads it.
    parser = busboy({ headers: { "content-type": contentType }, preservePath: true });
  } catch {
    throw invalid(IMPORT_NOT_MULTIPART); // no boundary
  }

  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), "marquee-import-"));
  const remove = () => fs.promises.rm(folder, { recursive: true, force: true });
  const filePath = path.join(folder, "upload");
  // The first part named file decides, as FormData's get("file"): a text field there is no file.
  const form: {
    file: { name: string; format: CatalogueFormat | null; written: Promise<void> } | "text" | null;
    dryRun: string | null;
    writeError: unknown;
  } = { file: null, dryRun: null, writeError: null };
  try {
    parser.on("field", (name, value) => {
      if (name === "dryRun" && form.dryRun === null) form.dryRun = value;
      if (name === "file" && !form.file) form.file = "text";
    });
    parser.on("file", (name, stream, info) => {
      // A part without a file name is a text field to FormData too.
      if (name === "dryRun" && form.dryRun === null) form.dryRun = "";
      if (name !== "file" || form.file) return void stream.resume();
      if (info.filename === undefined) {
        form.file = "text";
        return void stream.resume();
      }
      const format = catalogueFormatOf(info.filename, info.mimeType);
      if (!format) {
        form.file = { name: info.filename, format, written: Promise.resolve() };
        return void stream.resume();
      }
      const written = pipeline(stream, fs.createWriteStream(filePath, { flags: "wx", mode: 0o600 }));
      written.catch((error: unknown) => {
        // The disk's error (the body's own errors come to busboy first): stop reading the body.
        if (!parser.errored) form.writeError = error;
        parser.destroy(error as Error);
      });
      form.file = { name: info.filename, format, written };
    });
    try {
      await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), byteLimit(limit), parser);
    } catch (error) {
      if (error instanceof DomainError || form.writeError) throw form.writeError ?? error;
      throw invalid(IMPORT_NOT_MULTIPART); // a broken or truncated body
    }
    const received = form.file;
    if (!received || received === "text") throw invalid(IMPORT_NOT_MULTIPART);
    if (!received.format) throw invalid(NOT_CSV_OR_JSON, { file: ["The file must be CSV or JSON."] });
    await received.written;
    return { path: filePath, name: received.name, format: received.format, dryRun: dryRunField(form.dryRun), remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** Passes the body through until it exceeds `limit` bytes, then fails it with a 413. */
function byteLimit(limit: number): Transform {
  let length = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      length += chunk.length;
      if (length > limit) return callback(tooLarge(TOO_LARGE));
      callback(null, chunk);
    },
  });
}
