import "server-only";
// The admin Users page (docs/product.md "Admin: users"): list accounts, grant or revoke the admin role,
// delete an account. An admin never acts on itself here (its own account is on /profile), and the
// last admin is never demoted or deleted, so the site always keeps someone who can manage it.
import { db } from "@/lib/database/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { invalid, forbidden, notFound } from "@/lib/errors";
import {
  ADMIN_USERS_PAGE_SIZE,
  defaultUserOrder,
  type AdminRoleInput,
  type AdminUsersQuery,
} from "@/lib/validation/admin-user";
import { isUuid } from "@/lib/validation/ids";
import { removeUser } from "./users";
import type { WriteEffects } from "./write-effects";
import type { AdminUserItem, AdminUserPage, AdminUsersBulkResult } from "@/lib/api-shapes";

export type { AdminUserItem, AdminUserPage, AdminUsersBulkResult };

const USER_NOT_FOUND = "User not found";
const NOT_ON_YOURSELF = "You cannot change or delete your own account here";
const LAST_ADMIN = "The last admin cannot lose the admin role";

const adminUserSelect = {
  id: true,
  fullName: true,
  email: true,
  image: true,
  isAdmin: true,
  createdAt: true,
} satisfies Prisma.UserSelect;
type AdminUserRow = Prisma.UserGetPayload<{ select: typeof adminUserSelect }>;

const toAdminUserItem = ({ id, createdAt, ...rest }: AdminUserRow): AdminUserItem => ({
  _id: id,
  ...rest,
  createdAt: createdAt.toISOString(),
});

/**
 * The list's conditions: part of the name or email (a plain substring: the search's own % and _ are
 * escaped), the role. LIKE on lower(...) reads the trigram indexes of migration
 * 20261129040000_admin_users_at_scale rather than every account.
 */
function userConditions(query: AdminUsersQuery): Prisma.Sql {
  const where: Prisma.Sql[] = [];
  if (query.search) {
    const substring = Prisma.sql`'%' || replace(replace(replace(lower(${query.search}::text), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
    where.push(Prisma.sql`(lower(u."fullName") LIKE ${substring} OR lower(u."email"::text) LIKE ${substring})`);
  }
  if (query.role) where.push(query.role === "admin" ? Prisma.sql`u."isAdmin"` : Prisma.sql`NOT u."isAdmin"`);
  return where.length ? Prisma.sql`WHERE ${Prisma.join(where, " AND ")}` : Prisma.empty;
}

function userOrder(query: AdminUsersQuery): Prisma.Sql {
  const dir = Prisma.raw((query.order ?? defaultUserOrder(query.sort)) === "asc" ? "ASC" : "DESC");
  switch (query.sort) {
    case "name":
      return Prisma.sql`lower(u."fullName") ${dir}, u."createdAt" DESC, u."id" ASC`;
    case "email":
      return Prisma.sql`u."email" ${dir}, u."id" ASC`;
    default:
      return Prisma.sql`u."createdAt" ${dir}, u."id" ASC`;
  }
}

/**
 * The accounts the list holds. Unsearched, from the totals kept: the 'users' figure in SiteCount
 * (docs/architecture.md "Totals kept by triggers") and the admins, few, from their partial index,
 * rather than counting every account for every page.
 */
function userCountSql(query: AdminUsersQuery, where: Prisma.Sql): Prisma.Sql {
  if (query.search) return Prisma.sql`SELECT count(*)::int AS total FROM "User" u ${where}`;
  const users = Prisma.sql`(SELECT "count" FROM "SiteCount" WHERE "name" = 'users')`;
  const admins = Prisma.sql`(SELECT count(*) FROM "User" WHERE "isAdmin")`;
  const total = !query.role ? users : query.role === "admin" ? admins : Prisma.sql`${users} - ${admins}`;
  return Prisma.sql`SELECT (${total})::int AS total`;
}

/** GET /api/admin/users: newest accounts first unless sorted otherwise; searched and filtered. */
export async function listUsersForAdmin(query: AdminUsersQuery): Promise<AdminUserPage> {
  const limit = query.limit ?? ADMIN_USERS_PAGE_SIZE;
  const page = query.page ?? 1;
  const where = userConditions(query);
  const [idRows, [counted]] = await Promise.all([
    db.$queryRaw<{ id: string }[]>`SELECT u."id" FROM "User" u ${where} ORDER BY ${userOrder(query)}
      LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    db.$queryRaw<{ total: number }[]>(userCountSql(query, where)),
  ]);
  const ids = idRows.map((row) => row.id);
  const rows = ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: adminUserSelect }) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const usersCount = counted?.total ?? 0;
  return {
    users: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toAdminUserItem(row)] : [];
    }),
    usersCount,
    totalPage: Math.ceil(usersCount / limit),
    currentPage: page,
  };
}

function checkTarget(actorId: string, userId: string) {
  if (!isUuid(userId)) throw notFound(USER_NOT_FOUND);
  if (userId === actorId) throw invalid(NOT_ON_YOURSELF);
}

/** PUT /api/admin/users/{id}: grants or revokes the admin role. */
export async function setUserAdmin(
  actorId: string,
  userId: string,
  { isAdmin }: AdminRoleInput,
): Promise<AdminUserItem> {
  checkTarget(actorId, userId);
  return db.$transaction(async (tx) => {
    // Every admin row locked in id order (as account deletion does): two admins demoting each other
    // at once take turns, and the second finds it is no longer an admin.
    const admins = await tx.$queryRaw<
      { id: string }[]
    >`SELECT "id" FROM "User" WHERE "isAdmin" ORDER BY "id" FOR UPDATE`;
    if (!admins.some((admin) => admin.id === actorId)) throw forbidden();
    const target = await tx.user.findUnique({ where: { id: userId }, select: { isAdmin: true } });
    if (!target) throw notFound(USER_NOT_FOUND);
    // Unreachable while the actor is another admin, but the rule belongs here, not in that reasoning.
    if (target.isAdmin && !isAdmin && admins.length <= 1) throw invalid(LAST_ADMIN);
    return toAdminUserItem(await tx.user.update({ where: { id: userId }, data: { isAdmin }, select: adminUserSelect }));
  });
}

/** DELETE /api/admin/users/{id}: the account with its favourites and reviews. */
export async function deleteUserAsAdmin(
  actorId: string,
  userId: string,
): Promise<{ message: string; effects: WriteEffects }> {
  checkTarget(actorId, userId);
  const effects = await removeUser(userId, {
    missing: () => notFound(USER_NOT_FOUND),
    lastAdminMessage: "The last admin cannot be deleted",
  });
  return { message: "User deleted successfully", effects };
}

/** The emails of those of the accounts that exist, by id (a bulk delete's answer names each account). */
export async function userEmails(ids: string[]): Promise<Map<string, string>> {
  const rows = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  return new Map(rows.map((row) => [row.id, row.email]));
}
