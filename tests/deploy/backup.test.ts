// Backups (docs/deploy.md "Backups"): an archive taken while the site runs and writes brings back,
// into an empty database and storage (local or S3), every row of its snapshot and every file with
// its checksum, and a site started on them serves the restored catalogue. A target that holds
// anything, or a damaged archive, is refused and left as it was. The scheduled job runs through
// pg-boss and keeps only the newest archives.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createBackup, runScheduledBackup } from "@/lib/backup/backup";
import { verifyArchive } from "@/lib/backup/restore";
import type { Manifest } from "@/lib/backup/manifest";
import { createLocalStorage } from "@/lib/storage/local";
import { createS3Storage } from "@/lib/storage/s3";
import { createTestMovie } from "../support/catalogue";
import { startInstance } from "../support/instances";
import { startS3, type TestS3 } from "../support/s3";
import { ADMIN, MEMBER, freshIp } from "../support/users";

const root = path.resolve(import.meta.dirname, "..", "..");
const sourceUrl = process.env.DATABASE_URL!;
const sourceUploads = process.env.STORAGE_LOCAL_DIR!;

let work: string;
let admin: pg.Client;
/** A movie of this file's own, so a restored site has one whose picture and search we know. */
let movie: { _id: string; name: string };
const databases: string[] = [];

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-backup-test-"));
  admin = new pg.Client({ connectionString: sourceUrl });
  await admin.connect();
  movie = await createTestMovie();
});

afterAll(async () => {
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A new, empty database on the test server. */
async function emptyDatabase(): Promise<string> {
  const name = `marquee_restore_${databases.length}_${process.pid}`;
  databases.push(name);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(sourceUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `npm run backup` or `npm run restore`, as an operator runs it, with `env` on top of the suite's (undefined unsets). */
function run(script: "backup" | "restore", args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const merged: NodeJS.ProcessEnv = { ...process.env, MARQUEE_DATA_DIR: path.join(work, "data"), ...env };
    for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", `scripts/${script}.ts`, ...args],
      { cwd: root, env: merged },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

type Digests = Record<string, { rows: number; md5: string }>;

/** Every table's row count and a digest of all its rows, in whatever snapshot `client` is in. */
async function digestsOf(client: pg.ClientBase): Promise<Digests> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1`,
  );
  const digests: Digests = {};
  for (const { name } of tables) {
    const { rows } = await client.query<{ rows: number; md5: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM "${name}" t`,
    );
    digests[name] = rows[0]!;
  }
  return digests;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Every file of a local storage folder and its sha256. */
function localFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file).split(path.sep).join("/"), sha256(fs.readFileSync(file)));
  }
  return files;
}

async function signInAt(base: string, account: { email: string; password: string }) {
  const response = await fetch(`${base}/api/user`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
    body: JSON.stringify(account),
  });
  return { status: response.status, body: (await response.json()) as { email?: string; token?: string } };
}

describe("a backup of the running site, restored to local storage", () => {
  let archive: string;
  let manifest: Manifest;
  let snapshot: Digests;
  let target: string;
  let targetUploads: string;

  beforeAll(async () => {
    // The backup reads the database exactly as this transaction sees it (an exported snapshot),
    // so the rows it must bring back are known; the site keeps writing meanwhile.
    const reader = new pg.Client({ connectionString: sourceUrl });
    await reader.connect();
    try {
      await reader.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const { rows } = await reader.query<{ id: string }>("SELECT pg_export_snapshot() AS id");
      snapshot = await digestsOf(reader);
      // A write after the snapshot: the archive must not have it.
      await createTestMovie({ name: "Written during backup" });
      archive = path.join(work, "site.tar");
      await createBackup({
        databaseUrl: sourceUrl,
        driver: createLocalStorage(sourceUploads),
        file: archive,
        snapshot: rows[0]!.id,
      });
      await reader.query("COMMIT");
    } finally {
      await reader.end();
    }
    manifest = await verifyArchive(archive);

    target = await emptyDatabase();
    targetUploads = path.join(work, "restored-uploads");
    const restored = await run("restore", [archive], { DATABASE_URL: target, STORAGE_LOCAL_DIR: targetUploads });
    expect(restored.output).toContain("Restored the backup of");
    expect(restored.code, restored.output).toBe(0);
    // Its last lines: the secret that signs sign-ins is not in the archive, and what happens without it.
    expect(restored.output.trimEnd().split("\n").slice(-3)).toEqual([
      "Sign-ins: the backup does not hold the secret that signs them.",
      "Start the site with the old site's AUTH_SECRET (if it had none, set AUTH_SECRET to the contents of the auth-secret file in its data folder).",
      "Otherwise everyone is signed out and must sign in again (passwords, passkeys, Google and emailed links still work); apps need a new API token, and direct uploads under way must start over.",
    ]);
  }, 300_000);

  test("every row of the snapshot comes back, table by table, and nothing written after it", async () => {
    expect(snapshot.Movie!.rows).toBeGreaterThan(40);
    expect(await withClient(target, digestsOf)).toEqual(snapshot);
    const found = await withClient(target, (client) =>
      client.query(`SELECT 1 FROM "Movie" WHERE name = 'Written during backup'`),
    );
    expect(found.rowCount).toBe(0);
  });

  test("every file comes back with its checksum, and each is the source's file", () => {
    const restored = localFiles(targetUploads);
    expect(manifest.files.length).toBeGreaterThan(50);
    expect([...restored.keys()].sort()).toEqual(manifest.files.map((file) => file.key).sort());
    for (const file of manifest.files) expect(restored.get(file.key), file.key).toBe(file.sha256);
    const source = localFiles(sourceUploads);
    for (const file of manifest.files)
      if (source.has(file.key)) expect(source.get(file.key), file.key).toBe(file.sha256);
  });

  test("restoring again over it is refused, and changes nothing", async () => {
    const before = await withClient(target, digestsOf);
    const again = await run("restore", [archive], { DATABASE_URL: target, STORAGE_LOCAL_DIR: targetUploads });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(
      /Restore refused: the database has rows \(in [^)]*Movie[^)]*\) and the local storage has files \([^)]+\)\. Restore into an empty data folder \(a new MARQUEE_DATA_DIR\), or an empty DATABASE_URL and an empty bucket or STORAGE_LOCAL_DIR\./,
    );
    expect(await withClient(target, digestsOf)).toEqual(before);
  }, 120_000);
});

