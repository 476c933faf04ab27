// `npm run restore -- ARCHIVE`: brings a backup (`npm run backup`) back into an empty database and an
// empty storage: the embedded database of a new data folder, or an empty DATABASE_URL and bucket (or
// STORAGE_LOCAL_DIR). Refuses a target that holds anything. lib/backup/restore.ts; docs/deploy.md "Backups".
//
// However it ends, it ends: a refusal or a failure prints the reason and what was undone, stops the
// embedded PostgreSQL it started, and exits with 1. Ctrl-C (or SIGTERM) stops the restore the same
// way, undoing what was restored so far; a second one exits at once.
import "./lib/load-env";
import path from "node:path";
import { restoreBackup, RestoreError } from "@/lib/backup/restore";
import { signInNotice } from "@/lib/backup/sign-in-notice";
import { dataDir, env } from "@/lib/env";
import { formatBytes } from "@/lib/media/format-bytes";
import { storage } from "@/lib/storage";
import { migrate, migrateTo, openDatabase, projectRoot } from "./lib/database";
import { exitWhenPrinted } from "./lib/exit";

const archive = process.argv[2];
if (!archive) {
  console.error("Usage: npm run restore -- <archive.tar>");
  process.exit(2);
}

const stop = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    if (stop.signal.aborted) process.exit(1);
    console.error(`${signal}: stopping, and undoing what was restored so far (press Ctrl-C again to leave at once)…`);
    stop.abort(new Error(`the restore was stopped (${signal})`));
  });

let failed = false;
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
    signal: stop.signal,
  });
  console.log(
    `Restored the backup of ${summary.createdAt}: ${summary.tables} tables, ${summary.rows} rows, ` +
      `${summary.files} files (${formatBytes(summary.bytes)}) into ${database.embedded ? `the embedded database in ${dataDir()}` : "DATABASE_URL"} ` +
      `and the ${storage().name} storage.`,
  );
  // Last, where the operator looks: the one thing the archive cannot bring back.
  for (const line of signInNotice({
    authSecretSet: Boolean(env.AUTH_SECRET),
    secretFile: path.join(dataDir(), "auth-secret"),
  }))
    console.log(line);
} catch (error) {
  failed = true;
  console.error(
    error instanceof RestoreError
      ? `Restore refused: ${error.message}`
      : `Restore failed: ${error instanceof Error ? error.message : String(error)}`,
  );
} finally {
  await database.stop().catch((error: unknown) => {
    failed = true;
    console.error(`Stopping the database failed: ${error instanceof Error ? error.message : String(error)}`);
  });
}
// Exits now rather than when the last handle lets go (scripts/lib/exit.ts).
await exitWhenPrinted(failed ? 1 : 0);
