// `npm run db:migrate`: applies committed migrations to DATABASE_URL, or to the embedded database.
import "./lib/load-env";
import path from "node:path";
import { dataDir, env } from "@/lib/env";
import { migrate, openDatabase } from "./lib/database";

const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: path.join(dataDir(), "postgres"),
  name: "marquee",
  log: console.log,
});
try {
  await migrate(database.url);
} finally {
  await database.stop();
}
