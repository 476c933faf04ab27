"use client";

// Every account, searched by name or email, filtered by role, sorted by joined date (or name, email),
// with grant/revoke admin and delete, one by one or for the selected rows; never on one's own row.
// The list's state is in the URL. `initial` is the list the server rendered for it.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { SortDirection } from "@/components/ui/sortable-header";
import { useAdminUsers } from "@/lib/client/hooks";
import { useBulkAction, useRowSelection } from "@/lib/client/use-admin-list";
import { useApiMutation } from "@/lib/client/use-api-mutation";
import { useUrlQuery } from "@/lib/client/use-url-query";
import type { AdminUserItem, AdminUserPage, AdminUsersBulkResult } from "@/lib/data/admin-users";
import { listQueryString } from "@/lib/validation/admin-list-query";
import { ADMIN_USER_QUERY_KEYS, defaultUserOrder, type AdminUserSort } from "@/lib/validation/admin-user";
import { BulkFailures } from "./bulk-failures";
import { ListPages, ListSummary, sortableHead } from "./list-kit";
import { BulkDeleteDialog, SelectableTable, SelectionBar } from "./list-selection";
import { UserListFilters } from "./user-list-filters";
import { UserRow } from "./user-row";

export function UsersTable({
  currentUserId,
  initial,
}: {
  currentUserId: string;
  initial: { query: string; page: AdminUserPage };
}) {
  const [params, setQuery] = useUrlQuery();
  const list = { params, setQuery };
  const query = listQueryString(params, ADMIN_USER_QUERY_KEYS);
  const { data, error, isLoading, mutate } = useAdminUsers(query, initial);
  const [deleting, setDeleting] = useState<AdminUserItem | null>(null);
  const [promoting, setPromoting] = useState<AdminUserItem | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const selection = useRowSelection(query);
  const { selected } = selection;
  const { run, pending: busy } = useApiMutation();
  const { bulk, failures, dismissFailures } = useBulkAction<AdminUsersBulkResult["failed"][number]>({
    url: "/api/admin/users/bulk",
    run,
    selection,
    refresh: () => mutate(),
  });

  const sort = (params.get("sort") as AdminUserSort | null) ?? undefined;
  const order = (params.get("order") as SortDirection | null) ?? defaultUserOrder(sort);
  const shownSort = sort ?? "joined";
  const sortBy = (column: AdminUserSort) => {
    if (shownSort !== column) setQuery({ sort: column, order: null, page: null });
    else setQuery({ sort: column, order: order === "asc" ? "desc" : "asc", page: null });
  };
  const header = (column: AdminUserSort, label: string) =>
    sortableHead(label, shownSort === column ? order : undefined, () => sortBy(column));

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

  const users = data?.users ?? [];
  // Never one's own row: an admin cannot delete themselves.
  const selectable = users.filter((user) => user._id !== currentUserId).map((user) => user._id);
  const filtered = Boolean(params.get("search") || params.get("role"));
  return (
    <div className="flex flex-col gap-5">
      <UserListFilters query={list} sort={shownSort} order={order} />
      <ListSummary
        text={data ? `${data.usersCount} ${data.usersCount === 1 ? "user" : "users"}` : ""}
        loading={isLoading}
        onClearFilters={filtered ? () => setQuery({ search: null, role: null, page: null }) : undefined}
      />

      {selected.size > 0 && (
        <SelectionBar label="Selected users" count={selected.size} onClear={selection.clear}>
          <Button variant="danger" size="compact" disabled={busy !== null} onClick={() => setConfirmBulkDelete(true)}>
            Delete selected
          </Button>
        </SelectionBar>
      )}
      <BulkFailures
        title="Not deleted:"
        failures={failures}
        labelOf={(failure) => failure.email}
        onDismiss={dismissFailures}
      />

      <SelectableTable
        loading={isLoading && !data}
        error={error}
        empty={users.length === 0 ? (filtered ? "No users match these filters" : "No users") : null}
        label="Users"
        selectAllLabel="Select every user on this page"
        selection={selection}
        selectable={selectable}
        head={[header("name", "Full Name"), header("email", "Email"), header("joined", "Joined"), "Role", "Actions"]}
      >
        {users.map((user) => (
          <UserRow
            key={user._id}
            user={user}
            self={user._id === currentUserId}
            selected={selected.has(user._id)}
            onToggle={() => selection.toggle(user._id)}
            busy={busy !== null}
            // Granting the role hands over the whole catalogue and every account: asked first.
            onRole={() =>
              user.isAdmin
                ? void change(user, { method: "PUT", body: { isAdmin: false } }, "Admin role revoked")
                : setPromoting(user)
            }
            onDelete={() => setDeleting(user)}
          />
        ))}
      </SelectableTable>
      <ListPages query={list} totalPage={data?.totalPage ?? 1} />
      <ConfirmDialog
        open={promoting !== null}
        busy={busy !== null}
        message={`Make ${promoting?.email ?? "this user"} an admin? Admins can change the catalogue and every account.`}
        confirmLabel="Make admin"
        onConfirm={() =>
          promoting && void change(promoting, { method: "PUT", body: { isAdmin: true } }, "Admin role granted")
        }
        onCancel={() => setPromoting(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        busy={busy !== null}
        message={`Are you sure you want to delete ${deleting?.email ?? "this user"}? Their favourites and reviews will be deleted too.`}
        confirmLabel="Delete user"
        onConfirm={() => deleting && void change(deleting, { method: "DELETE" }, "User deleted successfully")}
        onCancel={() => setDeleting(null)}
      />
      <BulkDeleteDialog
        open={confirmBulkDelete}
        busy={busy !== null}
        count={selected.size}
        noun={["user", "users"]}
        consequence="Their favourites and reviews will be deleted too."
        onConfirm={() => void bulk({ action: "delete" }).then(() => setConfirmBulkDelete(false))}
        onCancel={() => setConfirmBulkDelete(false)}
      />
    </div>
  );
}
