// `npm run make-admin -- someone@example.com`: makes an existing user an admin.
import "./lib/load-env";
import path from "node:path";
import { dataDir, env } from "@/lib/env";
import { createPrismaClient } from "@/lib/database/prisma";
import { openDatabase } from "./lib/database";

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error("Usage: npm run make-admin -- <email>");
  process.exit(2);
}
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: path.join(dataDir(), "postgres"),
  name: "marquee",
  log: () => {},
});
const db = createPrismaClient(database.url);
try {
  const updated = await db.user.updateMany({ where: { email }, data: { isAdmin: true } });
  if (updated.count === 0) {
    console.error(`No user with the email ${email}. Register first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now an admin.`);
  }
} finally {
  await db.$disconnect();
  await database.stop();
}
