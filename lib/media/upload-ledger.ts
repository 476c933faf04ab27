// The record of every stored upload (table Upload) and what it is used for: members' upload rate
// and daily quota (429 with Retry-After; admins are unlimited), and the removal of uploads nothing
// uses after a day (run by the clean-up job, lib/jobs). docs/security.md "Uploads and quotas".
import "server-only";
import { db as defaultDb } from "@/lib/db";
import { env } from "@/lib/env";
import { HttpError } from "@/lib/http/errors";
import type { Db } from "@/lib/prisma";
import { countUpload } from "@/lib/metrics";
import { storage, urlOf, type StorageDriver, type StorageKey } from "@/lib/storage";
import { deleteUnreferencedFiles } from "./cleanup";

export const TOO_MANY_UPLOADS = "Too many uploads, please try again later";
export const UPLOAD_QUOTA_REACHED = "Daily upload quota reached, please try again later";

const DAY_MS = 24 * 60 * 60 * 1000;
/** An upload not attached to a movie, cast member or profile within this time is deleted. */
export const UNUSED_UPLOAD_GRACE_MS = DAY_MS;

const tooMany = (message: string, retryAt: number) =>
  new HttpError(429, message, {
    headers: { "Retry-After": String(Math.max(1, Math.ceil((retryAt - Date.now()) / 1000))) },
  });

/**
 * Refuses (429 with Retry-After) a member's upload past UPLOAD_RATE_LIMIT uploads per
 * UPLOAD_RATE_WINDOW_SECONDS, or one of `bytes` that would take the last 24 hours past
 * UPLOAD_DAILY_QUOTA_BYTES. Admins are never limited. Checked before the body is read; two uploads
 * racing past the last slot can both pass (the overshoot is at most one file each).
 */
export async function checkUploadAllowance(
  user: { id: string; isAdmin: boolean },
  bytes: number,
  db: Db = defaultDb,
): Promise<void> {
  if (user.isAdmin) return;
  const now = Date.now();
  const windowMs = env.UPLOAD_RATE_WINDOW_SECONDS * 1000;
  const recent = await db.upload.findMany({
    where: { ownerId: user.id, createdAt: { gt: new Date(now - DAY_MS) } },
    select: { size: true, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  const inWindow = recent.filter((upload) => upload.createdAt.getTime() > now - windowMs);
  if (inWindow.length >= env.UPLOAD_RATE_LIMIT) {
    // A slot frees when the oldest upload of the window leaves it.
    throw tooMany(TOO_MANY_UPLOADS, inWindow[inWindow.length - env.UPLOAD_RATE_LIMIT]!.createdAt.getTime() + windowMs);
  }
  // At least one byte: a quota used up refuses even a body whose size is not declared.
  const need = Math.max(bytes, 1);
  let used = recent.reduce((sum, upload) => sum + Number(upload.size), 0);
  if (used + need <= env.UPLOAD_DAILY_QUOTA_BYTES) return;
  // Room frees as the day's uploads age out, oldest first.
  for (const upload of recent) {
    used -= Number(upload.size);
    if (used + need <= env.UPLOAD_DAILY_QUOTA_BYTES)
      throw tooMany(UPLOAD_QUOTA_REACHED, upload.createdAt.getTime() + DAY_MS);
  }
  throw tooMany(UPLOAD_QUOTA_REACHED, now + DAY_MS); // larger than the whole quota: no wait helps, but say when it resets
}

/** Notes a stored upload and its owner. */
export async function recordUpload(key: StorageKey, ownerId: string, size: number, db: Db = defaultDb): Promise<void> {
  await db.upload.create({ data: { key, ownerId, size } });
  countUpload(key, size);
}

/**
 * The clean-up job's part: uploads older than the grace period that no movie, cast member or
 * profile uses are deleted from storage; the record of every upload past that age goes (it has done
 * its work for quotas, and a file detached later is deleted by lib/media/cleanup.ts when its row changes).
 * Returns the keys deleted.
 */
export async function removeUnusedUploads({
  db = defaultDb,
  driver = storage(),
  now = Date.now(),
}: { db?: Db; driver?: StorageDriver; now?: number } = {}): Promise<StorageKey[]> {
  const old = await db.upload.findMany({
    where: { createdAt: { lt: new Date(now - UNUSED_UPLOAD_GRACE_MS) } },
    select: { key: true },
    take: 1000,
  });
  if (old.length === 0) return [];
  const deleted = await deleteUnreferencedFiles(
    old.map(({ key }) => urlOf(key as StorageKey)),
    { db, driver },
  );
  await db.upload.deleteMany({ where: { key: { in: old.map(({ key }) => key) } } });
  return deleted;
}