describe("npm run backup, restored into S3", () => {
  let s3: TestS3;

  beforeAll(async () => {
    s3 = await startS3("marquee-restore");
  });

  afterAll(async () => {
    await s3?.stop();
  });

  // A site started on a restore is started once, here: the database part of a restore is the same
  // whichever the storage, and starting a site takes half a minute of a busy runner.
  test("the archive's files go into an empty bucket, and a site started on the restore serves the catalogue from there", async () => {
    const archive = path.join(work, "cli.tar");
    const backup = await run("backup", [archive], {});
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup written: .*cli\.tar \([\d.]+ MB; \d+ tables, \d+ rows, \d+ files, as of /);
    const manifest = await verifyArchive(archive);

    const target = await emptyDatabase();
    const s3Env = {
      DATABASE_URL: target,
      ...s3.env,
    };
    // A site that leaves AUTH_SECRET unset: the restore names the generated secret's file to copy.
    const restored = await run("restore", [archive], { ...s3Env, AUTH_SECRET: undefined });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain("and the s3 storage.");
    expect(restored.output.trimEnd().split("\n").slice(-3)).toEqual([
      "Sign-ins: the backup does not hold the secret that signs them.",
      `This site has no AUTH_SECRET, so it uses the secret in ${path.join(work, "data", "auth-secret")}: copy the old site's auth-secret (in its data folder, MARQUEE_DATA_DIR) over it, or set AUTH_SECRET to the old site's, before starting the site.`,
      "Otherwise everyone is signed out and must sign in again (passwords, passkeys, Google and emailed links still work); apps need a new API token, and direct uploads under way must start over.",
    ]);

    const bucket = createS3Storage(s3.config);
    const listed = await Array.fromAsync(bucket.list());
    expect(listed.map((file) => file.key).sort()).toEqual(manifest.files.map((file) => file.key).sort());
    for (const file of manifest.files.slice(0, 20)) {
      const chunks: Buffer[] = [];
      for await (const chunk of await bucket.read(file.key as `${string}/${string}`)) chunks.push(chunk as Buffer);
      expect(sha256(Buffer.concat(chunks)), file.key).toBe(file.sha256);
    }

    const site = await startInstance({ ...s3Env, JOBS_IN_APP: "false" });
    try {
      const detail = await fetch(`${site.baseUrl}/api/movie/${movie._id}`);
      expect(detail.status).toBe(200);
      expect(((await detail.json()) as { name: string }).name).toBe(movie.name);
      // Stored files, served byte for byte as the archive has them.
      for (const file of manifest.files.filter((file) => /^(image|movie)\//.test(file.key)).slice(0, 5)) {
        const served = await fetch(`${site.baseUrl}/api/upload/${file.key}`);
        expect(served.status, file.key).toBe(200);
        expect(sha256(Buffer.from(await served.arrayBuffer())), file.key).toBe(file.sha256);
      }
      // Search (its lexicon tables came back as they were) and the movie's page.
      const search = (await (
        await fetch(`${site.baseUrl}/api/movie?search=${encodeURIComponent(movie.name)}`)
      ).json()) as { movies: { _id: string }[] };
      expect(search.movies.map((found) => found._id)).toContain(movie._id);
      const page = await fetch(`${site.baseUrl}/movie/${movie._id}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(movie.name);
      // The accounts came back with their passwords.
      expect(await signInAt(site.baseUrl, MEMBER)).toMatchObject({ status: 200, body: { email: MEMBER.email } });
      expect((await signInAt(site.baseUrl, ADMIN)).status).toBe(200);
    } finally {
      await site.stop();
    }
  }, 300_000);
});

describe("refusals", () => {
  test("a damaged archive is refused before anything is written", async () => {
    const archive = path.join(work, "damaged.tar");
    await createBackup({ databaseUrl: sourceUrl, driver: createLocalStorage(sourceUploads), file: archive });
    // One byte of the first video, changed in place (its entry's header keeps its size).
    const bytes = fs.readFileSync(archive);
    const at = bytes.indexOf(Buffer.from("files/movie/")) + 512 + 100;
    bytes[at] = bytes[at]! ^ 0xff;
    fs.writeFileSync(archive, bytes);

    const target = await emptyDatabase();
    const uploads = path.join(work, "untouched");
    const result = await run("restore", [archive], { DATABASE_URL: target, STORAGE_LOCAL_DIR: uploads });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(
      /Restore refused: the archive is damaged: files\/movie\/\S+ does not match its checksum\./,
    );
    const tables = await withClient(target, (client) =>
      client.query(`SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'`),
    );
    expect(tables.rowCount).toBe(0);
    expect(fs.existsSync(uploads)).toBe(false);
  }, 120_000);

  test("a file that is not an archive, and a missing one", async () => {
    const junk = path.join(work, "notes.txt");
    fs.writeFileSync(junk, "not a tar file at all, just some words that go on for a while".repeat(20));
    const target = await emptyDatabase();
    const notTar = await run("restore", [junk], { DATABASE_URL: target });
    expect(notTar.code).toBe(1);
    expect(notTar.output).toContain(`Restore refused: ${junk} is not a readable tar archive`);
    const missing = await run("restore", [path.join(work, "nope.tar")], { DATABASE_URL: target });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain(`Restore refused: ${path.join(work, "nope.tar")} does not exist.`);
    const usage = await run("restore", [], { DATABASE_URL: target });
    expect(usage).toMatchObject({ code: 2, output: "Usage: npm run restore -- <archive.tar>\n" });
  }, 120_000);
});

describe("scheduled backups", () => {
  test("each run writes an archive and keeps only the newest BACKUP_KEEP of them", async () => {
    const dir = path.join(work, "scheduled");
    fs.mkdirSync(dir);
    for (const name of [
      "marquee-backup-2020-01-01T03-00-00Z.tar",
      "marquee-backup-2020-01-02T03-00-00Z.tar",
      "notes.txt",
    ])
      fs.writeFileSync(path.join(dir, name), "old");
    const report = await runScheduledBackup({
      dir,
      keep: 2,
      databaseUrl: sourceUrl,
      driver: createLocalStorage(sourceUploads),
    });
    expect(report.removed).toEqual(["marquee-backup-2020-01-01T03-00-00Z.tar"]);
    expect(fs.readdirSync(dir).sort()).toEqual(
      ["marquee-backup-2020-01-02T03-00-00Z.tar", path.basename(report.file), "notes.txt"].sort(),
    );
    expect(path.basename(report.file)).toMatch(/^marquee-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar$/);
    expect((await verifyArchive(report.file)).tables.length).toBe(report.tables);
  }, 120_000);

  test("BACKUP_SCHEDULE registers the job with pg-boss, and a worker runs it into BACKUP_DIR", async () => {
    const dir = path.join(work, "from-the-schedule");
    const worker = await startInstance({
      BACKUP_SCHEDULE: "0 3 * * *",
      BACKUP_DIR: dir,
      BACKUP_KEEP: "3",
      // Only the backup queue matters here: no transcodes taken from the suite's own app.
      FFMPEG_PATH: "/nonexistent/ffmpeg",
    });
    const boss = new PgBoss({ connectionString: sourceUrl, schema: "pgboss" });
    await boss.start();
    try {
      await expect
        .poll(async () => (await boss.getSchedules("backup")).map((schedule) => schedule.cron), { timeout: 60_000 })
        .toEqual(["0 3 * * *"]);
      // What pg-boss's clock does at 03:00, now.
      await boss.send("backup");
      await expect
        .poll(() => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith(".tar")) : []), {
          timeout: 120_000,
          interval: 1000,
        })
        .toHaveLength(1);
      const [name] = fs.readdirSync(dir).filter((file) => file.endsWith(".tar"));
      expect((await verifyArchive(path.join(dir, name!))).tables.length).toBeGreaterThan(10);
    } finally {
      await worker.stop();
      // The suite's own app has no BACKUP_SCHEDULE: nothing else should send backups.
      await boss.unschedule("backup");
      await boss.stop({ graceful: false });
    }
  }, 300_000);
});
