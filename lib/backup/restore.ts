// `npm run restore ARCHIVE`: a backup brought back into an empty database and an empty storage
// (docs/deploy.md "Backups"). In order:
//   1. the archive is read through once and checked whole (lib/backup/verify.ts): every entry a plain
//      file at a path a backup writes, listed once in the manifest with its size and sha256, every
//      stored file's key one Marquee makes;
//   2. the target is checked: no rows in the database, no files in storage, migrations compatible;
//   3. the archive's migrations are applied (exactly those: the rows fit that schema);
//   4. in one transaction, with the tables' own triggers off (the rows already hold what they
//      compute: search words, counters), each table is copied in, parents first, the sequences set,
//      and the files put back through the storage driver; any failure rolls the rows back and
//      deletes the files already put, so the target is empty again;
//   5. the transcodes that were in flight are queued again, and any newer migrations applied; a
//      failure there empties the tables and deletes the files again.
// Every failure ends in an error whose message says what failed and what was undone: the caller
// (scripts/restore.ts) prints it, stops the database and exits non-zero.
import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { jobQueue, TRANSCODE_QUEUE } from "@/lib/jobs/queue";
import { formatBytes } from "@/lib/media/format-bytes";
import type { TranscodeJobData } from "@/lib/jobs/transcode-queue";
import { contentTypeOf, type StorageDriver, type StorageKey } from "@/lib/storage";
import { readArchive } from "./archive";
import {
  appliedMigrations,
  copyInSql,
  listTables,
  quoteIdent,
  setSequences,
  tablesWithRows,
  TABLES_FILLED_BY_MIGRATIONS,
  type AppliedMigration,
  type TableInfo,
} from "./database";
import type { Manifest } from "./manifest";
import { RestoreError, verifyArchive } from "./verify";

export { RestoreError, verifyArchive };

export type RestoreOptions = {
  archive: string;
  databaseUrl: string;
  driver: StorageDriver;
  /** The code's migrations folder (prisma/migrations). */
  migrationsDir: string;
  /** Applies the named migrations (in order), or all of the code's when `"all"`. */
  applyMigrations: (names: string[] | "all") => Promise<void>;
  log?: (line: string) => void;
  /** Stops the restore (an operator's Ctrl-C): it ends as any failure does, with everything undone. */
  signal?: AbortSignal;
};

