// Writes an uploaded file's import (its ImportJob and every ImportRow) in one transaction on a `pg`
// connection of its own. It runs in the worker thread that read the file (lib/import-export/read-worker.ts),
// so the rows' tens of MB of JSON text are escaped, sent and garbage-collected there, never on the
// server's main thread (docs/import.md, "Running an import"). Pure of Next and Prisma, without
// "server-only": the worker loads it on its own, and the tests call it directly.
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { ImportRowColumns } from "@/lib/data/imports";
import { checkRowCount, type ReadRecord } from "./catalogue-file";
import { readRowColumns } from "./catalogue-rows";
import { streamCatalogueCsv } from "./stream-csv";

/** What the import record holds besides its rows (lib/data/imports.ts createImportRecord writes the same). */
export type ImportRecordFields = {
  dryRun: boolean;
  fileName: string;
  siteOrigins: string[];
  createdById: string | null;
};

/** Rows a statement: a few MB of JSON text each, as lib/data/imports.ts sends them. */
const INSERT_BATCH = 250;

/** Records a file import and its rows; resolves with the new import's id. Nothing is kept if any statement fails. */
export function recordFileImport(
  connectionString: string,
  fields: ImportRecordFields,
  rows: ImportRowColumns,
): Promise<string> {
  return recording(connectionString, fields, async (insert) => {
    for (let start = 0; start < rows.inputs.length; start += INSERT_BATCH) {
      const end = start + INSERT_BATCH;
      await insert({
        externalIds: rows.externalIds.slice(start, end),
        names: rows.names.slice(start, end),
        inputs: rows.inputs.slice(start, end),
      });
    }
    return rows.inputs.length;
  });
}

/**
 * Records a CSV file's import as the file is read (lib/import-export/stream-csv.ts): its rows are
 * inserted a chunk at a time and never held together, so a file of any size takes the memory of a
 * few chunks (docs/import.md, "Files of any size"). A file of more than `maxRows` movies is read to
 * its end for its count (nothing more is inserted), then refused. `onRead` hears the rows read so far.
 * Still one transaction: a file refused midway (a quote left open on line 900,000) leaves nothing.
 */
export function recordStreamedCsv(
  connectionString: string,
  fields: ImportRecordFields,
  path: string,
  { maxRows, onRead }: { maxRows: number; onRead?: (rows: number) => void },
): Promise<string> {
  return recording(connectionString, fields, async (insert) => {
    let pending: ReadRecord[] = [];
    let inserted = 0;
    const flush = async () => {
      const rows = pending;
      pending = [];
      inserted += rows.length;
      if (inserted <= maxRows) await insert(readRowColumns(rows));
      onRead?.(inserted);
    };
    const read = await streamCatalogueCsv(path, async (records) => {
      pending.push(...records);
      if (pending.length >= STREAM_BATCH) await flush();
    });
    if (pending.length) await flush();
    checkRowCount(read, maxRows);
    return read;
  });
}

/** Rows a statement while a file streams: larger than INSERT_BATCH, the rows being short CSV lines. */
const STREAM_BATCH = 1000;

/**
 * Runs `write` in one transaction on a connection of its own, after recording the import; `write`
 * inserts the rows through `insert` (numbered on from the last) and resolves with their count.
 */
async function recording(
  connectionString: string,
  fields: ImportRecordFields,
  write: (insert: (rows: ImportRowColumns) => Promise<void>) => Promise<number>,
): Promise<string> {
  // The same limits as the app's own pool (lib/database/db.ts): a database that does not answer fails the upload.
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, query_timeout: 15_000 });
  await client.connect();
  try {
    await client.query("BEGIN");
    // The id as Prisma makes it for @default(uuid()) (a version 4 UUID); the other columns' defaults are the table's.
    const id = randomUUID();
    await client.query(
      `INSERT INTO "ImportJob" ("id", "kind", "dryRun", "fileName", "siteOrigins", "createdById")
       VALUES ($1::uuid, 'file', $2, $3, $4::text[], $5::uuid)`,
      [id, fields.dryRun, fields.fileName.slice(0, 255), fields.siteOrigins, fields.createdById],
    );
    let start = 0;
    const total = await write(async (rows) => {
      await client.query(
        `INSERT INTO "ImportRow" ("importId", "row", "externalId", "name", "input")
         SELECT $1::uuid, $2::int + v.n::int, v.external, v.name, v.input::jsonb
         FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS v(external, name, input, n)`,
        [id, start, rows.externalIds, rows.names, rows.inputs],
      );
      start += rows.inputs.length;
    });
    await client.query(`UPDATE "ImportJob" SET "total" = $2 WHERE "id" = $1::uuid`, [id, total]);
    await client.query("COMMIT");
    return id;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
