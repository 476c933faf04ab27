// The worker thread that reads an uploaded catalogue file (lib/import/read-off-thread.ts starts it):
// the UTF-8 check, the CSV or JSON parse, the 10,000-movie limit and each row's JSON text, all here
// so that the server's main thread goes on answering requests meanwhile. It sends the rows back a
// batch at a time (each message a small piece of work for the main thread to receive), then its
// thread id; a file that cannot be read is refused with the message the admin sees.
import fs from "node:fs";
import { parentPort, threadId, workerData } from "node:worker_threads";
import { CatalogueFileError, type CatalogueFormat } from "./catalogue-file";
import { catalogueRowsOf } from "./catalogue-rows";

export type ReadRequest = { path: string; format: CatalogueFormat };
export type ReadMessage =
  | { kind: "rows"; externalIds: string[]; names: string[]; inputs: string[] }
  | { kind: "done"; threadId: number }
  | { kind: "refused"; message: string };

const ROWS_PER_MESSAGE = 500;

const { path, format } = workerData as ReadRequest;
const post = (message: ReadMessage) => parentPort!.postMessage(message);
try {
  const rows = catalogueRowsOf(fs.readFileSync(path), format);
  for (let start = 0; start < rows.inputs.length; start += ROWS_PER_MESSAGE) {
    const end = start + ROWS_PER_MESSAGE;
    post({
      kind: "rows",
      externalIds: rows.externalIds.slice(start, end),
      names: rows.names.slice(start, end),
      inputs: rows.inputs.slice(start, end),
    });
  }
  post({ kind: "done", threadId });
} catch (error) {
  if (!(error instanceof CatalogueFileError)) throw error; // the worker's error event: a 500 upstream
  post({ kind: "refused", message: error.message });
}
