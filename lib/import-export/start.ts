import "server-only";
// Starting a catalogue import (docs/import.md): a file is read, and its import and rows recorded, in a
// worker thread (a file that cannot be read at all is refused there and then, 400), a folder scan
// is recorded to be made by the job; then the background job takes it (lib/jobs/imports.ts).
// `npm run import` records the same way and runs the job in its own process instead.
import { env } from "@/lib/env";
import { invalid, notFound } from "@/lib/errors";
import { IMPORT_NOT_FOUND, createImportRecord, getImportSummary, type ImportSummary } from "@/lib/data/imports";
import { db } from "@/lib/database/db";
import { isUuid } from "@/lib/validation/ids";
import { queueImport } from "@/lib/jobs/imports";
import { IMPORT_DIR_UNSET } from "@/lib/media/ingest";
import { CatalogueFileError, type CatalogueFormat } from "./catalogue-file";
import { recordCatalogueFileOffThread, type ReadOptions } from "./read-off-thread";

type Starter = {
  dryRun: boolean;
  /** The admin who asked; null from the command line. */
  userId: string | null;
  /** This site's origins: media URLs on them name files already stored here. */
  siteOrigins: string[];
  /** false: record it only (the command line runs it itself). */
  queue?: boolean;
};

async function started(importId: string, queue: boolean): Promise<ImportSummary> {
  if (queue) await queueImport(importId);
  return getImportSummary(importId);
}

/** Records a CSV or JSON file as an import with its rows (read and written off the main thread) and queues it. */
export async function startFileImport(
  file: { path: string; name: string; format: CatalogueFormat },
  { dryRun, userId, siteOrigins, queue = true }: Starter,
  read?: ReadOptions,
): Promise<ImportSummary> {
  // The worker writes on a connection of its own to the database the app's pool uses (lib/database/db.ts).
  const connectionString = env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: the import has no database to be recorded in.");
  let importId;
  try {
    ({ importId } = await recordCatalogueFileOffThread(
      file.path,
      file.format,
      {
        connectionString,
        dryRun,
        fileName: file.name,
        siteOrigins,
        createdById: userId,
      },
      read,
    ));
  } catch (error) {
    if (error instanceof CatalogueFileError) throw invalid(error.message, { file: [error.message] });
    throw error;
  }
  return started(importId, queue);
}

/** Records a scan of IMPORT_DIR (the job makes it) and queues it. */
export async function startFolderImport({
  dryRun,
  userId,
  siteOrigins,
  queue = true,
}: Starter): Promise<ImportSummary> {
  if (!env.IMPORT_DIR) throw invalid(IMPORT_DIR_UNSET);
  const id = await createImportRecord({
    kind: "folder",
    dryRun,
    fileName: "",
    siteOrigins,
    createdById: userId,
    rows: { externalIds: [], names: [], inputs: [] },
  });
  return started(id, queue);
}

/** The real run of a dry run: the same rows (a folder is scanned again), as a new import. */
export async function runDryRunForReal(
  dryRunId: string,
  { userId, siteOrigins }: Omit<Starter, "dryRun">,
): Promise<ImportSummary> {
  if (!isUuid(dryRunId)) throw notFound(IMPORT_NOT_FOUND);
  const dryRun = await db.importJob.findUnique({
    where: { id: dryRunId },
    select: { kind: true, dryRun: true, state: true, fileName: true },
  });
  if (!dryRun) throw notFound(IMPORT_NOT_FOUND);
  if (!dryRun.dryRun) throw invalid("This import was not a dry run");
  if (dryRun.state !== "done") throw invalid("Wait until the dry run has finished");
  if (dryRun.kind === "folder") return startFolderImport({ dryRun: false, userId, siteOrigins });
  const id = await createImportRecord({
    kind: "file",
    dryRun: false,
    fileName: dryRun.fileName,
    siteOrigins,
    createdById: userId,
    rows: { copyOf: dryRunId },
  });
  return started(id, true);
}
