// Members' upload rate and daily quota (table UploadAllowance: 429 with Retry-After; admins are
// unlimited), reserved before a body is read and counted as it streams; and the record of every
// stored upload (table Upload), for the removal of uploads nothing uses after a day (run by the
// clean-up job, lib/worker/maintenance.ts). docs/security.md "Uploads and quotas".
import "server-only";
import { db as defaultDb } from "@/lib/database/db";
import { env } from "@/lib/env";
import { type DomainError, rateLimited } from "@/lib/errors";
import type { Db } from "@/lib/database/prisma";
import { countUpload } from "@/lib/metrics";
import { storage, urlOf, type StorageDriver, type StorageKey } from "@/lib/storage";
import { deleteUnreferencedFiles } from "./cleanup";

const TOO_MANY_UPLOADS = "Too many uploads, please try again later";
const UPLOAD_QUOTA_REACHED = "Daily upload quota reached, please try again later";

const DAY_MS = 24 * 60 * 60 * 1000;
/** An upload not attached to a movie, cast member or profile within this time is deleted. */
const UNUSED_UPLOAD_GRACE_MS = DAY_MS;

const tooMany = (message: string, retryAfterSeconds: number) =>
  rateLimited(message, Math.max(1, Math.ceil(retryAfterSeconds)));

/** The windows a reservation's counts were taken from: they are given back only to the same windows. */
type Windows = { windowStartedAt: Date; dayStartedAt: Date };

/**
 * What an upload holds of its owner's allowance while its body streams in: one upload of the rate
 * window and some bytes of the day. Bytes are taken before they are read (`extend`), the total is
 * made exact once the file is stored (`settle`), and everything goes back when the upload fails
 * (`release`). Admins get one that limits nothing.
 */
export type UploadReservation = {
  /** Bytes held so far. */
  readonly bytes: number;
  /** Takes `more` bytes of the day; 429 when the quota has no room for them (nothing is taken then). */
  extend(more: number): Promise<void>;
  /** The upload is stored with `bytes` bytes: what was held beyond them goes back. */
  settle(bytes: number): Promise<void>;
  /** The upload failed: its slot and bytes go back. Never throws. */
  release(): Promise<void>;
  /** What is held, to be given back by another request (`releaseHeldUpload`); null for admins. */
  held(): HeldUpload | null;
};

/** A reservation written down (a direct upload's ticket carries it between requests). */
export type HeldUpload = { windowStartedAt: string; dayStartedAt: string; bytes: number };

/** No rate or quota: an admin's uploads, and the files a catalogue import brings in (lib/media/ingest.ts). */
export const unlimited = (): UploadReservation => ({
  bytes: Number.POSITIVE_INFINITY,
  extend: async () => {},
  settle: async () => {},
  release: async () => {},
  held: () => null,
});

/**
 * Takes `uploads` (0 or 1) of the rate window and `bytes` of the day for a member, in one statement:
 * the owner's row is locked by the upsert, so two uploads at once are counted one after the other,
 * whatever instance serves them. A window that has run out starts again from this upload. Returns
 * the windows counted in, or null when the slot or the bytes are not there (nothing taken).
 */
async function take(db: Db, ownerId: string, uploads: 0 | 1, bytes: number): Promise<Windows | null> {
  const rows = await db.$queryRaw<Windows[]>`
    INSERT INTO "UploadAllowance" AS a ("ownerId", "windowStartedAt", "windowUploads", "dayStartedAt", "dayBytes")
    VALUES (${ownerId}::uuid, now(), ${uploads}, now(), ${bytes})
    ON CONFLICT ("ownerId") DO UPDATE SET
      "windowStartedAt" = CASE WHEN a."windowStartedAt" <= now() - make_interval(secs => ${env.UPLOAD_RATE_WINDOW_SECONDS}) THEN now() ELSE a."windowStartedAt" END,
      "windowUploads" = CASE WHEN a."windowStartedAt" <= now() - make_interval(secs => ${env.UPLOAD_RATE_WINDOW_SECONDS}) THEN ${uploads} ELSE a."windowUploads" + ${uploads} END,
      "dayStartedAt" = CASE WHEN a."dayStartedAt" <= now() - interval '1 day' THEN now() ELSE a."dayStartedAt" END,
      "dayBytes" = CASE WHEN a."dayStartedAt" <= now() - interval '1 day' THEN ${bytes} ELSE a."dayBytes" + ${bytes} END
    WHERE (${uploads} = 0 OR a."windowStartedAt" <= now() - make_interval(secs => ${env.UPLOAD_RATE_WINDOW_SECONDS}) OR a."windowUploads" < ${env.UPLOAD_RATE_LIMIT})
      AND (a."dayStartedAt" <= now() - interval '1 day' OR a."dayBytes" + ${bytes} <= ${env.UPLOAD_DAILY_QUOTA_BYTES})
    RETURNING "windowStartedAt", "dayStartedAt"`;
  return rows[0] ?? null;
}

