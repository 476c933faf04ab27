// `npm run export -- FILE.csv|FILE.json [--category ID] [--status published|draft]`: writes the
// catalogue in the import's format (docs/import.md). Media are absolute URLs on PUBLIC_URL when it
// is set, else this site's paths (which an import into this same site takes as they are).
import "./lib/load-env";
import fs from "node:fs";
import { once } from "node:events";
import { openAppDatabase } from "./lib/app-database";
import { exitWhenPrinted } from "./lib/exit";

const args = process.argv.slice(2);
const file = args.find((arg, index) => !arg.startsWith("--") && !args[index - 1]?.startsWith("--"));
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
if (!file) {
  console.error("Usage: npm run export -- FILE.csv|FILE.json [--category ID] [--status published|draft]");
  process.exit(2);
}

const database = await openAppDatabase();
const { catalogueFormatOf } = await import("@/lib/import-export/catalogue-file");
const { exportCatalogue } = await import("@/lib/import-export/export");
const { exportQuerySchema } = await import("@/lib/validation/import");
const { configuredPublicUrl } = await import("@/lib/env");
const { db } = await import("@/lib/database/db");

let exitCode = 1;
try {
  const format = catalogueFormatOf(file);
  if (!format) throw new Error(`${file}: the file must end in .csv or .json`);
  const { category, status } = exportQuerySchema.parse({
    format,
    category: option("category"),
    status: option("status"),
  });
  const out = fs.createWriteStream(file);
  let movies = 0;
  for await (const piece of exportCatalogue(format, {
    origin: configuredPublicUrl()?.origin ?? null,
    filter: { category, status },
  })) {
    movies++;
    if (!out.write(piece)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  // The header (CSV) or the brackets (JSON) are pieces too.
  console.log(`Wrote ${Math.max(0, movies - (format === "csv" ? 1 : 2))} movies to ${file}`);
  exitCode = 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await db.$disconnect();
  await database.stop();
}
await exitWhenPrinted(exitCode);
