import "server-only";
// A member's playback settings, kept on their User row so they follow them to every device.
// Visitors keep theirs in the browser (lib/client/preferences.ts).
import { db } from "@/lib/database/db";
import type { PreferencesInput } from "@/lib/validation/preferences";
import type { Preferences } from "@/lib/api-shapes";

export type { Preferences };

const preferencesSelect = { autoplayNext: true } as const;

/** GET /api/user/preferences. The user exists: requireUser has just read the row. */
export async function getPreferences(userId: string): Promise<Preferences> {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: preferencesSelect });
}

/** PUT /api/user/preferences: the whole set (there is one setting today). */
export async function updatePreferences(userId: string, input: PreferencesInput): Promise<Preferences> {
  return db.user.update({ where: { id: userId }, data: input, select: preferencesSelect });
}
