import type { Metadata } from "next";
import { UsersTable } from "@/components/admin/users-table";
import { requirePageAdmin } from "@/lib/auth/page-user";
import { listUsersForAdmin } from "@/lib/data/admin-users";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const admin = await requirePageAdmin();
  const firstPage = await listUsersForAdmin({ page: 1 });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">Users</h1>
      <UsersTable currentUserId={admin.id} initial={firstPage} />
    </div>
  );
}
