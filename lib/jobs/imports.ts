// The queue side of catalogue imports: a created import (lib/import-export/start.ts) is handed to the
// workers here; lib/worker/index.ts runs it with lib/import-export/run.ts.
import "server-only";
import { IMPORT_QUEUE, jobQueue } from "./queue";

export type ImportJobData = { importId: string };

export async function queueImport(importId: string): Promise<void> {
  await (await jobQueue()).send(IMPORT_QUEUE, { importId } satisfies ImportJobData, { id: importId });
}
