// `npm run restore -- ARCHIVE`: brings a backup (`npm run backup`) back into an empty database and an
// empty storage: the embedded database of a new data folder, or an empty DATABASE_URL and bucket (or
// STORAGE_LOCAL_DIR). Refuses a target that holds anything. lib/backup/restore.ts; docs/deploy.md "Backups".
import "./lib/load-env";
import path from "node:path";
import { restoreBackup, RestoreError } from "@/lib/backup/restore";
import { dataDir, env } from "@/lib/env";
import { formatBytes } from "@/lib/media/format-bytes";
import { storage } from "@/lib/storage";
import { migrate, migrateTo, openDatabase, projectRoot } from "./lib/database";

const archive = process.argv[2];
if (!archive) {
  console.error("Usage: npm run restore -- <archive.tar>");
  process.exit(2);
}
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: path.join(dataDir(), "postgres"),
  name: "marquee",
  log: () => {},
});
try {
  const summary = await restoreBackup({
    archive: path.resolve(archive),
    databaseUrl: database.url,
    driver: storage(),
    migrationsDir: path.join(projectRoot, "prisma", "migrations"),
    // Prisma's own report would drown the restore's; its errors still reach stderr.
    applyMigrations: (names) =>
      names === "all" ? migrate(database.url, "ignore") : migrateTo(database.url, names, "ignore"),
    log: console.log,
  });
  console.log(
    `Restored the backup of ${summary.createdAt}: ${summary.tables} tables, ${summary.rows} rows, ` +
      `${summary.files} files (${formatBytes(summary.bytes)}) into ${database.embedded ? `the embedded database in ${dataDir()}` : "DATABASE_URL"} ` +
      `and the ${storage().name} storage.`,
  );
} catch (error) {
  console.error(
    error instanceof RestoreError
      ? `Restore refused: ${error.message}`
      : `Restore failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await database.stop();
}
