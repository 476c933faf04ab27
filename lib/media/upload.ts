// POST /api/upload: a multipart body streamed straight into storage. Nothing holds the file in
// memory: busboy hands over the file part as a stream, an inspector decides its type from the
// first bytes and counts the rest, and the storage driver writes it as it arrives.
import "server-only";
import { Readable, Transform, type TransformCallback } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { DomainError, invalid, forbidden } from "@/lib/errors";
import { newStorageKey, storage, urlOf, type StorageDriver, type StorageKey } from "@/lib/storage";
import { recordUpload, reserveUpload, type Uploader, type UploadReservation } from "./upload-ledger";
import {
  SNIFF_BYTES,
  VIDEO_NEEDS_ADMIN_MESSAGE,
  detectAcceptedType,
  folderOf,
  maxBytesOf,
  tooLarge,
  unsupportedType,
  type AcceptedType,
} from "./file-types";

const NOT_MULTIPART_MESSAGE = "Send the file as multipart/form-data in a field named file.";
const NO_FILE_MESSAGE = "No file was uploaded: send it in a field named file.";
const ONE_FILE_MESSAGE = "Send exactly one file, in a field named file.";
const EMPTY_FILE_MESSAGE = "The file is empty.";

/** Multipart boundaries and part headers around the file; a body bigger than the limit plus this is refused unread. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** A body of undeclared length takes its owner's daily bytes this much at a time, before they are read. */
const RESERVE_STEP = 1024 * 1024;

/**
 * Stores the one file of a multipart upload and returns its URL. Rejections (400, 403, 413, 415)
 * come as soon as they are known, while the rest of the body is read and discarded, so the client
 * sees the answer instead of a reset connection. Whatever fails, nothing stays in storage. A member's
 * upload and its declared size are reserved against the upload rate and daily quota before anything
 * is read (429 past either), bytes beyond the reservation are taken as they stream, and a failed
 * upload gives back what it held; every stored file is recorded with its owner
 * (lib/media/upload-ledger.ts).
 */
export async function receiveUpload(
  request: Request,
  user: Uploader,
  driver: StorageDriver = storage(),
): Promise<string> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) throw invalid(NOT_MULTIPART_MESSAGE);

  const largestAllowed = user.isAdmin ? Math.max(maxBytesOf("image"), maxBytesOf("video")) : maxBytesOf("image");
  const declaredLength = Number(request.headers.get("content-length") ?? NaN);
  if (declaredLength > largestAllowed + MULTIPART_OVERHEAD) throw tooLarge("file", largestAllowed);
  let parser: busboy.Busboy;
  try {
    // One file part; a few stray text fields are tolerated (and ignored), nothing more.
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fields: 20, parts: 25, fieldSize: 16 * 1024 },
    });
  } catch {
    throw invalid(NOT_MULTIPART_MESSAGE); // no boundary
  }
  // The whole declared body: the file cannot be larger. Undeclared: one byte now, the rest as it comes.
  const reservation = await reserveUpload(user, Number.isFinite(declaredLength) ? declaredLength : 1);

  const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  return new Promise<string>((resolve, reject) => {
    let failure: unknown = null;
    let stored: Promise<StoredFile | null> | null = null;

    const fail = (error: unknown) => {
      if (failure) return;
      failure = error;
      // Given back before the answer goes out: a client that asks again sees its allowance whole.
      void reservation.release().finally(() => reject(error));
    };

    parser.on("file", (field, file) => {
      if (field !== "file" || stored) {
        fail(invalid(field !== "file" ? NO_FILE_MESSAGE : ONE_FILE_MESSAGE));
        file.resume();
        return;
      }
      stored = storeFile(file, user, reservation, driver).catch((error: unknown) => {
        // A broken body (truncated, or the client hung up) is the client's fault, not a 500.
        fail(
          error instanceof DomainError || !(parser.errored || body.errored) ? error : invalid(NOT_MULTIPART_MESSAGE),
        );
        return null;
      });
    });
    parser.on("filesLimit", () => fail(invalid(ONE_FILE_MESSAGE)));
    parser.on("partsLimit", () => fail(invalid(ONE_FILE_MESSAGE)));
    parser.on("fieldsLimit", () => fail(invalid(ONE_FILE_MESSAGE)));

    const finish = async (parseError?: unknown) => {
      const file = stored ? await stored : null;
      if (parseError) fail(invalid(NOT_MULTIPART_MESSAGE));
      else if (!file) fail(invalid(NO_FILE_MESSAGE));
      if (!failure)
        await reservation
          .settle(file!.size)
          .then(() => recordUpload(file!.key, user.id, file!.size))
          .catch(fail);
      if (failure) {
        // e.g. a second file arrived after the first was stored
        if (file) await driver.delete(file.key).catch(() => {});
        return;
      }
      resolve(urlOf(file!.key));
    };

    // pipe() rather than pipeline(): a truncated body surfaces as busboy's own error, which
    // destroys the file stream and so the storage write. A client that hangs up also ends here.
    body.on("error", (error) => parser.destroy(error));
    parser.on("error", (error) => void finish(error));
    parser.on("close", () => {
      if (!parser.errored) void finish();
    });
    body.pipe(parser);
  });
}

