// A catalogue file's bytes to the rows an import records (docs/import.md), ready for the database:
// each row's input already JSON text, so the process that inserts them neither parses nor
// serializes 60 MB of movies. Pure, without "server-only": it runs in the import's worker thread
// (lib/import-export/read-worker.ts), and the unit tests call it directly.
import type { ImportRowColumns, NewImportRow } from "@/lib/data/imports";
import { CatalogueFileError, readCatalogueFile, type CatalogueFormat, type ReadRecord } from "./catalogue-file";
import { NOT_UTF8 } from "./stream-csv";

/** The rows of a CSV or JSON file. Throws CatalogueFileError for a file that cannot be read at all. */
export function catalogueRowsOf(bytes: Uint8Array, format: CatalogueFormat): ImportRowColumns {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new CatalogueFileError(NOT_UTF8);
  }
  return readRowColumns(readCatalogueFile(text, format));
}

/** Records as read from a file, as the columns the database takes. */
export function readRowColumns(records: ReadRecord[]): ImportRowColumns {
  return importRowColumns(
    records.map((input) => ({
      externalId:
        typeof input.record.id === "string" || typeof input.record.id === "number" ? String(input.record.id) : "",
      name: typeof input.record.name === "string" ? input.record.name : "",
      input,
    })),
  );
}

/** Rows (numbered 1, 2, ... in this order) as the columns the database takes; ids and names cut to their columns' 200 characters. */
export function importRowColumns(rows: Omit<NewImportRow, "row">[]): ImportRowColumns {
  return {
    externalIds: rows.map((row) => row.externalId.slice(0, 200)),
    names: rows.map((row) => row.name.slice(0, 200)),
    inputs: rows.map((row) => JSON.stringify(row.input)),
  };
}
