"use client";

// The admin Import page (docs/import.md): send a CSV or JSON catalogue file (a dry run first, by
// default), scan IMPORT_DIR for films, export the catalogue; follow each import's progress and read
// every row's outcome and errors. The imports are records on the server, so a reload shows the same
// progress; which import is open, and its row filter and page, are in the URL.
import { useId, useState } from "react";
import useSWR from "swr";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { DataTable, EmptyState, cellClass } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage, fetcher } from "@/lib/client/fetcher";
import { useApiMutation } from "@/lib/client/use-api-mutation";
import { useUrlQuery } from "@/lib/client/use-url-query";
import type { ImportRowPage, ImportSummary } from "@/lib/data/imports";
import { FilterSelect } from "./list-filters";

const IMPORTS_URL = "/api/admin/imports";
const active = (item: ImportSummary) => item.state === "queued" || item.state === "running";

const OUTCOME_LABELS = (dryRun: boolean): Record<string, string> =>
  dryRun
    ? { created: "Would create", updated: "Would update", skipped: "Skipped", failed: "Failed" }
    : { created: "Created", updated: "Updated", skipped: "Skipped", failed: "Failed" };

export function ImportPanel({ initial, importDir }: { initial: ImportSummary[]; importDir: string | null }) {
  const [params, setQuery] = useUrlQuery();
  const imports = useSWR<ImportSummary[], Error>(IMPORTS_URL, fetcher, {
    fallbackData: initial,
    // Progress while something runs; nothing to ask otherwise.
    refreshInterval: (latest) => (latest?.some(active) ? 1500 : 0),
  });
  const list = imports.data ?? [];
  const openId = params.get("import") ?? list[0]?._id ?? null;
  const open = list.find((item) => item._id === openId) ?? null;

  const started = (summary: ImportSummary) => {
    setQuery({ import: summary._id, outcome: null, page: null });
    void imports.mutate();
  };

  return (
    <div className="flex flex-col gap-8">
      <div className="grid gap-6 xl:grid-cols-2">
        <FileImport onStarted={started} />
        <FolderImport importDir={importDir} onStarted={started} />
      </div>
      <Export />
      <section aria-labelledby="imports-heading" className="flex flex-col gap-4">
        <h2 id="imports-heading" className="text-lg font-semibold">
          Imports
        </h2>
        {list.length === 0 ? (
          <EmptyState>No imports yet</EmptyState>
        ) : (
          <>
            <ul className="flex flex-col gap-2" aria-label="Latest imports">
              {list.map((item) => (
                <li key={item._id}>
                  <button
                    type="button"
                    aria-current={item._id === openId ? "true" : undefined}
                    onClick={() => setQuery({ import: item._id, outcome: null, page: null })}
                    className={`flex w-full flex-wrap items-center justify-between gap-2 rounded-md border px-4 py-2 text-left text-sm transition focus-visible:outline-2 focus-visible:outline-subMain ${item._id === openId ? "border-subMain bg-main" : "border-border/40 hover:border-white/60"}`}
                  >
                    <span className="font-semibold">{titleOf(item)}</span>
                    <span className="text-text">
                      {stateText(item)} · {new Date(item.createdAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {open && <ImportReport key={open._id} summary={open} onStarted={started} />}
          </>
        )}
      </section>
    </div>
  );
}

const titleOf = (item: ImportSummary) =>
  `${item.dryRun ? "Dry run" : "Import"}: ${item.kind === "folder" ? "films of IMPORT_DIR" : item.fileName}`;

function stateText(item: ImportSummary): string {
  switch (item.state) {
    case "queued":
      return "Waiting to start";
    case "running":
      return `Running, ${item.processed} of ${item.total}`;
    case "failed":
      return "Stopped";
    case "done":
      return item.counts.failed ? `Done, ${item.counts.failed} failed` : "Done";
  }
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-lg border border-border/40 bg-main p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function FileImport({ onStarted }: { onStarted: (summary: ImportSummary) => void }) {
  const fileId = useId();
  const dryRunId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [sending, setSending] = useState(false);

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return void toast.error("Choose a CSV or JSON file first");
    setSending(true);
    try {
      const form = new FormData();
      form.set("file", file);
      form.set("dryRun", String(dryRun));
      const response = await fetch(IMPORTS_URL, { method: "POST", body: form, credentials: "same-origin" });
      const body = (await response.json().catch(() => null)) as (ImportSummary & { message?: string }) | null;
      if (!response.ok || !body) throw new Error(body?.message ?? "Something went wrong.");
      toast.success(dryRun ? "Dry run started" : "Import started");
      onStarted(body);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Section title="Import a file">
      <form onSubmit={(event) => void send(event)} className="flex flex-col gap-4">
        <p id={hintId} className="text-sm text-text">
          CSV or JSON, up to 10,000 movies, one per row: id, name, desc, year, hour, language, category, image,
          titleImage, video, casts.0.name, casts.0.image, … Pictures and videos may be https URLs or paths inside
          IMPORT_DIR. Importing the same ids again updates those movies.
        </p>
        <div className="flex flex-col gap-2">
          <label htmlFor={fileId} className="text-sm font-semibold text-text">
            Catalogue file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            aria-describedby={hintId}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="rounded-md border border-border/60 bg-dry p-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-subMain file:px-3 file:py-1.5 file:text-white focus-visible:outline-2 focus-visible:outline-subMain"
          />
        </div>
        <div className="flex items-center gap-2">
          <input
            id={dryRunId}
            type="checkbox"
            checked={dryRun}
            onChange={(event) => setDryRun(event.target.checked)}
            className="size-4 accent-subMain"
          />
          <label htmlFor={dryRunId} className="text-sm">
            Dry run: check every row and change nothing
          </label>
        </div>
        <Button type="submit" disabled={sending} className="self-start">
          {sending && <Spinner />}
          {dryRun ? "Check file" : "Import file"}
        </Button>
      </form>
    </Section>
  );
}

function FolderImport({
  importDir,
  onStarted,
}: {
  importDir: string | null;
  onStarted: (summary: ImportSummary) => void;
}) {
  const { run, pending } = useApiMutation();
  const start = async (dryRun: boolean) => {
    const summary = await run<ImportSummary>("folder", `${IMPORTS_URL}/folder`, {
      method: "POST",
      body: { dryRun },
      success: dryRun ? "Dry run started" : "Folder import started",
    });
    if (summary) onStarted(summary);
  };
  return (
    <Section title="A folder of films">
      {importDir ? (
        <>
          <p className="text-sm text-text">
            Video files in <code className="break-all text-white">{importDir}</code> named like{" "}
            <code className="text-white">Title (Year).mkv</code>, with a poster beside them, become drafts: hidden from
            visitors until you complete and publish them in the movie list.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button variant="quiet" disabled={pending !== null} onClick={() => void start(true)}>
              Check folder
            </Button>
            <Button disabled={pending !== null} onClick={() => void start(false)}>
              Import as drafts
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-text">
          Set IMPORT_DIR on the server to a folder of films to import them from here (docs/import.md).
        </p>
      )}
    </Section>
  );
}

function Export() {
  const formatId = useId();
  const [format, setFormat] = useState("csv");
  return (
    <Section title="Export">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={formatId} className="text-xs font-semibold text-text">
            Format
          </label>
          <select
            id={formatId}
            value={format}
            onChange={(event) => setFormat(event.target.value)}
            className="min-h-11 rounded-md border border-border/60 bg-dry px-3 text-sm focus:border-subMain focus:outline-none focus-visible:ring-2 focus-visible:ring-subMain/40"
          >
            <option value="csv">CSV</option>
            <option value="json">JSON</option>
          </select>
        </div>
        <a
          href={`/api/admin/export?format=${format}`}
          download
          className="inline-flex min-h-11 items-center rounded-md bg-subMain px-5 text-sm font-semibold text-white transition hover:bg-subMain/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-subMain"
        >
          Download the catalogue
        </a>
      </div>
      <p className="text-sm text-text">
        The same format as import: importing the file into an empty site gives this catalogue.
      </p>
    </Section>
  );
}

function ImportReport({ summary, onStarted }: { summary: ImportSummary; onStarted: (summary: ImportSummary) => void }) {
  const [params, setQuery] = useUrlQuery();
  const outcome = params.get("outcome") ?? "";
  const page = Number(params.get("page")) || 1;
  const running = summary.state === "queued" || summary.state === "running";
  const rowsUrl = `${IMPORTS_URL}/${summary._id}/rows?page=${page}${outcome ? `&outcome=${outcome}` : ""}`;
  // Keyed by the job's progress too: the rows are read again whenever the summary moves on, so the
  // last rows done (between two polls) and the final outcome show without waiting for a poll.
  const rows = useSWR<ImportRowPage, Error, [string, string, number]>(
    [rowsUrl, summary.state, summary.processed],
    ([url]) => fetcher<ImportRowPage>(url),
    { keepPreviousData: true, refreshInterval: running ? 2000 : 0 },
  );
  const [starting, setStarting] = useState(false);
  const labels = OUTCOME_LABELS(summary.dryRun);
  const percent = summary.total ? Math.round((summary.processed / summary.total) * 100) : running ? 0 : 100;

  const runForReal = async () => {
    setStarting(true);
    try {
      const started = await apiFetch<ImportSummary>(`${IMPORTS_URL}/${summary._id}/run`, { method: "POST" });
      toast.success("Import started");
      onStarted(started);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border/40 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-semibold">{titleOf(summary)}</h3>
        {summary.dryRun && summary.state === "done" && (
          <Button disabled={starting} onClick={() => void runForReal()}>
            {starting && <Spinner />}
            Run this import
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex justify-between text-sm text-text">
          <span id={`progress-${summary._id}`}>{stateText(summary)}</span>
          <span>{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={`progress-${summary._id}`}
          aria-valuemin={0}
          aria-valuemax={summary.total || 1}
          aria-valuenow={summary.processed}
          className="h-3 overflow-hidden rounded-full bg-white/10"
        >
          <div className="h-full bg-subMain transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
      {summary.error && (
        <p role="alert" className="rounded-md border border-subMain/50 bg-subMain/10 px-4 py-3 text-sm">
          The import stopped: {summary.error}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {(["created", "updated", "skipped", "failed"] as const).map((key) => (
          <div key={key} className="rounded-md bg-main px-3 py-2">
            <dt className="text-text">{labels[key]}</dt>
            <dd className="text-lg font-semibold" data-testid={`count-${key}`}>
              {summary.counts[key]}
            </dd>
          </div>
        ))}
      </dl>
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
    </div>
  );
}
