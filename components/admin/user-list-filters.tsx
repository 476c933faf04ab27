"use client";

import type { SortDirection } from "@/components/ui/sortable-header";
import type { AdminUserSort } from "@/lib/validation/admin-user";
import { ListFilters, ListSearch, ParamFilter, SortBySelect, type ListQuery } from "./list-filters";

const ROLE_OPTIONS = [
  { value: "", label: "Everyone" },
  { value: "admin", label: "Admins" },
  { value: "user", label: "Users" },
];
const SORT_OPTIONS = [
  { value: "joined:desc", label: "Newest first" },
  { value: "joined:asc", label: "Oldest first" },
  { value: "name:asc", label: "Name A-Z" },
  { value: "name:desc", label: "Name Z-A" },
  { value: "email:asc", label: "Email A-Z" },
  { value: "email:desc", label: "Email Z-A" },
];

/** The user list's search, role filter and sort (phones; the column heads sort on wider screens), in the URL. */
export function UserListFilters({
  query,
  sort,
  order,
}: {
  query: ListQuery;
  sort: AdminUserSort;
  order: SortDirection;
}) {
  return (
    <ListFilters>
      <ListSearch query={query} label="Search users" placeholder="Name or email" />
      <ParamFilter query={query} name="role" label="Role" options={ROLE_OPTIONS} />
      <SortBySelect query={query} value={`${sort}:${order}`} options={SORT_OPTIONS} />
    </ListFilters>
  );
}
