"use client";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useApiMutation } from "@/lib/client/use-api-mutation";
import type { ImportSummary } from "@/lib/data/imports";
import { IMPORTS_URL, isActive, outcomeLabels, stateText, titleOf } from "./import-text";
import { ImportRows } from "./import-rows";

/**
 * One import: its progress, why it stopped, the count of each outcome and every row; a finished dry
 * run can be run for real from here.
 */
export function ImportReport({
  summary,
  onStarted,
}: {
  summary: ImportSummary;
  onStarted: (summary: ImportSummary) => void;
}) {
  const { run, pending } = useApiMutation();
  const running = isActive(summary);
  const labels = outcomeLabels(summary.dryRun);
  const percent = summary.total ? Math.round((summary.processed / summary.total) * 100) : running ? 0 : 100;

  const runForReal = async () => {
    const started = await run<ImportSummary>("run", `${IMPORTS_URL}/${summary._id}/run`, {
      method: "POST",
      success: "Import started",
    });
    if (started) onStarted(started);
  };

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border/40 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-semibold">{titleOf(summary)}</h3>
        {summary.dryRun && summary.state === "done" && (
          <Button disabled={pending !== null} onClick={() => void runForReal()}>
            {pending !== null && <Spinner />}
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
      <ImportRows summary={summary} labels={labels} />
    </div>
  );
}
