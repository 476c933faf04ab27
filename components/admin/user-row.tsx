"use client";

import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { cellClass } from "@/components/ui/data-table";
import { formatLongDate } from "@/lib/client/format";
import type { AdminUserItem } from "@/lib/data/admin-users";
import { SelectCell, type RowSelectProps } from "./list-selection";

/** One account of the admin list. The admin's own row has no box and no actions: "You". */
export function UserRow({
  user,
  self,
  selected,
  onToggle,
  busy,
  onRole,
  onDelete,
}: RowSelectProps & {
  user: AdminUserItem;
  self: boolean;
  busy: boolean;
  /** Make admin, or revoke the role. */
  onRole: () => void;
  onDelete: () => void;
}) {
  return (
    <tr>
      <SelectCell name={user.email} selected={selected} onToggle={onToggle} selectable={!self} />
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
              disabled={busy}
              aria-label={`${user.isAdmin ? "Revoke admin from" : "Make admin"} ${user.email}`}
              onClick={onRole}
            >
              {user.isAdmin ? "Revoke" : "Make admin"}
            </Button>
            <Button
              variant="danger"
              size="compact"
              disabled={busy}
              aria-label={`Delete ${user.email}`}
              onClick={onDelete}
            >
              Delete
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
