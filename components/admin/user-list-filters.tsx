"use client";

import type { SortDirection } from "@/components/ui/sortable-header";
import type { QueryChanges } from "@/lib/client/use-url-query";
import type { AdminUserSort } from "@/lib/validation/admin-user";
import { FilterSelect, ListFilters, SearchBox } from "./list-filters";

/** The user list's search, role filter and sort (phones; the column heads sort on wider screens), in the URL. */
export function UserListFilters({
  params,
  setQuery,
  sort,
  order,
}: {
  params: URLSearchParams;
  setQuery: (changes: QueryChanges, options?: { replace?: boolean }) => void;
  sort: AdminUserSort;
  order: SortDirection;
}) {
  return (
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
        value={`${sort}:${order}`}
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
  );
}
