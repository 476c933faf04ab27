// The worker thread that reads an uploaded catalogue file (lib/import-export/read-off-thread.ts starts it):
// the UTF-8 check, the CSV or JSON parse, the 10,000-movie limit and each row's JSON text, all here
// (a CSV that is recorded is read and written a chunk at a time, lib/import-export/stream-csv.ts),
// so that the server's main thread goes on answering requests meanwhile. Asked to record the import
// (the server's upload, the command line), it also writes the import and its rows to the database on
// a connection of its own (lib/import-export/record-rows.ts) and sends back only the import's id: the main
// thread never holds, copies or sends the rows. Asked only to read (the tests), it sends the rows back
// a batch at a time. Then its thread id and priority; a file that cannot be read is refused with the
// message the admin sees, before anything is written. The thread runs below the main thread's priority
// (lib/background-priority.ts): on a small server the parse and the inserts would otherwise take the
// cores the main thread needs to answer requests.
import fs from "node:fs";
import { parentPort, threadId, workerData } from "node:worker_threads";
import { runThisThreadInBackground } from "@/lib/background-priority";
import { CatalogueFileError, type CatalogueFormat } from "./catalogue-file";
import { catalogueRowsOf } from "./catalogue-rows";
import { recordFileImport, recordStreamedCsv, type ImportRecordFields } from "./record-rows";
import { MAX_IMPORT_ROWS } from "@/lib/validation/catalogue";

export type ReadRequest = {
  path: string;
  format: CatalogueFormat;
  /** Record the import here (on this database) instead of sending the rows back. */
  record?: ImportRecordFields & { connectionString: string };
  /** The most movies a CSV that is recorded may hold (the upload's MAX_IMPORT_ROWS; the command line's none). */
  maxRows?: number;
};
export type ReadMessage =
  | { kind: "rows"; externalIds: string[]; names: string[]; inputs: string[] }
  | { kind: "read"; rows: number }
  | { kind: "recorded"; importId: string; total: number }
  | { kind: "done"; threadId: number; nice: number | null }
  | { kind: "refused"; message: string };

const ROWS_PER_MESSAGE = 500;

const { path, format, record, maxRows = MAX_IMPORT_ROWS } = workerData as ReadRequest;
const post = (message: ReadMessage) => parentPort!.postMessage(message);
async function main(): Promise<void> {
  const nice = runThisThreadInBackground();
  try {
    if (record && format === "csv") {
      // A CSV is recorded as it is read, a chunk at a time, so its size is bounded only by `maxRows`.
      const { connectionString, ...fields } = record;
      let total = 0;
      const importId = await recordStreamedCsv(connectionString, fields, path, {
        maxRows,
        onRead: (rows) => post({ kind: "read", rows: (total = rows) }),
      });
      post({ kind: "recorded", importId, total });
      post({ kind: "done", threadId, nice });
      return;
    }
    const rows = catalogueRowsOf(fs.readFileSync(path), format);
    if (record) {
      const { connectionString, ...fields } = record;
      const importId = await recordFileImport(connectionString, fields, rows);
      post({ kind: "recorded", importId, total: rows.inputs.length });
    } else
      for (let start = 0; start < rows.inputs.length; start += ROWS_PER_MESSAGE) {
        const end = start + ROWS_PER_MESSAGE;
        post({
          kind: "rows",
          externalIds: rows.externalIds.slice(start, end),
          names: rows.names.slice(start, end),
          inputs: rows.inputs.slice(start, end),
        });
      }
    post({ kind: "done", threadId, nice });
  } catch (error) {
    // Anything else (the database's errors among them) is the worker's error event: a 500 upstream.
    if (!(error instanceof CatalogueFileError)) throw error;
    post({ kind: "refused", message: error.message });
  }
}
// An error rethrown above rejects this promise unhandled, which ends the worker with its error event.
void main();
