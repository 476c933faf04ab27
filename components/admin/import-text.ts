// The words and the address the admin Import page's parts share (components/admin/import-panel.tsx):
// an import's title, its state in a few words and the names of the row outcomes.
import type { ImportSummary } from "@/lib/data/imports";

export const IMPORTS_URL = "/api/admin/imports";

/** Queued or running: the page polls for its progress. */
export const isActive = (item: ImportSummary) => item.state === "queued" || item.state === "running";

/** What a row came to, in a dry run's words or a real import's. */
export const outcomeLabels = (dryRun: boolean): Record<string, string> =>
  dryRun
    ? { created: "Would create", updated: "Would update", skipped: "Skipped", failed: "Failed" }
    : { created: "Created", updated: "Updated", skipped: "Skipped", failed: "Failed" };

export const titleOf = (item: ImportSummary) =>
  `${item.dryRun ? "Dry run" : "Import"}: ${item.kind === "folder" ? "films of IMPORT_DIR" : item.fileName}`;

export function stateText(item: ImportSummary): string {
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
