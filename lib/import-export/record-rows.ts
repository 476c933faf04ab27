// Writes an uploaded file's import (its ImportJob and every ImportRow) in one transaction on a `pg`
// connection of its own. It runs in the worker thread that read the file (lib/import-export/read-worker.ts),
// so the rows' tens of MB of JSON text are escaped, sent and garbage-collected there, never on the
// server's main thread (docs/import.md, "Running an import"). Pure of Next and Prisma, without
// "server-only": the worker loads it on its own, and the tests call it directly.
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { ImportRowColumns } from "@/lib/data/imports";

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
export async function recordFileImport(
  connectionString: string,
  fields: ImportRecordFields,
  rows: ImportRowColumns,
): Promise<string> {
  // The same limits as the app's own pool (lib/database/db.ts): a database that does not answer fails the upload.
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, query_timeout: 15_000 });
  await client.connect();
  try {
    await client.query("BEGIN");
    // The id as Prisma makes it for @default(uuid()) (a version 4 UUID); the other columns' defaults are the table's.
    const id = randomUUID();
    await client.query(
      `INSERT INTO "ImportJob" ("id", "kind", "dryRun", "fileName", "siteOrigins", "createdById", "total")
       VALUES ($1::uuid, 'file', $2, $3, $4::text[], $5::uuid, $6)`,
      [id, fields.dryRun, fields.fileName.slice(0, 255), fields.siteOrigins, fields.createdById, rows.inputs.length],
    );
    for (let start = 0; start < rows.inputs.length; start += INSERT_BATCH) {
      const end = start + INSERT_BATCH;
      await client.query(
        `INSERT INTO "ImportRow" ("importId", "row", "externalId", "name", "input")
         SELECT $1::uuid, $2::int + v.n::int, v.external, v.name, v.input::jsonb
         FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS v(external, name, input, n)`,
        [id, start, rows.externalIds.slice(start, end), rows.names.slice(start, end), rows.inputs.slice(start, end)],
      );
    }
    await client.query("COMMIT");
    return id;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
