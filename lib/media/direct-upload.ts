// Presigned multipart uploads, for the s3 driver: the browser sends the file's parts straight to
// the bucket, so hosts that cap request bodies (Vercel: 4.5 MB) can still take a 4 GB video.
// The app keeps no state between the steps: a signed ticket carries the upload's identity, owner
// and declared size. Nothing is trusted until `complete`, which checks the stored object's real
// size and leading bytes, and deletes it when they are not acceptable.
import "server-only";
import { SignJWT, jwtVerify } from "jose";
import { z } from "zod";
import { authSecret } from "@/lib/env";
import { type DomainError, invalid, forbidden, notFound } from "@/lib/errors";
import {
  newStorageKey,
  storage,
  urlOf,
  type DirectUploadSupport,
  type StorageDriver,
  type StorageKey,
} from "@/lib/storage";
import { recordUpload, releaseHeldUpload, reserveUpload, type HeldUpload, type Uploader } from "./upload-ledger";
import {
  SNIFF_BYTES,
  VIDEO_NEEDS_ADMIN_MESSAGE,
  declaredAcceptedType,
  detectAcceptedType,
  folderOf,
  maxBytesOf,
  tooLarge,
  unsupportedType,
  type MediaKind,
} from "./file-types";
import type { StartedUpload, UploadConfig } from "@/lib/api-shapes";

const MiB = 1024 * 1024;
/** S3 allows at most 10,000 parts of at least 5 MiB (except the last). */
const MAX_PARTS = 10_000;
const MIN_PART_SIZE = 8 * MiB;
const TICKET_LIFETIME_SECONDS = 24 * 60 * 60;
const PART_URL_LIFETIME_SECONDS = 60 * 60;
const TICKET_AUDIENCE = "marquee:direct-upload";

export type { StartedUpload, UploadConfig };

/** What the upload widget needs to know before it starts: GET /api/upload/config. */
export function uploadConfig(driver: StorageDriver = storage()): UploadConfig {
  return {
    driver: driver.name,
    directUpload: Boolean(driver.directUpload),
    maxImageBytes: maxBytesOf("image"),
    maxVideoBytes: maxBytesOf("video"),
  };
}

export const startSchema = z.object({
  size: z.number({ error: "size must be the file's size in bytes" }).int().positive(),
  type: z.string().max(200).default(""),
  name: z.string().max(1000).default(""),
});
export const partUrlsSchema = z.object({
  ticket: z.string().min(1).max(4000),
  partNumbers: z.array(z.number().int().min(1).max(MAX_PARTS)).min(1).max(1000),
});
export const completeSchema = z.object({
  ticket: z.string().min(1).max(4000),
  parts: z
    .array(z.object({ partNumber: z.number().int().min(1).max(MAX_PARTS), etag: z.string().min(1).max(200) }))
    .min(1)
    .max(MAX_PARTS),
});
export const abortSchema = z.object({ ticket: z.string().min(1).max(4000) });

type Ticket = {
  key: StorageKey;
  uploadId: string;
  userId: string;
  size: number;
  partSize: number;
  partCount: number;
  kind: MediaKind;
  /** The member's reservation against their upload quota (null for admins). */
  reserved: HeldUpload | null;
};

/** Creates the multipart upload after checking what the client declares (type, size, role). */
export async function startDirectUpload(
  user: Uploader,
  input: z.infer<typeof startSchema>,
  driver: StorageDriver = storage(),
): Promise<StartedUpload> {
  const direct = directUploadOf(driver);
  const type = declaredAcceptedType(input.type, input.name);
  if (!type) throw unsupportedType();
  if (type.kind === "video" && !user.isAdmin) throw forbidden(VIDEO_NEEDS_ADMIN_MESSAGE);
  if (input.size > maxBytesOf(type.kind)) throw tooLarge(type.kind, maxBytesOf(type.kind));
  // The declared size is reserved now: the bucket, not this app, receives the bytes. An upload
  // refused at `complete` or aborted gives it back (once: S3 knows the upload id only until then);
  // one simply abandoned keeps it until the quota's day ends.
  const reservation = await reserveUpload(user, input.size);

  const partSize = Math.max(MIN_PART_SIZE, Math.ceil(input.size / MAX_PARTS / MiB) * MiB);
  const partCount = Math.ceil(input.size / partSize);
  const key = newStorageKey(folderOf(type.kind), type.extension);
  const { uploadId } = await direct.create(key, type.contentType).catch(async (error: unknown) => {
    await reservation.release();
    throw error;
  });
  const ticket = await signTicket({
    key,
    uploadId,
    userId: user.id,
    size: input.size,
    partSize,
    partCount,
    kind: type.kind,
    reserved: reservation.held(),
  });
  return { ticket, partSize, partCount };
}

