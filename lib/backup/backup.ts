// `npm run backup` and the scheduled backups: one tar archive of the database and the stored files,
// taken while the site runs (docs/deploy.md "Backups"). The database is read in one snapshot that
// ends before the files are copied, so a long file copy holds no transaction open.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { env, backupDir } from "@/lib/env";
import { isStorageKey, storage, type StorageDriver } from "@/lib/storage";
import packageJson from "@/package.json" with { type: "json" };
import { ArchiveWriter } from "./archive";
import { appliedMigrations, copyOutSql, listTables, sequenceValues } from "./database";
import { fileEntry, FORMAT, FORMAT_VERSION, MANIFEST_ENTRY, tableEntry, type Manifest } from "./manifest";

export type BackupSummary = {
  file: string;
  /** Size of the archive in bytes. */
  bytes: number;
  createdAt: string;
  tables: number;
  rows: number;
  files: number;
  /** Stored files listed but deleted before they could be copied (see docs/deploy.md). */
  vanished: number;
  /** Files in storage under a name Marquee never makes, left out (a restore would refuse them). */
  foreign: number;
};

export type BackupOptions = {
  databaseUrl: string;
  driver?: StorageDriver;
  /** The archive to write; it must not exist yet. */
  file: string;
  /**
   * A snapshot exported by another transaction (`pg_export_snapshot()`): the backup then sees the
   * database exactly as that transaction does.
   */
  snapshot?: string;
  log?: (line: string) => void;
};

/** `marquee-backup-2026-11-26T04-00-00Z.tar`: sortable by name, valid on every file system. */
export function backupFileName(at: Date): string {
  return `marquee-backup-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z.tar`;
}
const BACKUP_FILE_PATTERN = /^marquee-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar$/;

type DumpedTable = Omit<Manifest["tables"][number], "sha256"> & { staged: string };

/** Copies every table out of one snapshot into gzipped files in `staging`. */
async function dumpDatabase(databaseUrl: string, staging: string, snapshot: string | undefined) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    if (snapshot) await client.query(`SET TRANSACTION SNAPSHOT '${snapshot.replaceAll("'", "''")}'`);
    const { rows } = await client.query<{ at: Date; version: string }>(
      "SELECT now() AS at, current_setting('server_version') AS version",
    );
    const migrations = await appliedMigrations(client);
    if (!migrations?.length)
      throw new Error(
        "The database has no Marquee tables (no migration was ever applied): there is nothing to back up.",
      );
    const tables: DumpedTable[] = [];
    for (const table of await listTables(client)) {
      const staged = path.join(staging, `${tables.length}.copy.gz`);
      const copy = client.query(copyTo(copyOutSql(table)));
      await pipeline(copy, createGzip(), fs.createWriteStream(staged));
      tables.push({
        ...table,
        entry: tableEntry(table.name),
        rows: copy.rowCount,
        size: (await fs.promises.stat(staged)).size,
        staged,
      });
    }
    const sequences = await sequenceValues(client);
    await client.query("COMMIT");
    return { createdAt: rows[0]!.at.toISOString(), postgresVersion: rows[0]!.version, migrations, sequences, tables };
  } finally {
    await client.end();
  }
}

/** Writes a backup archive; on any failure nothing is left under `file`. */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const { file, log = () => {} } = options;
  const driver = options.driver ?? storage();
  if (fs.existsSync(file)) throw new Error(`${file} already exists: choose another name.`);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const staging = await fs.promises.mkdtemp(path.join(path.dirname(file), ".marquee-backup-"));
  let writer: ArchiveWriter | null = null;
  try {
    const database = await dumpDatabase(options.databaseUrl, staging, options.snapshot);
    log(`Database copied: ${database.tables.length} tables as of ${database.createdAt}`);

    writer = await ArchiveWriter.create(partial);
    const tables: Manifest["tables"] = [];
    for (const { staged, ...table } of database.tables) {
      const sha256 = await writer.add(table.entry, table.size, fs.createReadStream(staged));
      tables.push({ ...table, sha256 });
    }
    const files: Manifest["files"] = [];
    let vanished = 0;
    let foreign = 0;
    for await (const listed of driver.list()) {
      // Not one of Marquee's names (a stray file someone put there): the site never serves it, and
      // a restore refuses any key it does not make (lib/backup/verify.ts).
      if (!isStorageKey(listed.key)) {
        foreign++;
        continue;
      }
      // Deleted since it was listed (an upload nothing used, a replaced poster): nothing to keep.
      const info = await driver.stat(listed.key);
      if (!info) {
        vanished++;
        continue;
      }
      const entry = fileEntry(listed.key);
      const sha256 = await writer.add(entry, info.size, await driver.read(listed.key));
      files.push({ key: listed.key, entry, size: info.size, sha256 });
    }
    log(`Files copied: ${files.length}`);
    if (foreign > 0)
      log(
        `Left out ${foreign} file${foreign === 1 ? "" : "s"} in storage whose name${foreign === 1 ? " is" : "s are"} not one Marquee makes`,
      );

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: database.createdAt,
      marqueeVersion: packageJson.version,
      postgresVersion: database.postgresVersion,
      storageDriver: driver.name,
      migrations: database.migrations,
      sequences: database.sequences,
      tables,
      files,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1));
    await writer.add(MANIFEST_ENTRY, manifestBytes.length, manifestBytes);
    await writer.finish();
    await fs.promises.rename(partial, file);
    return {
      file,
      bytes: (await fs.promises.stat(file)).size,
      createdAt: database.createdAt,
      tables: tables.length,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      files: files.length,
      vanished,
      foreign,
    };
  } catch (error) {
    writer?.abort();
    await fs.promises.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/** Deletes all but the newest `keep` backup archives in `dir` (only files named by backupFileName). */
async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const archives = (await fs.promises.readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) await fs.promises.rm(path.join(dir, name), { force: true });
  return removed;
}

export type ScheduledBackupReport = BackupSummary & { removed: string[] };

/** The scheduled job (BACKUP_SCHEDULE): a new archive in BACKUP_DIR, then only the newest BACKUP_KEEP are kept. */
export async function runScheduledBackup(
  options: { dir?: string; keep?: number; databaseUrl?: string; driver?: StorageDriver } = {},
): Promise<ScheduledBackupReport> {
  const dir = options.dir ?? backupDir();
  const databaseUrl = options.databaseUrl ?? env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is not set: backups need the database.");
  const summary = await createBackup({
    databaseUrl,
    driver: options.driver,
    file: path.join(dir, backupFileName(new Date())),
  });
  // Pruned only after a backup succeeded, so a failing schedule never eats the last good archives.
  const removed = await pruneBackups(dir, options.keep ?? env.BACKUP_KEEP);
  return { ...summary, removed };
}
