// Ids are UUIDs. A malformed id cannot name a row: callers answer 404 without asking the database
// (which would reject the cast to uuid with an error). The one UUID check: data, auth and storage
// keys all use it (this module imports nothing, so any of them may).

/** A UUID as PostgreSQL and randomUUID() write it, for building longer patterns (storage keys). */
export const UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

// Either case: an id typed or pasted in capitals still names its row.
const UUID = new RegExp(`^${UUID_PATTERN}$`, "i");

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
