// A restore that fails (docs/deploy.md "Backups"): `npm run restore` into a fresh data folder (its
// embedded PostgreSQL started by the restore itself), from a crafted archive whose file key climbs
// out of the storage folder, and into an S3 bucket that refuses a file half-way. Each run must end
// on its own with exit code 1 and the reason, leave the target empty (no rows, no files) and leave
// no PostgreSQL running. The runs have a generous limit only so that a hanging restore fails the
// test instead of the suite; it is not a timing target.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ArchiveWriter, readArchive } from "@/lib/backup/archive";
import { createBackup } from "@/lib/backup/backup";
import { tablesWithRows } from "@/lib/backup/database";
import { fileEntry, FORMAT, MANIFEST_ENTRY, type Manifest } from "@/lib/backup/manifest";
import { restoreBackup, verifyArchive } from "@/lib/backup/restore";
import { createLocalStorage } from "@/lib/storage/local";
import { createS3Storage } from "@/lib/storage/s3";
import { migrateTo } from "../../scripts/lib/database";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres";
import { startS3, type TestS3 } from "../support/s3";

const root = path.resolve(import.meta.dirname, "..", "..");
const sourceUrl = process.env.DATABASE_URL!;
const sourceUploads = process.env.STORAGE_LOCAL_DIR!;
/** Far above what a failing restore needs (seconds: a fresh database, its migrations, a few files). */
const RUN_LIMIT_MS = 240_000;

let work: string;
let backup: { file: string; manifest: Manifest };
const dataDirs: string[] = [];

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-restore-failures-"));
  // Run as root, the embedded PostgreSQL runs as `postgres`, which must reach its data folder here.
  fs.chmodSync(work, 0o755);
  const file = path.join(work, "site.tar");
  await createBackup({ databaseUrl: sourceUrl, driver: createLocalStorage(sourceUploads), file });
  backup = { file, manifest: await verifyArchive(file) };
}, 120_000);

afterAll(() => {
  // A restore that hung and was killed leaves its PostgreSQL behind: this test started it, so it stops it.
  for (const dir of dataDirs) {
    const pid = postgresPid(dir);
    if (pid) process.kill(pid, "SIGINT");
  }
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

type PlannedFile = { key: string; body: Buffer };

/**
 * An archive with the backup's tables and just `files`, its manifest consistent with its entries
 * (sizes and checksums right), as someone crafting one would make it.
 */
async function craftArchive(name: string, files: PlannedFile[]): Promise<string> {
  const file = path.join(work, name);
  const writer = await ArchiveWriter.create(file);
  const tables: Manifest["tables"] = [];
  const byEntry = new Map(backup.manifest.tables.map((table) => [table.entry, table]));
  for await (const entry of readArchive(backup.file)) {
    const table = byEntry.get(entry.path);
    if (!table) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    tables.push({ ...table, sha256: await writer.add(entry.path, bytes.length, bytes) });
  }
  const listed: Manifest["files"] = [];
  for (const { key, body } of files) {
    const entry = fileEntry(key);
    listed.push({ key, entry, size: body.length, sha256: await writer.add(entry, body.length, body) });
  }
  const manifest: Manifest = { ...backup.manifest, format: FORMAT, tables, files: listed };
  const bytes = Buffer.from(JSON.stringify(manifest));
  await writer.add(MANIFEST_ENTRY, bytes.length, bytes);
  await writer.finish();
  return file;
}

/** Some of the source's pictures, as they are stored. */
function pictures(count: number): PlannedFile[] {
  return backup.manifest.files
    .filter((file) => file.key.startsWith("image/"))
    .slice(0, count)
    .map((file) => ({ key: file.key, body: fs.readFileSync(path.join(sourceUploads, file.key)) }));
}

/** `npm run restore ARCHIVE` into a new data folder with its embedded PostgreSQL, killed if it outlives RUN_LIMIT_MS. */
function restoreInto(
  dataDir: string,
  archive: string,
  env: Record<string, string>,
  onOutput: (output: string, child: ChildProcess) => void = () => {},
) {
  dataDirs.push(dataDir);
  // Not the suite's database and uploads: the restore starts a database of its own in the new folder.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.STORAGE_LOCAL_DIR;
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/restore.ts", archive],
      { cwd: root, env: { ...inherited, MARQUEE_DATA_DIR: dataDir, ...env } },
    );
    let output = "";
    const heard = (chunk: Buffer) => {
      output += chunk.toString();
      onOutput(output, child);
    };
    child.stdout.on("data", heard);
    child.stderr.on("data", heard);
    const limit = setTimeout(() => {
      output += `\n[still running after ${RUN_LIMIT_MS / 1000} s: killed by the test]`;
      child.kill("SIGKILL");
    }, RUN_LIMIT_MS);
    child.on("exit", (code) => {
      clearTimeout(limit);
      resolve({ code, output });
    });
  });
}

