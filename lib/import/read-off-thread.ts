import "server-only";
// Reads a catalogue file in a worker thread (lib/import/read-worker.ts), not on the main thread: a
// 60 MB file takes seconds to decode, parse and serialize, and the main thread serves every other
// request meanwhile (docs/import.md, "Running an import"). The rows come back as JSON text, ready
// for the database.
import { Worker } from "node:worker_threads";
import type { ImportRowColumns } from "@/lib/data/imports";
import { CatalogueFileError, type CatalogueFormat } from "./catalogue-file";
import type { ReadMessage, ReadRequest } from "./read-worker";

export type ReadFile = {
  rows: ImportRowColumns;
  /** The thread that read the file (never the main thread's 0): the tests check where the work ran. */
  threadId: number;
};

/** The rows of the file at `path`. Rejects with CatalogueFileError for a file that cannot be read at all. */
export function readCatalogueFileOffThread(path: string, format: CatalogueFormat): Promise<ReadFile> {
  // Inside the server, the build has bundled the worker into JavaScript of its own, which needs none
  // of this process's options (tsx, loaded in the worker too, only slows its start). Run from source
  // (the command line, the tests), the worker needs tsx as this process has it.
  const bundled = Boolean(process.env.NEXT_RUNTIME);
  const fromSource = process.execArgv.some((arg) => /\btsx\b/.test(arg))
    ? process.execArgv
    : [...process.execArgv, "--import", "tsx"];
  const worker = new Worker(new URL("./read-worker.ts", import.meta.url), {
    workerData: { path, format } satisfies ReadRequest,
    execArgv: bundled ? [] : fromSource,
  });
  return new Promise<ReadFile>((resolve, reject) => {
    const rows: ImportRowColumns = { externalIds: [], names: [], inputs: [] };
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    worker.on("message", (message: ReadMessage) => {
      if (message.kind === "rows") {
        rows.externalIds.push(...message.externalIds);
        rows.names.push(...message.names);
        rows.inputs.push(...message.inputs);
      } else if (message.kind === "done") settle(() => resolve({ rows, threadId: message.threadId }));
      else settle(() => reject(new CatalogueFileError(message.message)));
    });
    worker.on("error", (error) => settle(() => reject(error)));
    worker.on("exit", (code) =>
      settle(() => reject(new Error(`The catalogue file's reader stopped (exit code ${code}) before it finished`))),
    );
  });
}
