"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectOptions } from "@/components/ui/select-options";
import type { Category } from "@/lib/data/categories";
import type { AdminBulkAction } from "@/lib/validation/admin-movie";
import { categoryOptions } from "./category-options";
import { SelectionBar } from "./list-selection";

/** What can be done with the selected movies: move, transcode, publish or unpublish, delete (after a confirmation). */
export function MovieBulkBar({
  count,
  busy,
  categories,
  onAction,
  onDelete,
  onClear,
}: {
  count: number;
  busy: boolean;
  categories: Category[];
  /** Unpublish takes movies back to draft: hidden from the public until published again. */
  onAction: (action: Exclude<AdminBulkAction, "delete">, extra?: { category: string }) => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  const moveId = useId();
  const [moveTo, setMoveTo] = useState("");
  return (
    <SelectionBar label="Selected movies" count={count} onClear={onClear}>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={moveId} className="sr-only">
          Move to category
        </label>
        <select
          id={moveId}
          value={moveTo}
          onChange={(event) => setMoveTo(event.target.value)}
          className="min-h-9 rounded-md border border-border/60 bg-dry px-2 py-1.5 text-sm focus:border-subMain focus:outline-none focus-visible:ring-2 focus-visible:ring-subMain/40"
        >
          <option value="">Move to category…</option>
          <SelectOptions options={categoryOptions(categories)} />
        </select>
        <Button
          variant="quiet"
          size="compact"
          disabled={busy || !moveTo}
          onClick={() => onAction("category", { category: moveTo })}
        >
          Move
        </Button>
      </div>
      <Button variant="quiet" size="compact" disabled={busy} onClick={() => onAction("transcode")}>
        Transcode again
      </Button>
      <Button variant="quiet" size="compact" disabled={busy} onClick={() => onAction("publish")}>
        Publish
      </Button>
      <Button variant="quiet" size="compact" disabled={busy} onClick={() => onAction("unpublish")}>
        Unpublish
      </Button>
      <Button variant="danger" size="compact" disabled={busy} onClick={onDelete}>
        Delete selected
      </Button>
    </SelectionBar>
  );
}