/** The pid of a live PostgreSQL server on the data folder's embedded database, or null. */
function postgresPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return null;
  }
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** The embedded database's tables holding rows, and its movies (the catalogue counter the migrations wrote). */
async function rowsLeftIn(dataDir: string) {
  const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "postgres") });
  try {
    const client = new pg.Client({ connectionString: server.urlFor("marquee") });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      if (tables[0]!.count === 0) return { tables: 0, withRows: [] };
      return { tables: tables[0]!.count, withRows: await tablesWithRows(client) };
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe("a restore that fails ends, says why, and leaves nothing behind", () => {
  test("an archive whose file key climbs out of the storage folder is refused before anything is written", async () => {
    const [first, ...rest] = pictures(3);
    const archive = await craftArchive("climbing.tar", [
      first!,
      // Large enough that the archive's reader is still feeding entries when the restore stops.
      { key: "../escaped.jpg", body: Buffer.alloc(1024 * 1024, 7) },
      ...rest,
    ]);
    const dataDir = path.join(work, "climbing-data");
    const uploads = path.join(work, "climbing-uploads");

    const result = await restoreInto(dataDir, archive, { STORAGE_DRIVER: "local", STORAGE_LOCAL_DIR: uploads });

    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain(
      'Restore refused: the archive is not a Marquee backup: its entry "files/../escaped.jpg" climbs out of its folder.',
    );
    expect(postgresPid(dataDir), "a PostgreSQL server still runs on the target").toBeNull();
    // Refused while the archive was checked: not even the migrations ran.
    expect(await rowsLeftIn(dataDir)).toEqual({ tables: 0, withRows: [] });
    expect(filesUnder(uploads)).toEqual([]);
    expect(fs.existsSync(path.join(work, "escaped.jpg"))).toBe(false);
  }, 600_000);

  test("Ctrl-C: the restore stops, undoes what it did and stops its database", async () => {
    const archive = await craftArchive("interrupted.tar", pictures(3));
    const dataDir = path.join(work, "interrupted-data");
    const uploads = path.join(work, "interrupted-uploads");
    let interrupted = false;

    const result = await restoreInto(
      dataDir,
      archive,
      { STORAGE_DRIVER: "local", STORAGE_LOCAL_DIR: uploads },
      (output, child) => {
        if (interrupted || !output.includes("Applying the archive's")) return;
        interrupted = true;
        child.kill("SIGINT");
      },
    );

    expect(interrupted).toBe(true);
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain("SIGINT: stopping, and undoing what was restored so far");
    expect(result.output).toContain("Restore failed: the restore was stopped (SIGINT)");
    expect(postgresPid(dataDir), "a PostgreSQL server still runs on the target").toBeNull();
    expect((await rowsLeftIn(dataDir)).withRows).toEqual([]);
    expect(filesUnder(uploads)).toEqual([]);
  }, 600_000);

  describe("a storage that refuses a file half-way", () => {
    let s3: TestS3;
    let proxy: http.Server;
    let puts = 0;

    beforeAll(async () => {
      s3 = await startS3("marquee-refusing");
      // In front of the bucket: the third object written is refused (as a full disk, a revoked key
      // or a bucket policy would); everything else goes through.
      const upstream = new URL(s3.endpoint);
      proxy = http.createServer((request, response) => {
        if (request.method === "PUT" && ++puts === 3) {
          request.resume();
          request.on("end", () => {
            response.writeHead(403, { "content-type": "application/xml" });
            response.end(
              `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`,
            );
          });
          return;
        }
        const forwarded = http.request(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: request.method,
            path: request.url,
            headers: request.headers,
          },
          (answer) => {
            response.writeHead(answer.statusCode!, answer.headers);
            answer.pipe(response);
          },
        );
        forwarded.on("error", () => response.destroy());
        request.pipe(forwarded);
      });
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    });

    afterAll(async () => {
      await new Promise((resolve) => proxy?.close(resolve));
      await s3?.stop();
    });

    test("the rows are rolled back, the files already put are deleted, and the database is stopped", async () => {
      const archive = await craftArchive("five-pictures.tar", pictures(5));
      const dataDir = path.join(work, "refused-data");
      const { port } = proxy.address() as { port: number };

      // The bucket through the proxy that refuses the third file.
      const result = await restoreInto(dataDir, archive, { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` });

      expect(result.code, result.output).toBe(1);
      expect(puts).toBeGreaterThanOrEqual(3);
      expect(result.output).toMatch(
        /Restore failed: storing image\/\S+ in the s3 storage failed: Access Denied\. Nothing was kept: the rows were rolled back and the 2 files already stored were deleted\./,
      );
      expect(postgresPid(dataDir), "a PostgreSQL server still runs on the target").toBeNull();
      // The migrations ran (a second try finds them and goes on); no table holds a row.
      const left = await rowsLeftIn(dataDir);
      expect(left.tables).toBeGreaterThan(10);
      expect(left.withRows).toEqual([]);
      expect(await Array.fromAsync(createS3Storage(s3.config).list())).toEqual([]);
    }, 600_000);
  });
});

describe("a backup of a storage holding files Marquee never named", () => {
  test("leaves them out and counts them, so that its restore is not refused", async () => {
    const uploads = path.join(work, "stray-uploads");
    for (const { key, body } of pictures(2)) {
      fs.mkdirSync(path.dirname(path.join(uploads, key)), { recursive: true });
      fs.writeFileSync(path.join(uploads, key), body);
    }
    fs.writeFileSync(path.join(uploads, "notes.txt"), "someone's notes");
    fs.writeFileSync(path.join(uploads, "image", ".DS_Store"), "a desktop's");
    const file = path.join(work, "stray.tar");
    const lines: string[] = [];

    const summary = await createBackup({
      databaseUrl: sourceUrl,
      driver: createLocalStorage(uploads),
      file,
      log: (line) => lines.push(line),
    });

    expect(summary).toMatchObject({ files: 2, foreign: 2 });
    expect(lines).toContain("Left out 2 files in storage whose names are not one Marquee makes");
    const manifest = await verifyArchive(file);
    expect(manifest.files.map((listed) => listed.key).sort()).toEqual(
      pictures(2)
        .map((picture) => picture.key)
        .sort(),
    );
  }, 120_000);
});

describe("a restore that fails after its rows are committed", () => {
  const database = `marquee_restore_late_${process.pid}`;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: sourceUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
  });

  afterAll(async () => {
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
  });

  test("a newer migration that fails: the rows and the files are deleted again", async () => {
    const archive = await craftArchive("late.tar", pictures(3));
    const url = new URL(sourceUrl);
    url.pathname = `/${database}`;
    const uploads = path.join(work, "late-uploads");
    // This version's migrations and one more, newer than the archive: it runs after the commit.
    const migrationsDir = path.join(work, "late-migrations");
    fs.cpSync(path.join(root, "prisma", "migrations"), migrationsDir, { recursive: true });
    fs.mkdirSync(path.join(migrationsDir, "99990101000000_later"));
    fs.writeFileSync(path.join(migrationsDir, "99990101000000_later", "migration.sql"), "SELECT 1;\n");
    let committedMovies = 0;

    const failure = await restoreBackup({
      archive,
      databaseUrl: url.toString(),
      driver: createLocalStorage(uploads),
      migrationsDir,
      applyMigrations: async (names) => {
        if (names !== "all") return migrateTo(url.toString(), names, "ignore");
        committedMovies = await withClient(url.toString(), async (client) =>
          Number((await client.query<{ count: string }>(`SELECT count(*) FROM "Movie"`)).rows[0]!.count),
        );
        throw new Error("migration 99990101000000_later failed: disk full");
      },
    }).then(
      () => null,
      (error: unknown) => error as Error,
    );

    expect(committedMovies).toBeGreaterThan(40);
    expect(failure?.message).toBe(
      "migration 99990101000000_later failed: disk full. Nothing was kept: the restored rows were deleted again " +
        "and the 3 files already stored were deleted.",
    );
    expect(await withClient(url.toString(), tablesWithRows)).toEqual([]);
    expect(filesUnder(uploads)).toEqual([]);
  }, 300_000);
});

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
