// For command-line scripts that use the app's own modules (lib/data, lib/import-export): the database the
// app uses (DATABASE_URL, else the embedded one in the data folder, shared with a running
// `npm start`), set in the environment before any of those modules reads it.
import { register } from "node:module";
import path from "node:path";
import { openDatabase, type Database } from "./database";

/** Opens the database and points DATABASE_URL at it; import lib/ modules (dynamically) after this. */
export async function openAppDatabase(): Promise<Database> {
  // lib/data calls Next's cacheLife()/cacheTag(), which only work inside Next: no-ops here.
  register("./next-cache-outside-next.mjs", import.meta.url);
  const database = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: path.join(path.resolve(process.env.MARQUEE_DATA_DIR || ".data"), "postgres"),
    name: "marquee",
    log: () => {},
  });
  process.env.DATABASE_URL = database.url;
  return database;
}
