// The scheduled clean-up: everything that expires in the database or storage goes here, so no
// request ever pays for it and every instance sees the same result.
import "server-only";
import { db } from "@/lib/database/db";
import { removeUnusedUploads } from "@/lib/media/upload-ledger";
import { storage } from "@/lib/storage";

/** A `.partial` file untouched this long belongs to an upload that died (a live upload keeps writing). */
const STALE_PARTIAL_MS = 5 * 60 * 1000;

/** Deletes the leftovers of uploads interrupted by a crash or kill; run as the app starts and on schedule. */
export async function removeStalePartials(): Promise<number> {
  return (await storage().removeStalePartials?.(STALE_PARTIAL_MS)) ?? 0;
}

export type MaintenanceReport = {
  unusedUploads: number;
  stalePartials: number;
  sessions: number;
  handOverCodes: number;
  rateLimits: number;
  /** Email links (reset, verification, email change) and passkey challenges past their time. */
  accountTokens: number;
  passkeyChallenges: number;
};

export async function runMaintenance(): Promise<MaintenanceReport> {
  const now = new Date();
  const [unused, stalePartials, sessions, handOverCodes, rateLimits, accountTokens, passkeyChallenges] =
    await Promise.all([
      removeUnusedUploads(),
      removeStalePartials(),
      db.session.deleteMany({ where: { expiresAt: { lt: now } } }),
      db.handOverCode.deleteMany({ where: { expiresAt: { lt: now } } }),
      db.rateLimit.deleteMany({ where: { expire: { lt: BigInt(now.getTime()) } } }),
      db.accountToken.deleteMany({ where: { expiresAt: { lt: now } } }),
      db.passkeyChallenge.deleteMany({ where: { expiresAt: { lt: now } } }),
    ]);
  return {
    unusedUploads: unused.length,
    stalePartials,
    sessions: sessions.count,
    handOverCodes: handOverCodes.count,
    rateLimits: rateLimits.count,
    accountTokens: accountTokens.count,
    passkeyChallenges: passkeyChallenges.count,
  };
}
