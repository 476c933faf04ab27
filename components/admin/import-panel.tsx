"use client";

// The admin Import page (docs/import.md): send a CSV or JSON catalogue file (a dry run first, by
// default), scan IMPORT_DIR for films, export the catalogue; follow each import's progress and read
// every row's outcome and errors. The imports are records on the server, so a reload shows the same
// progress; which import is open, and its row filter and page, are in the URL. Each part is its own
// file: import-upload, import-folder, catalogue-export, import-history, import-report and import-rows.
import useSWR from "swr";
import { EmptyState } from "@/components/ui/data-table";
import { fetcher } from "@/lib/client/fetcher";
import { useUrlQuery } from "@/lib/client/use-url-query";
import type { ImportSummary } from "@/lib/data/imports";
import { CatalogueExport } from "./catalogue-export";
import { ImportFolder } from "./import-folder";
import { ImportHistory } from "./import-history";
import { ImportReport } from "./import-report";
import { IMPORTS_URL, isActive } from "./import-text";
import { ImportUpload } from "./import-upload";

export function ImportPanel({ initial, importDir }: { initial: ImportSummary[]; importDir: string | null }) {
  const [params, setQuery] = useUrlQuery();
  const imports = useSWR<ImportSummary[], Error>(IMPORTS_URL, fetcher, {
    fallbackData: initial,
    // Progress while something runs; nothing to ask otherwise.
    refreshInterval: (latest) => (latest?.some(isActive) ? 1500 : 0),
  });
  const list = imports.data ?? [];
  const openId = params.get("import") ?? list[0]?._id ?? null;
  const open = list.find((item) => item._id === openId) ?? null;
  /** Opens an import's report at its first page of every row. */
  const openImport = (id: string) => setQuery({ import: id, outcome: null, page: null });

  const started = (summary: ImportSummary) => {
    openImport(summary._id);
    void imports.mutate();
  };

  return (
    <div className="flex flex-col gap-8">
      <div className="grid gap-6 xl:grid-cols-2">
        <ImportUpload onStarted={started} />
        <ImportFolder importDir={importDir} onStarted={started} />
      </div>
      <CatalogueExport />
      <section aria-labelledby="imports-heading" className="flex flex-col gap-4">
        <h2 id="imports-heading" className="text-lg font-semibold">
          Imports
        </h2>
        {list.length === 0 ? (
          <EmptyState>No imports yet</EmptyState>
        ) : (
          <>
            <ImportHistory imports={list} openId={openId} onOpen={openImport} />
            {open && <ImportReport key={open._id} summary={open} onStarted={started} />}
          </>
        )}
      </section>
    </div>
  );
}
