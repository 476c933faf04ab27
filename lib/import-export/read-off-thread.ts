import "server-only";
// Reads a catalogue file in a worker thread (lib/import-export/read-worker.ts), not on the main thread: a
// 60 MB file takes seconds to decode, parse and serialize, and the main thread serves every other
// request meanwhile (docs/import.md, "Running an import"). An upload's import is also recorded there
// (recordCatalogueFileOffThread): sending 60 MB of rows to PostgreSQL, and receiving them from the
// worker first, had held the main thread for seconds too.
import { Worker } from "node:worker_threads";
import type { ImportRowColumns } from "@/lib/data/imports";
import { CatalogueFileError, type CatalogueFormat } from "./catalogue-file";
import type { ReadMessage, ReadRequest } from "./read-worker";
import type { ImportRecordFields } from "./record-rows";

export type ReadFile = {
  rows: ImportRowColumns;
  /** The thread that read the file (never the main thread's 0): the tests check where the work ran. */
  threadId: number;
  /** That thread's nice value (null where threads have none of their own): below the main thread's. */
  nice: number | null;
};

export type RecordedFile = {
  importId: string;
  /** The rows recorded. */
  total: number;
  /** The thread that read the file and wrote its rows, and its nice value. */
  threadId: number;
  nice: number | null;
};

export type ReadOptions = {
  /** The most movies a CSV may hold (MAX_IMPORT_ROWS unless said; a JSON file always has that limit). */
  maxRows?: number;
  /** Hears the rows of a CSV read and recorded so far, as it streams. */
  onRead?: (rows: number) => void;
};

/** The rows of the file at `path`. Rejects with CatalogueFileError for a file that cannot be read at all. */
export async function readCatalogueFileOffThread(path: string, format: CatalogueFormat): Promise<ReadFile> {
  const rows: ImportRowColumns = { externalIds: [], names: [], inputs: [] };
  const { threadId, nice } = await runReadWorker({ path, format }, (message) => {
    if (message.kind !== "rows") return;
    rows.externalIds.push(...message.externalIds);
    rows.names.push(...message.names);
    rows.inputs.push(...message.inputs);
  });
  return { rows, threadId, nice };
}

/**
 * Reads the file at `path` and records it as a new import with its rows, in one transaction on the
 * worker's own connection to `connectionString`. Rejects with CatalogueFileError, having written
 * nothing, for a file that cannot be read at all.
 */
export async function recordCatalogueFileOffThread(
  path: string,
  format: CatalogueFormat,
  record: ImportRecordFields & { connectionString: string },
  { maxRows, onRead }: ReadOptions = {},
): Promise<RecordedFile> {
  let recorded: { importId: string; total: number } | undefined;
  const done = await runReadWorker({ path, format, record, maxRows }, (message) => {
    if (message.kind === "recorded") recorded = { importId: message.importId, total: message.total };
    if (message.kind === "read") onRead?.(message.rows);
  });
  if (!recorded) throw new Error("The catalogue file's reader finished without recording the import");
  return { ...recorded, ...done };
}

/** Runs the worker for `request`, passing its row and record messages to `receive`, until it is done. */
function runReadWorker(
  request: ReadRequest,
  receive: (message: ReadMessage) => void,
): Promise<{ threadId: number; nice: number | null }> {
  // Inside the server, the build has bundled the worker into JavaScript of its own, which needs none
  // of this process's options (tsx, loaded in the worker too, only slows its start). Run from source
  // (the command line, the tests), the worker needs tsx as this process has it.
  const bundled = Boolean(process.env.NEXT_RUNTIME);
  const fromSource = process.execArgv.some((arg) => /\btsx\b/.test(arg))
    ? process.execArgv
    : [...process.execArgv, "--import", "tsx"];
  const worker = new Worker(new URL("./read-worker.ts", import.meta.url), {
    workerData: request,
    execArgv: bundled ? [] : fromSource,
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    worker.on("message", (message: ReadMessage) => {
      if (message.kind === "done") settle(() => resolve({ threadId: message.threadId, nice: message.nice }));
      else if (message.kind === "refused") settle(() => reject(new CatalogueFileError(message.message)));
      else receive(message);
    });
    worker.on("error", (error) => settle(() => reject(error)));
    worker.on("exit", (code) =>
      settle(() => reject(new Error(`The catalogue file's reader stopped (exit code ${code}) before it finished`))),
    );
  });
}