/** Short-lived URLs the browser PUTs each part to. */
export async function signPartUrls(
  user: Uploader,
  input: z.infer<typeof partUrlsSchema>,
  driver: StorageDriver = storage(),
) {
  const direct = directUploadOf(driver);
  const ticket = await readTicket(input.ticket, user);
  if (input.partNumbers.some((n) => n > ticket.partCount)) throw invalid(`This upload has ${ticket.partCount} parts`);
  const urls = await Promise.all(
    input.partNumbers.map(async (partNumber) => ({
      partNumber,
      url: await direct.partUrl(ticket.key, ticket.uploadId, partNumber, PART_URL_LIFETIME_SECONDS),
    })),
  );
  return { urls };
}

/**
 * Assembles the parts, then checks the object itself: its size against the declared size and the
 * limit, its leading bytes against the declared type. A file that fails is deleted. Returns the URL.
 */
export async function completeDirectUpload(
  user: Uploader,
  input: z.infer<typeof completeSchema>,
  driver: StorageDriver = storage(),
): Promise<string> {
  const direct = directUploadOf(driver);
  const ticket = await readTicket(input.ticket, user);
  const parts = [...input.parts].sort((a, b) => a.partNumber - b.partNumber);
  if (parts.length !== ticket.partCount || parts.some((part, index) => part.partNumber !== index + 1)) {
    throw invalid(`Send all ${ticket.partCount} parts, numbered from 1`);
  }
  try {
    await direct.complete(ticket.key, ticket.uploadId, parts);
  } catch (error) {
    throw s3UploadError(error);
  }

  const rejection = await checkStoredUpload(driver, ticket);
  if (rejection) {
    await driver.delete(ticket.key);
    if (ticket.reserved) await releaseHeldUpload(user.id, ticket.reserved);
    throw rejection;
  }
  await recordUpload(ticket.key, user.id, ticket.size);
  return urlOf(ticket.key);
}

/** Gives up an upload: S3 discards the parts already sent. */
export async function abortDirectUpload(
  user: Uploader,
  input: z.infer<typeof abortSchema>,
  driver: StorageDriver = storage(),
) {
  const direct = directUploadOf(driver);
  const ticket = await readTicket(input.ticket, user);
  try {
    await direct.abort(ticket.key, ticket.uploadId);
  } catch (error) {
    throw s3UploadError(error);
  }
  if (ticket.reserved) await releaseHeldUpload(user.id, ticket.reserved);
  return { message: "Upload aborted" };
}

async function checkStoredUpload(driver: StorageDriver, ticket: Ticket): Promise<DomainError | null> {
  const stored = await driver.stat(ticket.key);
  if (!stored) return invalid("The upload did not produce a file");
  const limit = maxBytesOf(ticket.kind);
  if (stored.size > limit) return tooLarge(ticket.kind, limit);
  if (stored.size !== ticket.size)
    return invalid(`The uploaded file has ${stored.size} bytes, not the ${ticket.size} declared`);
  const head = await readHead(driver, ticket.key, Math.min(SNIFF_BYTES, stored.size));
  const type = await detectAcceptedType(head);
  // The key's extension came from the declared type: the content must be that type.
  if (!type || !ticket.key.endsWith(`.${type.extension}`)) return unsupportedType();
  return null;
}

async function readHead(driver: StorageDriver, key: StorageKey, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await driver.read(key, { start: 0, end: length - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function directUploadOf(driver: StorageDriver): DirectUploadSupport {
  if (!driver.directUpload)
    throw notFound("Direct uploads need the s3 storage driver; send the file to POST /api/upload");
  return driver.directUpload;
}

const ticketKey = () => new TextEncoder().encode(authSecret());

function signTicket(ticket: Ticket): Promise<string> {
  return new SignJWT({ ...ticket })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(TICKET_AUDIENCE)
    .setExpirationTime(`${TICKET_LIFETIME_SECONDS}s`)
    .sign(ticketKey());
}

const ticketSchema = z.object({
  key: z.string(),
  uploadId: z.string(),
  userId: z.string(),
  size: z.number(),
  partSize: z.number(),
  partCount: z.number(),
  kind: z.enum(["image", "video"]),
  reserved: z
    .object({ windowStartedAt: z.string(), dayStartedAt: z.string(), bytes: z.number() })
    .nullable()
    .default(null),
});

/** The ticket's content, if it is ours, unexpired and issued to this user. */
async function readTicket(token: string, user: Uploader): Promise<Ticket> {
  try {
    const { payload } = await jwtVerify(token, ticketKey(), { audience: TICKET_AUDIENCE, algorithms: ["HS256"] });
    const ticket = ticketSchema.parse(payload);
    if (ticket.userId === user.id) return ticket as Ticket;
  } catch {
    // fall through: an invalid ticket and someone else's ticket get the same answer
  }
  throw notFound("Upload not found");
}

function s3UploadError(error: unknown): unknown {
  const name = (error as { name?: string })?.name;
  if (name === "NoSuchUpload") return notFound("Upload not found");
  if (name === "InvalidPart" || name === "InvalidPartOrder" || name === "EntityTooSmall") {
    return invalid("A part is missing or was not uploaded completely");
  }
  return error;
}
