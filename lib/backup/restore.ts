// `npm run restore ARCHIVE`: a backup brought back into an empty database and an empty storage
// (docs/deploy.md "Backups"). In order:
//   1. the archive is read through once and every entry checked against the manifest's sha256;
//   2. the target is checked: no rows in the database, no files in storage, migrations compatible;
//   3. the archive's migrations are applied (exactly those: the rows fit that schema);
//   4. in one transaction, with the tables' own triggers off (the rows already hold what they
//      compute: search words, counters), each table is copied in, parents first, the sequences set,
//      and the files put back through the storage driver; any failure rolls the rows back and
//      deletes the files already put, so the target is empty again;
//   5. the transcodes that were in flight are queued again, and any newer migrations applied.
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
import type { TranscodeJobData } from "@/lib/jobs/transcode";
import { contentTypeOf, type StorageDriver, type StorageKey } from "@/lib/storage";
import { hashOf, readArchive } from "./archive";
import {
  appliedMigrations,
  copyInSql,
  listTables,
  quoteIdent,
  setSequences,
  tablesWithRows,
  TABLES_FILLED_BY_MIGRATIONS,
  type AppliedMigration,
} from "./database";
import { MANIFEST_ENTRY, manifestSchema, type Manifest } from "./manifest";

/** A refusal (a damaged archive, a target that is not empty): the message says it all, after "Restore refused: ". */
export class RestoreError extends Error {}

export type RestoreOptions = {
  archive: string;
  databaseUrl: string;
  driver: StorageDriver;
  /** The code's migrations folder (prisma/migrations). */
  migrationsDir: string;
  /** Applies the named migrations (in order), or all of the code's when `"all"`. */
  applyMigrations: (names: string[] | "all") => Promise<void>;
  log?: (line: string) => void;
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

/** Reads the whole archive and checks every entry the manifest lists against its size and sha256. */
export async function verifyArchive(archive: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new RestoreError(`${archive} does not exist.`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  try {
    for await (const entry of readArchive(archive)) {
      if (entry.type !== "File") continue;
      if (entry.path === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString("utf8");
      } else seen.set(entry.path, { size: entry.size, sha256: await hashOf(entry) });
    }
  } catch (error) {
    throw new RestoreError(
      `${archive} is not a readable tar archive (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  if (manifestText === null)
    throw new RestoreError(`${archive} has no ${MANIFEST_ENTRY}: it is not a Marquee backup, or it was cut short.`);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText));
  } catch {
    throw new RestoreError(`${archive}'s ${MANIFEST_ENTRY} is not a Marquee backup manifest (format 1).`);
  }
  for (const expected of [...manifest.tables, ...manifest.files]) {
    const found = seen.get(expected.entry);
    if (!found) throw new RestoreError(`the archive is incomplete: ${expected.entry} is missing.`);
    if (found.size !== expected.size || found.sha256 !== expected.sha256)
      throw new RestoreError(`the archive is damaged: ${expected.entry} does not match its checksum.`);
  }
  return manifest;
}

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
  const { archive, driver, log = () => {} } = options;
  log(`Checking ${archive}`);
  const manifest = await verifyArchive(archive);
  const code = codeMigrations(options.migrationsDir);
  checkMigrations(manifest.migrations, code);
  const fileBytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  log(
    `The archive is whole: ${plural(manifest.tables.length, "table")}, ${plural(manifest.files.length, "file")} ` +
      `(${formatBytes(fileBytes)}), taken ${manifest.createdAt} by Marquee ${manifest.marqueeVersion}`,
  );

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await checkTargetIsEmpty(client, driver, manifest.migrations);
    log(`Applying the archive's ${plural(manifest.migrations.length, "migration")}`);
    await options.applyMigrations(manifest.migrations.map((migration) => migration.name));
    const tableNames = new Set((await listTables(client)).map((table) => table.name));
    const missing = manifest.tables.filter((table) => !tableNames.delete(table.name));
    if (missing.length > 0 || tableNames.size > 0)
      throw new RestoreError(
        `the migrated database's tables do not match the archive's (${[...missing.map((t) => t.name), ...tableNames].join(", ")}).`,
      );

    const restored = await copyIn(client, manifest, archive, driver, log);
    log(`Restored ${plural(restored.rows, "row")} and ${plural(manifest.files.length, "file")}`);

    const laterMigrations = code.length - manifest.migrations.length;
    if (laterMigrations > 0) {
      log(`Applying ${plural(laterMigrations, "newer migration")} of this version`);
      await options.applyMigrations("all");
    }
    const requeuedTranscodes = await requeueTranscodesInFlight(client, options.databaseUrl);
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
    await client.end();
  }
}

/** Step 4: rows and files, all or nothing. */
async function copyIn(
  client: pg.ClientBase,
  manifest: Manifest,
  archive: string,
  driver: StorageDriver,
  log: (line: string) => void,
): Promise<{ rows: number }> {
  const tables = new Map(manifest.tables.map((table) => [table.entry, table]));
  const files = new Map(manifest.files.map((file) => [file.entry, file]));
  const put: StorageKey[] = [];
  let rows = 0;
  await client.query("BEGIN");
  try {
    for (const table of manifest.tables) {
      // Only the tables' own triggers: foreign keys are still checked, row by row.
      await client.query(`ALTER TABLE ${quoteIdent(table.name)} DISABLE TRIGGER USER`);
      if (TABLES_FILLED_BY_MIGRATIONS.has(table.name)) await client.query(`DELETE FROM ${quoteIdent(table.name)}`);
    }
    for await (const entry of readArchive(archive)) {
      const table = tables.get(entry.path);
      const file = files.get(entry.path);
      if (table) {
        const copy = client.query(copyFrom(copyInSql(table)));
        await pipeline(Readable.from(entry), createGunzip(), copy);
        if (copy.rowCount !== table.rows)
          throw new RestoreError(`${table.name}: ${copy.rowCount} rows came back instead of ${table.rows}.`);
        rows += copy.rowCount;
      } else if (file) {
        const key = file.key as StorageKey;
        put.push(key);
        await driver.put(key, Readable.from(entry), { contentType: contentTypeOf(key) });
        if (put.length % 500 === 0) log(`  ${put.length} of ${manifest.files.length} files`);
      }
    }
    for (const table of manifest.tables)
      await client.query(`ALTER TABLE ${quoteIdent(table.name)} ENABLE TRIGGER USER`);
    await setSequences(client, manifest.sequences);
    await client.query("COMMIT");
    return { rows };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    for (const key of put) await driver.delete(key).catch(() => {});
    throw error;
  }
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
