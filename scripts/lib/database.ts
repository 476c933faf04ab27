// Shared by the run, test, migrate and seed scripts: where the database is, migrations, the seed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPrismaClient } from "@/lib/database/prisma";

export const projectRoot = path.resolve(import.meta.dirname, "..", "..");
export const bin = (name: string) => path.join(projectRoot, "node_modules", ".bin", name);

// Where the database is: plain JavaScript, shared with the launcher (scripts/run.mjs).
export { openDatabase, type Database } from "./postgres-cluster.mjs";

/** Runs a command, inheriting the terminal (or dropping its output); rejects when it fails. */
export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  stdout: "inherit" | "ignore" = "inherit",
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      stdio: ["inherit", stdout, "inherit"],
      env: { ...process.env, ...env },
    });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} ${args.join(" ")} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/** Applies the committed migrations, exactly as production does. */
export function migrate(url: string, stdout: "inherit" | "ignore" = "inherit"): Promise<void> {
  return runCommand(bin("prisma"), ["migrate", "deploy"], { DATABASE_URL: url }, stdout);
}

/**
 * Applies only the named committed migrations (the first ones, in order): `prisma migrate deploy`
 * over a copy of just those, so a restore rebuilds the schema its archive was taken from.
 */
export async function migrateTo(url: string, names: string[], stdout: "inherit" | "ignore" = "inherit"): Promise<void> {
  const migrations = path.join(projectRoot, "prisma", "migrations");
  const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), "marquee-migrations-"));
  try {
    await fs.promises.mkdir(path.join(scratch, "migrations"));
    await fs.promises.copyFile(
      path.join(migrations, "migration_lock.toml"),
      path.join(scratch, "migrations", "migration_lock.toml"),
    );
    for (const name of names)
      await fs.promises.cp(path.join(migrations, name), path.join(scratch, "migrations", name), { recursive: true });
    // A config of plain data (prisma.config.ts's, with the folder swapped): nothing to import from here.
    const config = {
      schema: path.join(projectRoot, "prisma", "schema.prisma"),
      migrations: { path: path.join(scratch, "migrations") },
      datasource: { url },
    };
    await fs.promises.writeFile(path.join(scratch, "prisma.config.mjs"), `export default ${JSON.stringify(config)};\n`);
    await runCommand(
      bin("prisma"),
      ["migrate", "deploy", "--config", path.join(scratch, "prisma.config.mjs")],
      { DATABASE_URL: url },
      stdout,
    );
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Seeds the demo catalogue. With `onlyIfEmpty`, a database that has movies is left alone. Its
 * pictures go to the configured storage, or to the local folder `uploadsDir` when given (a
 * throwaway app's own).
 */
export async function seed(
  url: string,
  options: { onlyIfEmpty: boolean; log: (line: string) => void; uploadsDir?: string },
): Promise<boolean> {
  const db = createPrismaClient(url);
  try {
    if (options.onlyIfEmpty && (await db.movie.count()) > 0) return false;
    const [{ seedDemoCatalogue }, { storage }, { createLocalStorage }] = await Promise.all([
      import("@/prisma/seed"),
      import("@/lib/storage"),
      import("@/lib/storage/local"),
    ]);
    await seedDemoCatalogue(db, options.uploadsDir ? createLocalStorage(options.uploadsDir) : storage(), options.log);
    return true;
  } finally {
    await db.$disconnect();
  }
}