/** A file put in storage: its key and its size in bytes. */
export type StoredFile = { key: StorageKey; size: number };

/**
 * Streams `source` through `inspector` into storage, under a new key of the kind and extension the
 * inspector detected. Rejects as the inspector or the storage does; what then happens to the rest of
 * `source` is the caller's choice (an upload drains it, an import drops it).
 */
export async function storeInspected(
  source: Readable,
  inspector: UploadInspector,
  driver: StorageDriver,
): Promise<StoredFile> {
  source.on("error", (error) => inspector.destroy(error));
  source.pipe(inspector);
  const type = await inspector.detected;
  const key = newStorageKey(folderOf(type.kind), type.extension);
  const { size } = await driver.put(key, inspector, { contentType: type.contentType });
  return { key, size };
}

/** Streams one file part into storage; resolves to its key and size. On rejection the part is drained, not stored. */
async function storeFile(
  file: Readable,
  user: Uploader,
  reservation: UploadReservation,
  driver: StorageDriver,
): Promise<StoredFile> {
  const inspector = new UploadInspector((type) => {
    if (type.kind === "video" && !user.isAdmin) throw forbidden(VIDEO_NEEDS_ADMIN_MESSAGE);
  }, reservation);
  try {
    return await storeInspected(file, inspector, driver);
  } catch (error) {
    // Keep reading the rest of the part (and so of the body) into nowhere, so busboy finishes.
    file.unpipe(inspector);
    file.resume();
    throw error;
  }
}

/**
 * Passes a file through once its leading bytes show an accepted type the user may upload, then
 * counts bytes against that type's limit and the owner's reservation (taking more of the day's
 * quota before passing bytes beyond it). `detected` settles with the type (or the refusal) before
 * any byte comes out, so the storage key can carry the right extension. Imports check the files they
 * bring in with it too (lib/media/ingest.ts).
 */
export class UploadInspector extends Transform {
  readonly detected: Promise<AcceptedType>;
  private settle!: { resolve: (type: AcceptedType) => void; reject: (error: unknown) => void };
  private kind: AcceptedType["kind"] = "image";
  private head: Buffer[] = [];
  private headLength = 0;
  private limit = 0;
  private passed = 0;
  private decided = false;

  constructor(
    private readonly authorize: (type: AcceptedType) => void,
    private readonly reservation: UploadReservation,
  ) {
    super();
    this.detected = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    this.detected.catch(() => {}); // observed by storeInspected; never an unhandled rejection
    this.once("error", (error) => this.settle.reject(error));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.decided) return this.pass(chunk, callback);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return callback();
    this.decide().then(() => this.pass(Buffer.concat(this.head.splice(0)), callback), callback);
  }

  override _flush(callback: TransformCallback) {
    if (this.decided) return callback();
    // The whole file is shorter than the sniffing window.
    if (this.headLength === 0) return callback(invalid(EMPTY_FILE_MESSAGE));
    this.decide().then(() => this.pass(Buffer.concat(this.head.splice(0)), callback), callback);
  }

  private async decide() {
    const type = await detectAcceptedType(Buffer.concat(this.head));
    if (!type) throw unsupportedType();
    this.authorize(type);
    this.limit = maxBytesOf(type.kind);
    this.decided = true;
    this.kind = type.kind;
    this.settle.resolve(type);
  }

  private pass(chunk: Buffer, callback: TransformCallback) {
    this.passed += chunk.length;
    if (this.passed > this.limit) return callback(tooLarge(this.kind, this.limit));
    const beyond = this.passed - this.reservation.bytes;
    if (beyond <= 0) return callback(null, chunk);
    this.reservation.extend(Math.max(beyond, RESERVE_STEP)).then(() => callback(null, chunk), callback);
  }
}
