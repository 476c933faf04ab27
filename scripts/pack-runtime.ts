// `npm run pack:runtime -- <folder>`: copies what the production server needs (scripts/lib/runtime-files.ts)
// out of this built checkout into <folder>. Then, there: `npm ci --omit=dev`, `npm run db:migrate`,
// `NODE_ENV=production node --import tsx server.ts`. The Dockerfile's build stage runs it.
import path from "node:path";
import { projectRoot } from "./lib/database";
import { packRuntime } from "./lib/runtime-files";

const target = process.argv[2];
if (!target) {
  console.error("Usage: npm run pack:runtime -- <folder>");
  process.exit(1);
}
packRuntime(projectRoot, path.resolve(target), { distDir: process.env.NEXT_DIST_DIR || ".next" });
console.log(`Runtime files copied to ${path.resolve(target)}`);
