"use client";

import { useId, useState } from "react";
import { PanelSection } from "./panel-section";

/** Downloads the whole catalogue as CSV or JSON, in the format the Import page reads back. */
export function CatalogueExport() {
  const formatId = useId();
  const [format, setFormat] = useState("csv");
  return (
    <PanelSection title="Export">
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
    </PanelSection>
  );
}
