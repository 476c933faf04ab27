// Builds the app only when a source file changed since the last build, so a restart is quick.
import fs from "node:fs";
import path from "node:path";
import { bin, projectRoot, runCommand } from "./database";

const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "postcss.config.mjs",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
];
const SKIP = new Set(["generated", "node_modules"]);

function newestChange(entry: string): number {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (!SKIP.has(child)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

export async function buildIfStale(distDir: string, env: Record<string, string | undefined> = {}): Promise<void> {
  const marker = path.join(projectRoot, distDir, "BUILD_ID");
  const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((s) => newestChange(path.join(projectRoot, s))));
  if (built > changed) return;
  console.log(`Building Marquee (${distDir})…`);
  await runCommand(bin("next"), ["build"], { NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1", ...env });
}
