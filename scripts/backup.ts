// `npm run backup [-- FILE]`: one archive of the database and the stored files, taken while the site
// runs (lib/backup/backup.ts; docs/deploy.md "Backups"). Without FILE it goes to BACKUP_DIR
// (default <data dir>/backups) under a name with the time. Uses DATABASE_URL, or the embedded database.
import "./lib/load-env";
import path from "node:path";
import { backupFileName, createBackup } from "@/lib/backup/backup";
import { backupDir, dataDir, env } from "@/lib/env";
import { formatBytes } from "@/lib/media/format-bytes";
import { storage } from "@/lib/storage";
import { openDatabase } from "./lib/database";

const file = process.argv[2] ? path.resolve(process.argv[2]) : path.join(backupDir(), backupFileName(new Date()));
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: path.join(dataDir(), "postgres"),
  name: "marquee",
  log: () => {},
});
try {
  console.log(`Backing up the database and the ${storage().name} storage to ${file}`);
  const summary = await createBackup({ databaseUrl: database.url, file, log: console.log });
  console.log(
    `Backup written: ${summary.file} (${formatBytes(summary.bytes)}; ${summary.tables} tables, ${summary.rows} rows, ` +
      `${summary.files} files, as of ${summary.createdAt})`,
  );
  if (summary.vanished > 0)
    console.log(`${summary.vanished} file(s) were deleted while the backup ran and are not in it.`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.stop();
}
