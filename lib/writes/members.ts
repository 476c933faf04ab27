import "server-only";
// The member writes of the API (lib/data/users.ts, lib/data/admin-users.ts) with what they leave to
// do once committed: the pages of the movies they reviewed expire (reviews show their author's name
// and picture; a deleted member's reviews leave the movies' pages and ratings), and a replaced or
// deleted picture leaves storage unless something else shows it.
import { DomainError } from "@/lib/errors";
import * as adminUsers from "@/lib/data/admin-users";
import type { AdminUsersBulkResult } from "@/lib/data/admin-users";
import * as users from "@/lib/data/users";
import type { UserRow } from "@/lib/data/users";
import type { AdminUsersBulkInput } from "@/lib/validation/admin-user";
import type { ProfileInput } from "@/lib/validation/user";
import { carryOut } from "./effects";

/** PUT /api/user: the profile. */
export async function updateProfile(userId: string, input: ProfileInput): Promise<UserRow> {
  const { user, effects } = await users.updateProfile(userId, input);
  await carryOut(effects);
  return user;
}

/** DELETE /api/user: one's own account. */
export async function deleteAccount(userId: string): Promise<{ message: string }> {
  const { message, effects } = await users.deleteAccount(userId);
  await carryOut(effects);
  return { message };
}

/** DELETE /api/admin/users/{id}. */
export async function deleteUserAsAdmin(actorId: string, userId: string): Promise<{ message: string }> {
  const { message, effects } = await adminUsers.deleteUserAsAdmin(actorId, userId);
  await carryOut(effects);
  return { message };
}

/**
 * POST /api/admin/users/bulk: deletes each selected account by the rules of the single delete (never
 * one's own, never the last admin); each succeeds or fails on its own, and the answer lists both.
 */
export async function bulkDeleteUsers(actorId: string, input: AdminUsersBulkInput): Promise<AdminUsersBulkResult> {
  const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))];
  const emails = await adminUsers.userEmails(ids);
  const done: string[] = [];
  const failed: AdminUsersBulkResult["failed"] = [];
  for (const id of ids) {
    try {
      await deleteUserAsAdmin(actorId, id);
      done.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      failed.push({ _id: id, email: emails.get(id) ?? "", message: error.message });
    }
  }
  return { message: `${done.length} ${done.length === 1 ? "user" : "users"} deleted`, done, failed };
}
