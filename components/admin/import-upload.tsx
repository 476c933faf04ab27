"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/fetcher";
import { toast } from "@/lib/client/toast";
import type { ImportSummary } from "@/lib/data/imports";
import { IMPORTS_URL } from "./import-text";
import { PanelSection } from "./panel-section";

/** Sends a CSV or JSON catalogue file to import (docs/import.md): a dry run first, unless unticked. */
export function ImportUpload({ onStarted }: { onStarted: (summary: ImportSummary) => void }) {
  const fileId = useId();
  const dryRunId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [sending, setSending] = useState(false);

  // A multipart upload, which lib/client/fetcher.ts's JSON calls do not send.
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
    <PanelSection title="Import a file">
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
    </PanelSection>
  );
}
