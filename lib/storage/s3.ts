// The s3 driver: any S3-compatible store (AWS S3, MinIO, Cloudflare R2, ...) through the AWS SDK.
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { contentTypeOf } from "./keys";
import type { StorageDriver, StorageKey, StoredFileInfo } from "./types";

export type S3StorageConfig = {
  bucket: string;
  region: string;
  /** For services other than AWS, e.g. http://localhost:9000 (MinIO) or https://<account>.r2.cloudflarestorage.com. */
  endpoint?: string;
  /** MinIO and most self-hosted stores want http://host/bucket/key rather than http://bucket.host/key. */
  forcePathStyle?: boolean;
  /** Unset: the SDK's usual credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** A public base URL for the bucket (a CDN); GET requests may be redirected there. */
  publicUrl?: string;
};

/**
 * Streaming uploads go out in parts of this size, at most QUEUE_SIZE at a time, so an upload holds
 * about PART_SIZE × QUEUE_SIZE bytes however large the file (S3 wants parts of at least 5 MiB).
 */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

export function createS3Storage(config: S3StorageConfig): StorageDriver {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Only the checksums S3 requires: the SDK's newer defaults sign a checksum of an empty body
    // into presigned part URLs (S3 then refuses the part) and trip up several S3-compatible stores.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  const publicBase = config.publicUrl?.replace(/\/+$/, "");

  const driver: StorageDriver = {
    name: "s3",

    async put(key, body, { contentType }) {
      if (Buffer.isBuffer(body)) {
        await new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType: contentType } }).done();
        return { size: body.length };
      }
      // The body's own error (a size limit, a dropped connection) is what the caller needs to see;
      // remember it, because the SDK may report the multipart abort's outcome instead.
      let bodyError: unknown;
      body.once("error", (error) => (bodyError ??= error));
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      const piped = pipeline(body, counted).catch((error: unknown) => {
        bodyError ??= error;
      });
      // leavePartsOnError: false makes the SDK abort the multipart upload on failure, so S3
      // discards the parts already sent and no object appears under the key.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counted, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        if (!counted.destroyed) counted.destroy();
        if (!body.destroyed) body.destroy();
        await piped;
        throw bodyError ?? error;
      }
      await piped;
      return { size };
    },

    async stat(key): Promise<StoredFileInfo | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          lastModified: head.LastModified ?? new Date(0),
          // S3's ETag is quoted already; a multipart object's ("…-3") is still unique to its content.
          etag: head.ETag ?? `"${key}"`,
          contentType: contentTypeOf(key),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async open(key) {
      // No handle to hold in S3: the object's facts now, a GetObject when the bytes are wanted.
      const info = await driver.stat(key);
      return info && { ...info, stream: (range) => driver.read(key, range), close() {} };
    },

    async read(key, range) {
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      if (!(object.Body instanceof Readable)) throw new Error("The S3 client returned no readable body");
      return object.Body;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list() {
      // Unfinished multipart uploads are not objects yet, so they are not listed.
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? [])
          if (object.Key) yield { key: object.Key as StorageKey, size: object.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    publicUrlOf: publicBase ? (key) => `${publicBase}/${key}` : undefined,

    directUpload: {
      async create(key, contentType) {
        const created = await client.send(
          new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
        );
        if (!created.UploadId) throw new Error("S3 returned no upload id");
        return { uploadId: created.UploadId };
      },
      partUrl(key, uploadId, partNumber, expiresInSeconds) {
        return getSignedUrl(
          client,
          new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
          { expiresIn: expiresInSeconds },
        );
      },
      async complete(key, uploadId, parts) {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
          }),
        );
      },
      async abort(key, uploadId) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
      },
    },
  };
  return driver;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}
