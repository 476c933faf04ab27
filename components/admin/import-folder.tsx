"use client";

import { Button } from "@/components/ui/button";
import { useApiMutation } from "@/lib/client/use-api-mutation";
import type { ImportSummary } from "@/lib/data/imports";
import { IMPORTS_URL } from "./import-text";
import { PanelSection } from "./panel-section";

/** Scans IMPORT_DIR for films (docs/import.md): checked first, or imported as drafts. */
export function ImportFolder({
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
    <PanelSection title="A folder of films">
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
    </PanelSection>
  );
}
