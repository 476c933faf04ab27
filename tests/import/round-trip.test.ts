// Export, then import into an empty site, gives the same catalogue (issue 26): every field, category,
// cast member, subtitle and draft, and every file byte for byte. The empty site is a new database and
// a new storage folder filled by `npm run import`, downloading the files over https from this site.
import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrate, projectRoot, runCommand } from "@/scripts/lib/database";
import { api, baseUrl } from "../support/http";
import { createTestCategory } from "../support/catalogue";
import { TEST_TLS } from "../support/imports";
import { imageOf, videoOf } from "../support/media";
import { adminToken } from "../support/users";

type Row = Record<string, unknown> & { id: string; casts?: { name: string; image: string }[] };

async function upload(bytes: Buffer, fileName: string, endpoint = "/api/upload"): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)]), fileName);
  const response = await fetch(`${baseUrl}${endpoint}`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as string;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-round-trip-"));
const server = new URL(process.env.DATABASE_URL!);
const databases: string[] = [];

/** An empty site: a new database with the migrations applied, and an empty storage folder. */
async function emptySite(label: string): Promise<{ env: Record<string, string>; uploads: string }> {
  const name = `marquee_round_trip_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(server);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  const uploads = path.join(work, label, "uploads");
  fs.mkdirSync(uploads, { recursive: true });
  return {
    uploads,
    env: {
      DATABASE_URL: url.toString(),
      STORAGE_LOCAL_DIR: uploads,
      MARQUEE_DATA_DIR: path.join(work, label, "data"),
      IMPORT_DIR: path.join(work, label, "import"),
    },
  };
}

const script = (name: string, args: string[], env: Record<string, string>) =>
  runCommand(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", `scripts/${name}.ts`, ...args],
    env,
    "ignore",
  );

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A row's media replaced by their files' checksums, read through `read`. */
async function withChecksums(row: Row, read: (url: string) => Promise<Buffer>): Promise<Row> {
  const checksum = async (url: string) => `sha256:${sha256(await read(url))}`;
  const media = (url: unknown) => (typeof url === "string" ? checksum(url) : Promise.resolve(url));
  return {
    ...row,
    image: await media(row.image),
    titleImage: await media(row.titleImage),
    video: await media(row.video),
    casts:
      row.casts && (await Promise.all(row.casts.map(async (cast) => ({ ...cast, image: await checksum(cast.image) })))),
    subtitles:
      row.subtitles &&
      (await Promise.all(
        (row.subtitles as { url: string }[]).map(async (subtitle) => ({ ...subtitle, url: await media(subtitle.url) })),
      )),
  };
}

let proxy: https.Server;
let proxyOrigin: string;
let category: { _id: string; name: string };

beforeAll(async () => {
  // This site over https, as another site would download from it.
  proxy = https.createServer(TEST_TLS, (request, response) => {
    void fetch(`${baseUrl}${request.url}`).then(async (upstream) => {
      response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyOrigin = `https://localhost:${(proxy.address() as AddressInfo).port}`;

  category = await createTestCategory(`Round Trip ${randomUUID().slice(0, 8)}`);
  const [poster, still, face] = await Promise.all([
    imageOf("jpeg").then((bytes) => upload(bytes, "poster.jpg")),
    imageOf("webp").then((bytes) => upload(bytes, "still.webp")),
    imageOf("png").then((bytes) => upload(bytes, "face.png")),
  ]);
  const video = await upload(videoOf("mkv"), "clip.mkv");
  const subtitle = await upload(
    Buffer.from("1\n00:00:00,000 --> 00:00:01,000\nHello\n"),
    "hello.srt",
    "/api/upload/subtitle",
  );
  const movie = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    desc: `The story of ${name}, with "quotes", commas, and\na second line.`,
    titleImage: still,
    image: poster,
    language: "French",
    year: 1998,
    hour: 3,
    video,
    category: category._id,
    casts: [
      { name: "Zoë Kravitz", image: face },
      { name: "=Formula Lookalike", image: face },
    ],
    ...extra,
  });
  for (const body of [
    movie("Round Trip One", { subtitles: [{ language: "en", label: "English", url: subtitle }] }),
    movie("-1 Degree"),
    movie("Round Trip Draft"),
  ]) {
    const created = await api("POST", "/api/movie", { token: await adminToken(), body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (body.name === "Round Trip Draft")
      expect(
        (await api("PUT", `/api/movie/${created.body._id}`, { token: await adminToken(), body: { draft: true } }))
          .status,
      ).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  proxy?.close();
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("export, then import into an empty site", () => {
  test.each(["json", "csv"] as const)(
    "%s: the same catalogue, every file byte for byte",
    async (format) => {
      const exported = await fetch(`${baseUrl}/api/admin/export?format=${format}&category=${category._id}`, {
        headers: { authorization: `Bearer ${await adminToken()}` },
      });
      expect(exported.status).toBe(200);
      expect(exported.headers.get("content-disposition")).toMatch(
        new RegExp(`^attachment; filename="marquee-catalogue-\\d{4}-\\d{2}-\\d{2}\\.${format}"$`),
      );
      const text = await exported.text();
      // The reference: this site's export, as JSON.
      const reference = (await (
        await fetch(`${baseUrl}/api/admin/export?format=json&category=${category._id}`, {
          headers: { authorization: `Bearer ${await adminToken()}` },
        })
      ).json()) as Row[];
      expect(reference.map((row) => row.name)).toEqual(["Round Trip One", "-1 Degree", "Round Trip Draft"]);
      expect(reference[2]).toMatchObject({ draft: true });

      // Another site would download from this one's public address (over https).
      const file = path.join(work, `catalogue.${format}`);
      fs.writeFileSync(file, text.replaceAll(baseUrl, proxyOrigin));
      const site = await emptySite(format);
      await script("import", [file], site.env);

      const again = path.join(work, `again-${format}.json`);
      await script("export", [again], site.env);
      const imported = JSON.parse(fs.readFileSync(again, "utf8")) as Row[];
      const fromHere = (url: string) => fetch(url).then(async (response) => Buffer.from(await response.arrayBuffer()));
      const fromThere = (url: string) => fs.promises.readFile(path.join(site.uploads, url.replace("/api/upload/", "")));
      const expected = await Promise.all(reference.map((row) => withChecksums(row, fromHere)));
      const actual = await Promise.all(imported.map((row) => withChecksums(row, fromThere)));
      expect(actual).toEqual(expected);
      // Every file is a file of the new site, not a link to this one.
      expect(JSON.stringify(imported)).not.toContain(proxyOrigin);
    },
    240_000,
  );
});

// The command line's own report.
test("npm run import -- --dry-run prints each failing row (row, field, message) and exits 1", async () => {
  const site = await emptySite("cli");
  const file = path.join(work, "bad.json");
  fs.writeFileSync(
    file,
    JSON.stringify([
      { id: "x", name: "Only A Name", year: 2001, draft: true },
      { id: "y", name: "No Year" },
    ]),
  );
  const run = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/import.ts", file, "--dry-run"],
    { cwd: projectRoot, env: { ...process.env, ...site.env }, encoding: "utf8" },
  );
  expect(run.status, run.stderr).toBe(1);
  expect(run.stdout).toContain("Would create 1, would update 0, skipped 0, failed 1");
  expect(run.stdout).toContain("row 2 y failed - desc: Decs is required; year: Year is required;");
}, 120_000);