export type RestoreSummary = {
  createdAt: string;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  requeuedTranscodes: number;
  /** Migrations newer than the archive, applied after its rows were in. */
  laterMigrations: number;
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The code's migrations, in order, with Prisma's checksum (the sha256 of migration.sql). */
function codeMigrations(migrationsDir: string): AppliedMigration[] {
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(migrationsDir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({
      name,
      checksum: createHash("sha256")
        .update(fs.readFileSync(path.join(migrationsDir, name, "migration.sql")))
        .digest("hex"),
    }));
}

/** Refuses an archive whose schema this code cannot rebuild exactly. */
function checkMigrations(archived: AppliedMigration[], code: AppliedMigration[]): void {
  archived.forEach((migration, index) => {
    const ours = code[index];
    if (ours?.name !== migration.name)
      throw new RestoreError(
        `the archive was made by another version of Marquee: its migration ${migration.name} is not this version's ` +
          `${ours ? ours.name : "(none)"}. Restore it with the version that made it (${archived.at(-1)?.name}).`,
      );
    if (ours.checksum !== migration.checksum)
      throw new RestoreError(
        `migration ${migration.name} differs from the one the archive's database was migrated with: restore it with the version that made it.`,
      );
  });
}

async function checkTargetIsEmpty(client: pg.ClientBase, driver: StorageDriver, archived: AppliedMigration[]) {
  const applied = (await appliedMigrations(client)) ?? [];
  const filled = applied.length > 0 ? await tablesWithRows(client) : [];
  let anyFile: string | null = null;
  for await (const file of driver.list()) {
    anyFile = file.key;
    break;
  }
  const problems = [
    ...(filled.length > 0 ? [`the database has rows (in ${filled.join(", ")})`] : []),
    ...(anyFile ? [`the ${driver.name} storage has files (${anyFile}, ...)`] : []),
  ];
  if (problems.length > 0)
    throw new RestoreError(
      `${problems.join(" and ")}. Restore into an empty data folder ` +
        `(a new MARQUEE_DATA_DIR), or an empty DATABASE_URL and an empty bucket or STORAGE_LOCAL_DIR.`,
    );
  if (applied.some((migration, index) => archived[index]?.name !== migration.name))
    throw new RestoreError(
      `the target database is migrated past the archive (${applied.at(-1)?.name}): restore into a database that ` +
        `has not been migrated yet.`,
    );
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const { archive, driver, signal, log = () => {} } = options;
  log(`Checking ${archive}`);
  const manifest = await verifyArchive(archive, signal);
  const code = codeMigrations(options.migrationsDir);
  checkMigrations(manifest.migrations, code);
  const fileBytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  log(
    `The archive is whole: ${plural(manifest.tables.length, "table")}, ${plural(manifest.files.length, "file")} ` +
      `(${formatBytes(fileBytes)}), taken ${manifest.createdAt} by Marquee ${manifest.marqueeVersion}`,
  );
  signal?.throwIfAborted();

  const client = new pg.Client({ connectionString: options.databaseUrl });
  // A connection lost mid-restore fails the query under way, which undoes what it can; unheard, the
  // client's own "error" event would end the process before that.
  client.on("error", () => {});
  await client.connect();
  try {
    await checkTargetIsEmpty(client, driver, manifest.migrations);
    log(`Applying the archive's ${plural(manifest.migrations.length, "migration")}`);
    await options.applyMigrations(manifest.migrations.map((migration) => migration.name));
    checkTables(manifest, await listTables(client));
    signal?.throwIfAborted();

    const restored = await copyIn(client, manifest, archive, driver, log, signal);
    log(`Restored ${plural(restored.rows, "row")} and ${plural(manifest.files.length, "file")}`);

    const laterMigrations = code.length - manifest.migrations.length;
    let requeuedTranscodes: number;
    try {
      if (laterMigrations > 0) {
        log(`Applying ${plural(laterMigrations, "newer migration")} of this version`);
        await options.applyMigrations("all");
      }
      requeuedTranscodes = await requeueTranscodesInFlight(client, options.databaseUrl);
    } catch (error) {
      throw new Error(`${messageOf(error)}. ${await emptyAgain(client, manifest, driver)}`, { cause: error });
    }
    if (requeuedTranscodes > 0)
      log(`Queued again ${plural(requeuedTranscodes, "transcode")} that had not finished when the backup was taken`);
    return {
      createdAt: manifest.createdAt,
      tables: manifest.tables.length,
      rows: restored.rows,
      files: manifest.files.length,
      bytes: fileBytes,
      requeuedTranscodes,
      laterMigrations: Math.max(0, laterMigrations),
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** An error's message without its final full stop, so that a sentence can follow it. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\.\s*$/, "");

/** The same kind of error (a refusal stays a refusal), its message followed by `more`. */
function followedBy(error: unknown, more: string): Error {
  const message = `${messageOf(error)}. ${more}`;
  return error instanceof RestoreError
    ? new RestoreError(message, { cause: error })
    : new Error(message, { cause: error });
}

/** The migrated database has exactly the archive's tables and columns, before a row goes in. */
function checkTables(manifest: Manifest, tables: TableInfo[]): void {
  const columnsOf = new Map(tables.map((table) => [table.name, table.columns]));
  const differing: string[] = [];
  for (const table of manifest.tables) {
    const columns = columnsOf.get(table.name);
    columnsOf.delete(table.name);
    if (!columns) differing.push(table.name);
    else if (
      new Set(table.columns).size !== columns.length ||
      !table.columns.every((column) => columns.includes(column))
    )
      differing.push(`${table.name}'s columns`);
  }
  differing.push(...columnsOf.keys());
  if (differing.length > 0)
    throw new RestoreError(`the migrated database's tables do not match the archive's (${differing.join(", ")}).`);
}

/** Deletes each key (a key never stored is no error); returns those that could not be deleted. */
async function deleteFiles(driver: StorageDriver, keys: StorageKey[]) {
  const failed: { key: StorageKey; error: unknown }[] = [];
  for (const key of keys) await driver.delete(key).catch((error: unknown) => failed.push({ key, error }));
  return failed;
}

/** What was undone, as the sentence that follows the failure's message. */
function undoneReport(
  rows: string,
  stored: number,
  undeleted: { key: StorageKey; error: unknown }[],
  driver: StorageDriver,
): string {
  if (undeleted.length > 0)
    return (
      `${rows[0]!.toUpperCase()}${rows.slice(1)}, but ${plural(undeleted.length, "stored file")} could not be ` +
      `deleted (${undeleted[0]!.key}: ${messageOf(undeleted[0]!.error)}): delete the restored files from the ` +
      `${driver.name} storage before trying again.`
    );
  if (stored === 0) return `Nothing was kept: ${rows} (no file had been stored yet).`;
  return `Nothing was kept: ${rows} and the ${stored === 1 ? "file already stored was" : `${stored} files already stored were`} deleted.`;
}

/** Step 4: rows and files, all or nothing. */
async function copyIn(
  client: pg.ClientBase,
  manifest: Manifest,
  archive: string,
  driver: StorageDriver,
  log: (line: string) => void,
  signal: AbortSignal | undefined,
): Promise<{ rows: number }> {
  const tables = new Map(manifest.tables.map((table) => [table.entry, table]));
  const files = new Map(manifest.files.map((file) => [file.entry, file]));
  // Every key handed to the driver, the failing one too (a put that failed may have left part of it).
  const handed: StorageKey[] = [];
  let stored = 0;
  let rows = 0;
  await client.query("BEGIN");
  try {
    for (const table of manifest.tables) {
      // Only the tables' own triggers: foreign keys are still checked, row by row.
      await client.query(`ALTER TABLE ${quoteIdent(table.name)} DISABLE TRIGGER USER`);
      if (TABLES_FILLED_BY_MIGRATIONS.has(table.name)) await client.query(`DELETE FROM ${quoteIdent(table.name)}`);
    }
    for await (const entry of readArchive(archive)) {
      signal?.throwIfAborted();
      const table = tables.get(entry.path);
      const file = files.get(entry.path);
      if (table) {
        const copy = client.query(copyFrom(copyInSql(table)));
        try {
          await pipeline(Readable.from(entry), createGunzip(), copy);
        } catch (error) {
          throw new Error(`copying the rows of ${table.name} failed: ${messageOf(error)}`, { cause: error });
        }
        if (copy.rowCount !== table.rows)
          throw new RestoreError(`${table.name}: ${copy.rowCount} rows came back instead of ${table.rows}.`);
        rows += copy.rowCount;
      } else if (file) {
        // verifyArchive checked it is one of Marquee's storage keys.
        const key = file.key as StorageKey;
        handed.push(key);
        try {
          await driver.put(key, Readable.from(entry), { contentType: contentTypeOf(key) });
        } catch (error) {
          throw new Error(`storing ${key} in the ${driver.name} storage failed: ${messageOf(error)}`, { cause: error });
        }
        stored++;
        if (stored % 500 === 0) log(`  ${stored} of ${manifest.files.length} files`);
      }
    }
    for (const table of manifest.tables)
      await client.query(`ALTER TABLE ${quoteIdent(table.name)} ENABLE TRIGGER USER`);
    await setSequences(client, manifest.sequences);
    await client.query("COMMIT");
    return { rows };
  } catch (error) {
    const rows = await client.query("ROLLBACK").then(
      () => "the rows were rolled back",
      (rollback: unknown) =>
        // A connection that failed takes its transaction with it: PostgreSQL never commits it.
        `no row was committed (the rollback failed: ${messageOf(rollback)})`,
    );
    throw followedBy(error, undoneReport(rows, stored, await deleteFiles(driver, handed), driver));
  }
}

/**
 * Step 5 failed, after the commit: the restored rows are deleted again (the rows the migrations
 * wrote themselves stay, the catalogue counter kept right by its trigger) and every file of the
 * archive too. The schema stays as migrated.
 */
async function emptyAgain(client: pg.ClientBase, manifest: Manifest, driver: StorageDriver): Promise<string> {
  const rows = await listTables(client)
    .then((tables) => tables.filter((table) => !TABLES_FILLED_BY_MIGRATIONS.has(table.name)))
    .then((tables) => client.query(`TRUNCATE ${tables.map((table) => quoteIdent(table.name)).join(", ")} CASCADE`))
    .then(
      () => "the restored rows were deleted again",
      (error: unknown) => `the restored rows could not be deleted (${messageOf(error)}): empty the database`,
    );
  const keys = manifest.files.map((file) => file.key as StorageKey);
  return undoneReport(rows, keys.length, await deleteFiles(driver, keys), driver);
}

/**
 * Movies whose transcode was queued or running when the backup was taken: their pg-boss jobs are
 * not in the archive, so each is sent again under the job id the movie names, and a worker takes it
 * up as if nothing had happened (a "transcoding" one is first noticed as stalled and retried).
 */
async function requeueTranscodesInFlight(client: pg.ClientBase, databaseUrl: string): Promise<number> {
  const { rows } = await client.query<{ movieId: string; jobId: string }>(
    `SELECT id::text AS "movieId", "mediaJobId"::text AS "jobId" FROM "Movie"
      WHERE "mediaState" IN ('queued', 'transcoding') AND "mediaJobId" IS NOT NULL`,
  );
  if (rows.length === 0) return 0;
  const boss = await jobQueue(databaseUrl);
  try {
    for (const { movieId, jobId } of rows)
      await boss.send(TRANSCODE_QUEUE, { movieId } satisfies TranscodeJobData, { id: jobId });
  } finally {
    await boss.stop({ graceful: false });
  }
  return rows.length;
}
