import "server-only";
// The admin Users page (CONTRACT.md section 7): list accounts, grant or revoke the admin role,
// delete an account. An admin never acts on itself here (its own account is on /profile), and the
// last admin is never demoted or deleted, so the site always keeps someone who can manage it.
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, forbidden, notFound } from "@/lib/http/errors";
import { ADMIN_USERS_PAGE_SIZE, type AdminRoleInput, type AdminUsersQuery } from "@/lib/validation/admin-user";
import { isUuid } from "./ids";
import { removeUser } from "./users";
import type { AdminUserItem, AdminUserPage } from "@/lib/api-shapes";

export type { AdminUserItem, AdminUserPage };

export const USER_NOT_FOUND = "User not found";
export const NOT_ON_YOURSELF = "You cannot change or delete your own account here";
export const LAST_ADMIN = "The last admin cannot lose the admin role";

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

/** GET /api/admin/users: newest accounts first. */
export async function listUsersForAdmin(query: AdminUsersQuery): Promise<AdminUserPage> {
  const limit = query.limit ?? ADMIN_USERS_PAGE_SIZE;
  const page = query.page ?? 1;
  const [rows, usersCount] = await Promise.all([
    db.user.findMany({
      select: adminUserSelect,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * limit,
      take: limit,
    }),
    db.user.count(),
  ]);
  return { users: rows.map(toAdminUserItem), usersCount, totalPage: Math.ceil(usersCount / limit), currentPage: page };
}

function checkTarget(actorId: string, userId: string) {
  if (!isUuid(userId)) throw notFound(USER_NOT_FOUND);
  if (userId === actorId) throw badRequest(NOT_ON_YOURSELF);
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
    if (target.isAdmin && !isAdmin && admins.length <= 1) throw badRequest(LAST_ADMIN);
    return toAdminUserItem(await tx.user.update({ where: { id: userId }, data: { isAdmin }, select: adminUserSelect }));
  });
}

/** DELETE /api/admin/users/{id}: the account with its favourites and reviews. */
export async function deleteUserAsAdmin(actorId: string, userId: string): Promise<{ message: string }> {
  checkTarget(actorId, userId);
  await removeUser(userId, {
    missing: () => notFound(USER_NOT_FOUND),
    lastAdminMessage: "The last admin cannot be deleted",
  });
  return { message: "User deleted successfully" };
}
