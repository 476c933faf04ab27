// The state every admin list shares (movies, users): rows selected for a bulk action, and what a
// bulk action could not do. The list itself (search, filters, sort, page) is in the URL
// (lib/client/use-url-query.ts); components/admin/list-kit.tsx draws the parts.
import { useState } from "react";
import type { useApiMutation } from "./use-api-mutation";

const NO_SELECTION: ReadonlySet<string> = new Set();

export type RowSelection = {
  selected: ReadonlySet<string>;
  /** Replaces the selection: what a bulk action left undone, say. */
  set: (ids: Iterable<string>) => void;
  toggle: (id: string) => void;
  clear: () => void;
  /** Whether every one of `ids` (the rows on the page that can be selected) is selected. */
  allOf: (ids: string[]) => boolean;
  /** The page's select-all box: all of `ids`, or none. */
  toggleAll: (ids: string[]) => void;
};

/**
 * Rows selected on the list `query` (its URL query string). A selection belongs to the rows it was made
 * on: another page, filter or sort starts afresh, and coming back does not bring it back.
 */
export function useRowSelection(query: string): RowSelection {
  const [selection, setSelection] = useState<{ query: string; ids: ReadonlySet<string> }>({
    query: "",
    ids: NO_SELECTION,
  });
  const selected = selection.query === query ? selection.ids : NO_SELECTION;
  const update = (change: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
    setSelection((current) => ({ query, ids: change(current.query === query ? current.ids : NO_SELECTION) }));
  const allOf = (ids: string[]) => ids.length > 0 && ids.every((id) => selected.has(id));
  return {
    selected,
    set: (ids) => update(() => new Set(ids)),
    toggle: (id) =>
      update((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    clear: () => update(() => NO_SELECTION),
    allOf,
    toggleAll: (ids) => update(() => (allOf(ids) ? NO_SELECTION : new Set(ids))),
  };
}

/** A bulk endpoint's answer (docs/api.md): what was done, and each row that was not, with the reason. */
export type BulkAnswer<Failure extends { _id: string; message: string }> = { message: string; failed: Failure[] };

/**
 * Sends the selected rows to a bulk endpoint. Afterwards the rows it could not change stay selected and
 * are listed with their reasons (components/admin/bulk-failures.tsx) until dismissed.
 */
export function useBulkAction<Failure extends { _id: string; message: string }>({
  url,
  run,
  selection,
  refresh,
}: {
  url: string;
  run: ReturnType<typeof useApiMutation>["run"];
  selection: RowSelection;
  refresh: () => Promise<unknown>;
}) {
  const [failures, setFailures] = useState<Failure[]>([]);
  async function bulk(body: Record<string, unknown>): Promise<void> {
    const result = await run<BulkAnswer<Failure>>("bulk", url, {
      method: "POST",
      body: { ...body, ids: [...selection.selected] },
      success: (answer) => (answer.failed.length ? `${answer.message}; ${answer.failed.length} not` : answer.message),
      then: refresh,
    });
    if (result) {
      setFailures(result.failed);
      selection.set(result.failed.map((failure) => failure._id));
    }
  }
  return { bulk, failures, dismissFailures: () => setFailures([]) };
}
