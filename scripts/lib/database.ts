// Shared by the run, test, migrate and seed scripts: where the database is, migrations, the seed.
import { spawn } from "node:child_process";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";
import { createPrismaClient } from "@/lib/prisma";

export const projectRoot = path.resolve(import.meta.dirname, "..", "..");
export const bin = (name: string) => path.join(projectRoot, "node_modules", ".bin", name);

export type Database = { url: string; embedded: EmbeddedPostgres | null; stop(): Promise<void> };

/**
 * DATABASE_URL when it is set (no server is started); otherwise the embedded PostgreSQL with its
 * data in `dataDir`, holding a database named `name`.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  name: string;
  port?: number;
  log: (line: string) => void;
}): Promise<Database> {
  if (options.url) return { url: options.url, embedded: null, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, port: options.port, log: options.log });
  try {
    await embedded.createDatabase(options.name);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return { url: embedded.urlFor(options.name), embedded, stop: () => embedded.stop() };
}

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
export function migrate(url: string): Promise<void> {
  return runCommand(bin("prisma"), ["migrate", "deploy"], { DATABASE_URL: url });
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
