"use client";

// Every account, searched by name or email, filtered by role, sorted by joined date (or name, email),
// with grant/revoke admin and delete, one by one or for the selected rows; never on one's own row.
// The list's state is in the URL. `initial` is the list the server rendered for it.
import { useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, EmptyState, cellClass, type HeadCell } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { SortableHeader, ariaSortOf, type SortDirection } from "@/components/ui/sortable-header";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/fetcher";
import { formatLongDate } from "@/lib/client/format";
import { useAdminUsers } from "@/lib/client/hooks";
import { useApiMutation } from "@/lib/client/use-api-mutation";
import { useUrlQuery } from "@/lib/client/use-url-query";
import type { AdminUserItem, AdminUserPage, AdminUsersBulkResult } from "@/lib/data/admin-users";
import { listQueryString } from "@/lib/validation/admin-list-query";
import { ADMIN_USER_QUERY_KEYS, defaultUserOrder, type AdminUserSort } from "@/lib/validation/admin-user";
import { BulkFailures } from "./bulk-failures";
import { FilterSelect, ListFilters, SearchBox } from "./list-filters";

const NO_SELECTION: ReadonlySet<string> = new Set();

export function UsersTable({
  currentUserId,
  initial,
}: {
  currentUserId: string;
  initial: { query: string; page: AdminUserPage };
}) {
  const [params, setQuery] = useUrlQuery();
  const query = listQueryString(params, ADMIN_USER_QUERY_KEYS);
  const { data, error, isLoading, mutate } = useAdminUsers(query, initial);
  const [deleting, setDeleting] = useState<AdminUserItem | null>(null);
  const [promoting, setPromoting] = useState<AdminUserItem | null>(null);
  // A selection belongs to the rows it was made on: another page, filter or sort starts afresh.
  const [selection, setSelection] = useState<{ query: string; ids: ReadonlySet<string> }>({
    query: "",
    ids: new Set(),
  });
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const [failures, setFailures] = useState<AdminUsersBulkResult["failed"]>([]);
  const selected = selection.query === query ? selection.ids : NO_SELECTION;
  const setSelected = (update: ReadonlySet<string> | ((current: ReadonlySet<string>) => ReadonlySet<string>)) =>
    setSelection((current) => {
      const ids = current.query === query ? current.ids : NO_SELECTION;
      return { query, ids: typeof update === "function" ? update(ids) : update };
    });
  const { run, pending: busy } = useApiMutation();

  const sort = (params.get("sort") as AdminUserSort | null) ?? undefined;
  const order = (params.get("order") as SortDirection | null) ?? defaultUserOrder(sort);
  const shownSort = sort ?? "joined";
  const sortBy = (column: AdminUserSort) => {
    if (shownSort !== column) setQuery({ sort: column, order: null, page: null });
    else setQuery({ sort: column, order: order === "asc" ? "desc" : "asc", page: null });
  };
  const header = (column: AdminUserSort, label: string): HeadCell => {
    const direction = shownSort === column ? order : undefined;
    return {
      cell: <SortableHeader label={label} direction={direction} onSort={() => sortBy(column)} />,
      sort: ariaSortOf(direction),
    };
  };

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

  const deleteSelected = async () => {
    const result = await run<AdminUsersBulkResult>("bulk", "/api/admin/users/bulk", {
      method: "POST",
      body: { action: "delete", ids: [...selected] },
      success: (answer) => (answer.failed.length ? `${answer.message}; ${answer.failed.length} not` : answer.message),
      then: () => mutate(),
    });
    setConfirmBulkDelete(false);
    if (result) {
      setFailures(result.failed);
      setSelected(new Set(result.failed.map((failure) => failure._id)));
    }
  };

  const users = data?.users ?? [];
  const selectable = users.filter((user) => user._id !== currentUserId);
  const allSelected = selectable.length > 0 && selectable.every((user) => selected.has(user._id));
  const filtered = Boolean(params.get("search") || params.get("role"));
  return (
    <div className="flex flex-col gap-5">
      <ListFilters>
        <SearchBox
          label="Search users"
          placeholder="Name or email"
          value={params.get("search") ?? ""}
          onSearch={(search) => setQuery({ search, page: null }, { replace: true })}
        />
        <FilterSelect
          label="Role"
          value={params.get("role") ?? ""}
          onChange={(role) => setQuery({ role, page: null })}
          options={[
            { value: "", label: "Everyone" },
            { value: "admin", label: "Admins" },
            { value: "user", label: "Users" },
          ]}
        />
        <FilterSelect
          label="Sort by"
          className="sm:hidden"
          value={`${shownSort}:${order}`}
          onChange={(value) => {
            const [column, direction] = value.split(":");
            setQuery({ sort: column, order: direction, page: null });
          }}
          options={[
            { value: "joined:desc", label: "Newest first" },
            { value: "joined:asc", label: "Oldest first" },
            { value: "name:asc", label: "Name A-Z" },
            { value: "name:desc", label: "Name Z-A" },
            { value: "email:asc", label: "Email A-Z" },
            { value: "email:desc", label: "Email Z-A" },
          ]}
        />
      </ListFilters>
      <p aria-live="polite" className="text-sm text-text">
        {data && `${data.usersCount} ${data.usersCount === 1 ? "user" : "users"}`}
        {isLoading && <Spinner className="ml-2 inline-block size-4 align-middle" />}
      </p>

      {selected.size > 0 && (
        <div
          role="region"
          aria-label="Selected users"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-subMain/40 bg-main px-4 py-3 text-sm"
        >
          <p className="font-semibold">{selected.size} selected</p>
          <Button variant="danger" size="compact" disabled={busy !== null} onClick={() => setConfirmBulkDelete(true)}>
            Delete selected
          </Button>
          <button
            type="button"
            onClick={() => setSelected(new Set())}
            className="ml-auto rounded px-2 py-1 text-text hover:text-white focus-visible:outline-2 focus-visible:outline-subMain"
          >
            Clear selection
          </button>
        </div>
      )}
      <BulkFailures
        title="Not deleted:"
        failures={failures}
        labelOf={(failure) => failure.email}
        onDismiss={() => setFailures([])}
      />

      {isLoading && !data ? (
        <div className="flex justify-center py-16" role="status" aria-label="Loading">
          <Spinner className="size-10" />
        </div>
      ) : error ? (
        <EmptyState>{errorMessage(error)}</EmptyState>
      ) : users.length === 0 ? (
        <EmptyState>{filtered ? "No users match these filters" : "No users"}</EmptyState>
      ) : (
        <DataTable
          label="Users"
          wide={false}
          head={[
            {
              cell: (
                <input
                  type="checkbox"
                  className="size-4 accent-subMain"
                  aria-label="Select every user on this page"
                  checked={allSelected}
                  disabled={selectable.length === 0}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(selectable.map((user) => user._id)))}
                />
              ),
              className: "w-10",
            },
            header("name", "Full Name"),
            header("email", "Email"),
            header("joined", "Joined"),
            "Role",
            "Actions",
          ]}
        >
          {users.map((user) => {
            const self = user._id === currentUserId;
            return (
              <tr key={user._id}>
                <td className={cellClass}>
                  {!self && (
                    <input
                      type="checkbox"
                      className="size-4 accent-subMain"
                      aria-label={`Select ${user.email}`}
                      checked={selected.has(user._id)}
                      onChange={() =>
                        setSelected((current) => {
                          const next = new Set(current);
                          if (!next.delete(user._id)) next.add(user._id);
                          return next;
                        })
                      }
                    />
                  )}
                </td>
                <td className={`${cellClass} font-semibold`}>
                  <div className="flex items-center gap-3">
                    <Avatar src={user.image} />
                    <span className="break-words">{user.fullName}</span>
                  </div>
                </td>
                <td className={`${cellClass} break-all`}>{user.email}</td>
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
                        size="compact"
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
                        size="compact"
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
      <Pagination
        page={Number(params.get("page")) || 1}
        totalPage={data?.totalPage ?? 1}
        onChange={(next) => setQuery({ page: next })}
      />
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
      <ConfirmDialog
        open={confirmBulkDelete}
        busy={busy !== null}
        message={`Delete ${selected.size === 1 ? "the selected user" : `the ${selected.size} selected users`}? Their favourites and reviews will be deleted too.`}
        confirmLabel={`Delete ${selected.size === 1 ? "1 user" : `${selected.size} users`}`}
        onConfirm={() => void deleteSelected()}
        onCancel={() => setConfirmBulkDelete(false)}
      />
    </div>
  );
}