/** Gives back what `take` took, to the windows it was taken from (a window that has since run out is left alone). */
async function giveBack(db: Db, ownerId: string, uploads: number, bytes: number, windows: Windows): Promise<void> {
  await db.$executeRaw`
    UPDATE "UploadAllowance" SET
      "windowUploads" = CASE WHEN "windowStartedAt" = ${windows.windowStartedAt} THEN greatest("windowUploads" - ${uploads}, 0) ELSE "windowUploads" END,
      "dayBytes" = CASE WHEN "dayStartedAt" = ${windows.dayStartedAt} THEN greatest("dayBytes" - ${bytes}, 0) ELSE "dayBytes" END
    WHERE "ownerId" = ${ownerId}::uuid`;
}

/** The 429 for a refused `take`: which limit, and when it frees (the database's clock). */
async function refusal(db: Db, ownerId: string, uploads: 0 | 1): Promise<DomainError> {
  const [row] = await db.$queryRaw<{ rateFull: boolean; windowEndsIn: number; dayEndsIn: number }[]>`
    SELECT "windowUploads" >= ${env.UPLOAD_RATE_LIMIT} AS "rateFull",
      EXTRACT(EPOCH FROM "windowStartedAt" + make_interval(secs => ${env.UPLOAD_RATE_WINDOW_SECONDS}) - now())::float8 AS "windowEndsIn",
      EXTRACT(EPOCH FROM "dayStartedAt" + interval '1 day' - now())::float8 AS "dayEndsIn"
    FROM "UploadAllowance" WHERE "ownerId" = ${ownerId}::uuid`;
  if (uploads === 1 && row?.rateFull && row.windowEndsIn > 0) return tooMany(TOO_MANY_UPLOADS, row.windowEndsIn);
  return tooMany(UPLOAD_QUOTA_REACHED, row?.dayEndsIn ?? 1);
}

/** Who sends a file: the signed-in member (lib/auth's SessionUser fits), as far as uploads care. */
export type Uploader = { id: string; isAdmin: boolean };

/**
 * Reserves a member's upload before its body is read: one upload of UPLOAD_RATE_LIMIT per
 * UPLOAD_RATE_WINDOW_SECONDS and `bytes` (the declared size, at least one byte) of
 * UPLOAD_DAILY_QUOTA_BYTES per day, or 429 with Retry-After. Admins are never limited.
 * Checked and taken in one statement, so uploads sent at once cannot all pass the last slot.
 */
export async function reserveUpload(user: Uploader, bytes: number, db: Db = defaultDb): Promise<UploadReservation> {
  if (user.isAdmin) return unlimited();
  // At least one byte: a quota used up refuses even a body whose size is not declared.
  const first = Math.max(1, Math.ceil(bytes));
  // Larger than the whole quota: no wait helps, but say when a day has passed.
  if (first > env.UPLOAD_DAILY_QUOTA_BYTES) throw tooMany(UPLOAD_QUOTA_REACHED, DAY_MS / 1000);
  const windows = await take(db, user.id, 1, first);
  if (!windows) throw await refusal(db, user.id, 1);
  // Bytes taken in each day window (an upload running across midnight of its window takes from two).
  const held: { windows: Windows; bytes: number }[] = [{ windows, bytes: first }];
  let released = false;
  const total = () => held.reduce((sum, part) => sum + part.bytes, 0);
  const giveBackBytes = async (excess: number) => {
    for (const part of [...held].reverse()) {
      if (excess <= 0) break;
      const back = Math.min(excess, part.bytes);
      await giveBack(db, user.id, 0, back, part.windows);
      part.bytes -= back;
      excess -= back;
    }
  };
  return {
    get bytes() {
      return total();
    },
    async extend(more) {
      const windowsNow = await take(db, user.id, 0, more);
      if (!windowsNow) throw await refusal(db, user.id, 0);
      held.push({ windows: windowsNow, bytes: more });
    },
    async settle(bytes) {
      await giveBackBytes(total() - bytes);
    },
    held() {
      return {
        windowStartedAt: windows.windowStartedAt.toISOString(),
        dayStartedAt: windows.dayStartedAt.toISOString(),
        bytes: total(),
      };
    },
    async release() {
      if (released) return;
      released = true;
      try {
        // The slot and the first window's bytes in one statement; bytes of a later day apart.
        const [initial, ...later] = held;
        await giveBack(db, user.id, 1, initial!.bytes, windows);
        for (const part of later) await giveBack(db, user.id, 0, part.bytes, part.windows);
      } catch (error) {
        // The upload has failed already; at worst its bytes count until the window ends.
        console.error("Could not give back a failed upload's allowance:", error);
      }
    },
  };
}

/** Gives back a reservation made by an earlier request (a direct upload refused or aborted). Never throws. */
export async function releaseHeldUpload(ownerId: string, held: HeldUpload, db: Db = defaultDb): Promise<void> {
  const windows = { windowStartedAt: new Date(held.windowStartedAt), dayStartedAt: new Date(held.dayStartedAt) };
  await giveBack(db, ownerId, 1, held.bytes, windows).catch((error: unknown) =>
    console.error("Could not give back a direct upload's allowance:", error),
  );
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
