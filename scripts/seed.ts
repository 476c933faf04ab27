// `npm run db:seed`: (re)seeds the demo catalogue into DATABASE_URL, or the embedded database.
// Idempotent: rows and files already there are kept as they are.
import "./lib/load-env";
import path from "node:path";
import { dataDir, env } from "@/lib/env";
import { migrate, openDatabase, seed } from "./lib/database";

const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: path.join(dataDir(), "postgres"),
  name: "marquee",
  log: console.log,
});
try {
  await migrate(database.url);
  await seed(database.url, { onlyIfEmpty: false, log: console.log });
} finally {
  await database.stop();
}
