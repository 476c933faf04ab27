// `npm run import -- FILE [--dry-run] [--all]`: imports a catalogue file (CSV or JSON, docs/import.md)
// into the site's database and storage, as the admin Import page does, in this process, printing the
// progress and every row that failed (--all: every row's outcome). `npm run import -- --folder`
// imports the films of IMPORT_DIR as drafts. A dry run checks every row and writes nothing.
// Exit code 0 when every row went through, 1 otherwise. `npm run import -- --schema` prints the
// file's JSON Schema (docs/catalogue.schema.json is that output).
import "./lib/load-env";
import path from "node:path";
import { openAppDatabase } from "./lib/app-database";
import { exitWhenPrinted } from "./lib/exit";

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith("--")));
const file = args.find((arg) => !arg.startsWith("--"));
if (flags.has("--schema")) {
  const { catalogueJsonSchema } = await import("@/lib/validation/catalogue");
  console.log(JSON.stringify(catalogueJsonSchema(), null, 2));
  process.exit(0);
}
const usage =
  "Usage: npm run import -- FILE.csv|FILE.json [--dry-run] [--all]   or   npm run import -- --folder [--dry-run] [--all]";
if (flags.has("--help") || (!file && !flags.has("--folder"))) {
  console.error(usage);
  process.exit(2);
}

const database = await openAppDatabase();
const { catalogueFormatOf } = await import("@/lib/import-export/catalogue-file");
const { startFileImport, startFolderImport } = await import("@/lib/import-export/start");
const { runImport } = await import("@/lib/import-export/run");
const { getImportSummary, importRowsInOrder } = await import("@/lib/data/imports");
const { configuredPublicUrl } = await import("@/lib/env");
const { stopJobQueue } = await import("@/lib/jobs/queue");
const { db } = await import("@/lib/database/db");

/** Rows between two progress lines when the output is not a terminal. */
const STEP = 1000;

let exitCode = 1;
try {
  const dryRun = flags.has("--dry-run");
  const site = configuredPublicUrl();
  const starter = { dryRun, userId: null, siteOrigins: site ? [site.origin] : [], queue: false };
  // On a terminal, one line redrawn; in a log, a line each time the count passes a multiple of STEP, and at the end.
  let seen = 0;
  let logged = -1;
  const progress = (line: string, count: number, last: boolean) => {
    if (process.stdout.isTTY) process.stdout.write(`\r${line}${last ? "\n" : ""}`);
    else if (last ? count !== logged : Math.floor(count / STEP) !== Math.floor(seen / STEP)) {
      console.log(line);
      logged = count;
    }
    seen = last ? 0 : count;
    if (last) logged = -1;
  };
  let started;
  if (file) {
    const format = catalogueFormatOf(file);
    if (!format) throw new Error(`${file}: the file must end in .csv or .json`);
    // A CSV streams, of any size (docs/import.md, "Files of any size"); a JSON file keeps the upload's limits.
    let read = 0;
    started = await startFileImport({ path: file, name: path.basename(file), format }, starter, {
      maxRows: Number.POSITIVE_INFINITY,
      onRead: (rows) => progress(`Reading ${file}: ${(read = rows).toLocaleString("en")} movies`, rows, false),
    });
    if (read) progress(`Reading ${file}: ${read.toLocaleString("en")} movies`, read, true);
  } else started = await startFolderImport(starter);
  console.log(`${dryRun ? "Dry run of" : "Importing"} ${file ?? "the films of IMPORT_DIR"} (${started.total} movies)`);

  const bar = (done: number, total: number) => {
    const width = 30;
    const filled = total ? Math.round((done / total) * width) : width;
    progress(`[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`, done, done === total);
  };
  await runImport(started._id, bar);

  const summary = await getImportSummary(started._id);
  const { created, updated, skipped, failed } = summary.counts;
  console.log(
    `${dryRun ? "Would create" : "Created"} ${created}, ${dryRun ? "would update" : "updated"} ${updated}, skipped ${skipped}, failed ${failed}`,
  );
  const outcome = flags.has("--all") ? undefined : ("failed" as const);
  for await (const row of importRowsInOrder(started._id, outcome)) {
    const errors = row.errors.map((error) => `${error.field}: ${error.message}`).join("; ");
    console.log(`  row ${row.row} ${row.externalId || "(no id)"} ${row.outcome}${errors ? ` - ${errors}` : ""}`);
  }
  exitCode = failed === 0 ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopJobQueue();
  await db.$disconnect();
  await database.stop();
}
await exitWhenPrinted(exitCode);
