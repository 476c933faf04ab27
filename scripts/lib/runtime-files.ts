// What a production server needs, in one place: `npm run pack` copies it out of a built checkout,
// the Dockerfile's runtime stage is made of exactly that copy (plus `npm ci --omit=dev`), and
// tests/deploy/clean-copy.test.ts starts the server from such a copy with production dependencies
// only. docs/deploy.md ("A Node host") explains why this, and not `output: "standalone"`.
import fs from "node:fs";
import path from "node:path";

/**
 * Paths relative to the project root. The server runs `node --import tsx server.ts`, which imports
 * lib/ (environment, storage, the media fast path, the cache handler, the Prisma client generated into
 * lib/generated) and loads next.config.ts; `npm run db:migrate`, `db:seed`, `worker`, `make-admin`,
 * `backup` and `restore` run scripts/ against prisma/. The pages themselves are compiled into the build folder.
 */
const RUNTIME_FILES = [
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "next.config.ts",
  "prisma.config.ts",
  "server.ts",
  "lib",
  "prisma",
  "public",
  "scripts/lib",
  "scripts/migrate.ts",
  "scripts/seed.ts",
  "scripts/worker.ts",
  "scripts/make-admin.ts",
  "scripts/backup.ts",
  "scripts/restore.ts",
];

/** The build folder's parts that are not needed to serve: Next's build caches. */
const BUILD_SKIP = new Set(["cache", "trace", "trace-build", "types", "dev"]);

type CopyMode = "copy" | "link";

function copyTree(from: string, to: string, mode: CopyMode, skip: (name: string) => boolean = () => false) {
  const stats = fs.lstatSync(from);
  if (stats.isSymbolicLink()) {
    fs.symlinkSync(fs.readlinkSync(from), to);
  } else if (stats.isDirectory()) {
    fs.mkdirSync(to, { recursive: true });
    for (const name of fs.readdirSync(from)) {
      if (!skip(name)) copyTree(path.join(from, name), path.join(to, name), mode);
    }
  } else if (mode === "link") {
    fs.linkSync(from, to);
  } else {
    fs.copyFileSync(from, to);
    fs.chmodSync(to, stats.mode);
  }
}

/**
 * Copies the runtime set of the checkout at `root` into `target`, the build folder `distDir` as
 * `.next`. `link` makes hard links instead of copies (same file system, much faster; tests only).
 */
export function packRuntime(root: string, target: string, options: { distDir?: string; mode?: CopyMode } = {}): void {
  const distDir = options.distDir ?? ".next";
  const mode = options.mode ?? "copy";
  if (!fs.existsSync(path.join(root, distDir, "BUILD_ID")))
    throw new Error(`No build in ${path.join(root, distDir)}: run \`npx next build\` first.`);
  fs.mkdirSync(target, { recursive: true });
  for (const entry of RUNTIME_FILES) {
    fs.mkdirSync(path.dirname(path.join(target, entry)), { recursive: true });
    copyTree(path.join(root, entry), path.join(target, entry), mode);
  }
  copyTree(path.join(root, distDir), path.join(target, ".next"), mode, (name) => BUILD_SKIP.has(name));
}

type LockedPackage = { dev?: boolean; bin?: string | Record<string, string> };

/**
 * What `npm ci --omit=dev` installs, taken from the checkout's own node_modules by the lockfile:
 * every package not marked dev-only, without the packages nested inside it unless they are
 * production ones too, and their `.bin` links. For a machine that cannot reach the registry (the
 * tests); the Dockerfile runs `npm ci --omit=dev` itself.
 */
export function linkProductionDependencies(root: string, target: string): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockedPackage>;
  };
  const installed: string[] = [];
  for (const [location, info] of Object.entries(lock.packages)) {
    if (!location.startsWith("node_modules/") || info.dev) continue;
    const from = path.join(root, location);
    // Optional packages for other platforms are in the lockfile but not on this machine.
    if (!fs.existsSync(from)) continue;
    copyTree(from, path.join(target, location), "link", (name) => name === "node_modules");
    installed.push(location);
    const bins = typeof info.bin === "string" ? { [path.basename(location)]: info.bin } : (info.bin ?? {});
    // The .bin folder of the node_modules folder the package sits in (scoped names have two parts).
    const binDir = path.join(
      target,
      location.slice(0, location.lastIndexOf("node_modules/") + "node_modules".length),
      ".bin",
    );
    for (const [name, file] of Object.entries(bins)) {
      fs.mkdirSync(binDir, { recursive: true });
      const link = path.join(binDir, name);
      if (!fs.existsSync(link)) fs.symlinkSync(path.relative(binDir, path.join(target, location, file)), link);
    }
  }
  return installed;
}
