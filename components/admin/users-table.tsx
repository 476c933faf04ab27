"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, EmptyState, cellClass } from "@/components/ui/data-table";
import { Avatar } from "@/components/ui/avatar";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/fetcher";
import { formatLongDate } from "@/lib/client/format";
import { useAdminUsers } from "@/lib/client/hooks";
import { useApiMutation } from "@/lib/client/use-api-mutation";
import type { AdminUserItem, AdminUserPage } from "@/lib/data/admin-users";

/** Every account, with grant/revoke admin and delete; never offered on one's own row. `initial` is page 1 as the server rendered it. */
export function UsersTable({ currentUserId, initial }: { currentUserId: string; initial: AdminUserPage }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useAdminUsers(page, initial);
  const [deleting, setDeleting] = useState<AdminUserItem | null>(null);
  const [promoting, setPromoting] = useState<AdminUserItem | null>(null);
  const { run, pending: busy } = useApiMutation();

  const change = (user: AdminUserItem, request: { method: "PUT" | "DELETE"; body?: unknown }, success: string) =>
    run(user._id, `/api/admin/users/${user._id}`, {
      ...request,
      success,
      then: () => {
        setDeleting(null);
        setPromoting(null);
        return mutate();
      },
    });

  // SWR reports isLoading while it revalidates even when it holds the server's rows: only spin without rows.
  if (isLoading && !data) {
    return (
      <div className="flex justify-center py-16" role="status" aria-label="Loading">
        <Spinner className="size-10" />
      </div>
    );
  }
  if (error) return <EmptyState>{errorMessage(error)}</EmptyState>;
  const users = data?.users ?? [];
  return (
    <div className="flex flex-col gap-6">
      {users.length === 0 ? (
        <EmptyState>No users</EmptyState>
      ) : (
        <DataTable label="Users" head={["Full Name", "Email", "Joined", "Role", "Actions"]}>
          {users.map((user) => {
            const self = user._id === currentUserId;
            return (
              <tr key={user._id}>
                <td className={`${cellClass} font-semibold`}>
                  <div className="flex items-center gap-3">
                    <Avatar src={user.image} />
                    {user.fullName}
                  </div>
                </td>
                <td className={cellClass}>{user.email}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatLongDate(user.createdAt)}</td>
                <td className={cellClass}>
                  <span
                    className={`rounded-full px-3 py-1 text-xs font-semibold ${user.isAdmin ? "bg-subMain/20 text-accent" : "bg-white/10 text-text"}`}
                  >
                    {user.isAdmin ? "Admin" : "User"}
                  </span>
                </td>
                <td className={cellClass}>
                  {self ? (
                    <span className="text-xs text-text">You</span>
                  ) : (
                    <div className="flex gap-2 whitespace-nowrap">
                      <Button
                        variant="quiet"
                        className="px-3 py-1.5"
                        disabled={busy !== null}
                        aria-label={`${user.isAdmin ? "Revoke admin from" : "Make admin"} ${user.email}`}
                        // Granting the role hands over the whole catalogue and every account: ask first.
                        onClick={() =>
                          user.isAdmin
                            ? void change(user, { method: "PUT", body: { isAdmin: false } }, "Admin role revoked")
                            : setPromoting(user)
                        }
                      >
                        {user.isAdmin ? "Revoke" : "Make admin"}
                      </Button>
                      <Button
                        variant="danger"
                        className="px-3 py-1.5"
                        disabled={busy !== null}
                        aria-label={`Delete ${user.email}`}
                        onClick={() => setDeleting(user)}
                      >
                        Delete
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pagination page={page} totalPage={data?.totalPage ?? 1} onChange={setPage} />
      <ConfirmDialog
        open={promoting !== null}
        busy={busy !== null}
        message={`Make ${promoting?.email ?? "this user"} an admin? Admins can change the catalogue and every account.`}
        onConfirm={() =>
          promoting && void change(promoting, { method: "PUT", body: { isAdmin: true } }, "Admin role granted")
        }
        onCancel={() => setPromoting(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        busy={busy !== null}
        message={`Are you sure you want to delete ${deleting?.email ?? "this user"}? Their favourites and reviews will be deleted too.`}
        onConfirm={() => deleting && void change(deleting, { method: "DELETE" }, "User deleted successfully")}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
