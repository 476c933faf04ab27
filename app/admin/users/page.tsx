import type { Metadata } from "next";
import { UsersTable } from "@/components/admin/users-table";
import { requirePageAdmin } from "@/lib/auth/page-user";
import { listUsersForAdmin } from "@/lib/data/admin-users";
import { adminListQuery } from "@/lib/validation/admin-list-query";
import { ADMIN_USER_QUERY_KEYS, adminUsersQuerySchema } from "@/lib/validation/admin-user";

export const metadata: Metadata = { title: "Users" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UsersPage({ searchParams }: Props) {
  const admin = await requirePageAdmin();
  const { query, key } = adminListQuery(await searchParams, adminUsersQuerySchema, ADMIN_USER_QUERY_KEYS);
  const page = await listUsersForAdmin(query);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">Users</h1>
      <UsersTable currentUserId={admin.id} initial={{ query: key, page }} />
    </div>
  );
}
