import "server-only";
// A member's passkeys as the account pages, the API and the data export list them. Adding, using
// and removing one is lib/auth/passkeys.ts's (WebAuthn).
import { db } from "@/lib/database/db";
import type { PasskeyItem } from "@/lib/api-shapes";

/** The member's passkeys, newest first (profile page, GET /api/user/passkeys, the data export). */
export async function listPasskeys(userId: string): Promise<PasskeyItem[]> {
  const rows = await db.passkey.findMany({
    where: { userId },
    select: { id: true, name: true, deviceType: true, backedUp: true, createdAt: true, lastUsedAt: true },
    orderBy: { createdAt: "desc" },
  });
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    synced: row.deviceType === "multiDevice",
    backedUp: row.backedUp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}
