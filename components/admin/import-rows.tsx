"use client";

import useSWR from "swr";
import { DataTable, EmptyState, cellClass } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage, fetcher } from "@/lib/client/fetcher";
import { useUrlQuery } from "@/lib/client/use-url-query";
import type { ImportRowPage, ImportSummary } from "@/lib/data/imports";
import { IMPORTS_URL, isActive } from "./import-text";
import { FilterSelect } from "./list-filters";

/** An import's rows, a page at a time, filtered by outcome (both in the URL), with each row's errors. */
export function ImportRows({ summary, labels }: { summary: ImportSummary; labels: Record<string, string> }) {
  const [params, setQuery] = useUrlQuery();
  const outcome = params.get("outcome") ?? "";
  const page = Number(params.get("page")) || 1;
  const rowsUrl = `${IMPORTS_URL}/${summary._id}/rows?page=${page}${outcome ? `&outcome=${outcome}` : ""}`;
  // Keyed by the job's progress too: the rows are read again whenever the summary moves on, so the
  // last rows done (between two polls) and the final outcome show without waiting for a poll.
  const rows = useSWR<ImportRowPage, Error, [string, string, number]>(
    [rowsUrl, summary.state, summary.processed],
    ([url]) => fetcher<ImportRowPage>(url),
    { keepPreviousData: true, refreshInterval: isActive(summary) ? 2000 : 0 },
  );

  return (
    <>
      <FilterSelect
        label="Show rows"
        value={outcome}
        onChange={(value) => setQuery({ outcome: value, page: null })}
        options={[
          { value: "", label: "Every row" },
          ...Object.entries(labels).map(([value, label]) => ({ value, label })),
        ]}
      />
      {rows.error ? (
        <EmptyState>{errorMessage(rows.error)}</EmptyState>
      ) : !rows.data ? (
        <div className="flex justify-center py-8" role="status" aria-label="Loading">
          <Spinner className="size-8" />
        </div>
      ) : rows.data.rows.length === 0 ? (
        <EmptyState>No rows</EmptyState>
      ) : (
        <DataTable label="Import rows" wide={false} head={["Row", "Id", "Name", "Outcome", "Errors"]}>
          {rows.data.rows.map((row) => (
            <tr key={row.row}>
              <td className={cellClass}>{row.row}</td>
              <td className={`${cellClass} max-w-48 break-all`}>{row.externalId}</td>
              <td className={`${cellClass} max-w-56 break-words`}>{row.name}</td>
              <td className={`${cellClass} whitespace-nowrap ${row.outcome === "failed" ? "text-accent" : ""}`}>
                {row.outcome ? labels[row.outcome] : "Waiting"}
              </td>
              <td className={cellClass}>
                {row.errors.length > 0 && (
                  <ul className="flex flex-col gap-1">
                    {row.errors.map((error, index) => (
                      <li key={index}>
                        <span className="font-mono text-xs text-text">{error.field}</span>: {error.message}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={page} totalPage={rows.data?.totalPage ?? 1} onChange={(next) => setQuery({ page: next })} />
    </>
  );
}
