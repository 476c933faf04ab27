// A restore checks the whole archive before it writes anything (lib/backup/verify.ts, docs/deploy.md
// "Backups"): an archive is input like an upload, so entries at paths a backup never writes, entries
// the manifest does not list (or lists twice), links, and stored-file keys Marquee never makes are
// refused with the reason; a "__proto__" in the manifest reaches nothing.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Header } from "tar";
import { afterAll, describe, expect, test } from "vitest";
import { ArchiveWriter } from "@/lib/backup/archive";
import { FORMAT, FORMAT_VERSION, MANIFEST_ENTRY } from "@/lib/backup/manifest";
import { RestoreError, verifyArchive } from "@/lib/backup/restore";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-archive-test-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const picture = () => `image/${randomUUID()}.jpg`;
const bytes = (text: string) => Buffer.from(text);

type Entry =
  /** A file entry: its path and bytes. */
  | { path: string; body: Buffer }
  /** A link entry, as tar can hold and a backup never writes. */
  | { path: string; link: string };
type Listed = { key: string; entry: string; size: number; sha256?: string };

/** Writes the entries, then a manifest listing `files` (sizes and checksums taken from the entries). */
async function archiveOf(entries: Entry[], files: Listed[], extra: Record<string, unknown> = {}): Promise<string> {
  const file = path.join(work, `${randomUUID()}.tar`);
  const writer = await ArchiveWriter.create(file);
  const sums = new Map<string, string>();
  for (const entry of entries) {
    if ("body" in entry) sums.set(entry.path, await writer.add(entry.path, entry.body.length, entry.body));
    else {
      const header = new Header({ path: entry.path, linkpath: entry.link, type: "SymbolicLink", mode: 0o777, size: 0 });
      header.encode();
      await (writer as unknown as { write(chunk: Buffer): Promise<void> }).write(header.block!);
    }
  }
  const manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: "2026-11-27T00:00:00.000Z",
    marqueeVersion: "0.1.0",
    postgresVersion: "18.1",
    storageDriver: "local",
    migrations: [],
    sequences: [],
    tables: [],
    files: files.map((listed) => ({ sha256: sums.get(listed.entry) ?? "0".repeat(64), ...listed })),
    ...extra,
  };
  const json = bytes(JSON.stringify(manifest));
  await writer.add(MANIFEST_ENTRY, json.length, json);
  await writer.finish();
  return file;
}

/** One stored file, as a backup writes it: its entry and its manifest line. */
function storedFile(key: string, body = bytes(`the bytes of ${key}`)) {
  return { entry: { path: `files/${key}`, body }, listed: { key, entry: `files/${key}`, size: body.length } };
}

async function refusal(archive: string): Promise<string> {
  const error = await verifyArchive(archive).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RestoreError);
  return (error as RestoreError).message;
}

describe("verifyArchive", () => {
  test("an archive as a backup writes it is whole", async () => {
    const a = storedFile(picture());
    const b = storedFile(`hls/${randomUUID()}/${randomUUID()}/master.m3u8`);
    const manifest = await verifyArchive(await archiveOf([a.entry, b.entry], [a.listed, b.listed]));
    expect(manifest.files.map((file) => file.key)).toEqual([a.listed.key, b.listed.key]);
  });

  test("an entry that climbs out of its folder", async () => {
    const body = bytes("not a picture");
    const archive = await archiveOf(
      [{ path: "files/../escaped.jpg", body }],
      [{ key: "../escaped.jpg", entry: "files/../escaped.jpg", size: body.length }],
    );
    expect(await refusal(archive)).toBe(
      'the archive is not a Marquee backup: its entry "files/../escaped.jpg" climbs out of its folder.',
    );
  });

  test("an absolute path", async () => {
    const archive = await archiveOf([{ path: "/etc/cron.d/marquee", body: bytes("* * * * * root true") }], []);
    expect(await refusal(archive)).toBe(
      'the archive is not a Marquee backup: its entry "/etc/cron.d/marquee" is an absolute path.',
    );
  });

  test("an entry outside the archive's folders", async () => {
    const archive = await archiveOf([{ path: "scripts/run.sh", body: bytes("#!/bin/sh") }], []);
    expect(await refusal(archive)).toBe(
      `the archive is not a Marquee backup: its entry "scripts/run.sh" is outside the archive's folders (database/, files/).`,
    );
  });

  test("a path with a control character is refused and shown escaped", async () => {
    const archive = await archiveOf([{ path: "files/image/\u001b[2Jx.jpg", body: bytes("x") }], []);
    expect(await refusal(archive)).toBe(
      'the archive is not a Marquee backup: its entry "files/image/\\u001b[2Jx.jpg" is not a plain path.',
    );
  });

  test("a stored file whose key is not one Marquee makes", async () => {
    for (const key of ["config/settings.jpg", "image/../../auth-secret", "image/.hidden.jpg", "movie/a.sh"]) {
      const file = storedFile(key);
      const archive = await archiveOf([file.entry], [file.listed]);
      expect(await refusal(archive), key).toMatch(/^the archive is not a Marquee backup: its (entry|manifest) /);
    }
    const file = storedFile("config/settings.jpg");
    expect(await refusal(await archiveOf([file.entry], [file.listed]))).toBe(
      'the archive is not a Marquee backup: its manifest lists the file "config/settings.jpg", which is not a name ' +
        "Marquee stores files under (image/, movie/, subtitle/ or hls/ and a name it generated).",
    );
  });

  test("the same entry twice", async () => {
    const file = storedFile(picture());
    const archive = await archiveOf([file.entry, { path: file.entry.path, body: bytes("other bytes") }], [file.listed]);
    expect(await refusal(archive)).toBe(
      `the archive is not a Marquee backup: its entry "${file.entry.path}" appears twice.`,
    );
  });

  test("a file listed twice in the manifest", async () => {
    const file = storedFile(picture());
    const archive = await archiveOf([file.entry], [file.listed, file.listed]);
    expect(await refusal(archive)).toBe(
      `the archive is not a Marquee backup: its manifest lists "${file.entry.path}" twice.`,
    );
  });

  test("an entry the manifest does not list", async () => {
    const listed = storedFile(picture());
    const stowaway = storedFile(picture());
    const archive = await archiveOf([listed.entry, stowaway.entry], [listed.listed]);
    expect(await refusal(archive)).toBe(
      `the archive is not a Marquee backup: its entry "${stowaway.entry.path}" is not in its manifest.`,
    );
  });

  test("a file put at another entry than its key's", async () => {
    const file = storedFile(picture());
    const other = picture();
    const archive = await archiveOf([file.entry], [{ ...file.listed, key: other }]);
    expect(await refusal(archive)).toBe(
      `the archive is not a Marquee backup: its manifest puts the file "${other}" at "${file.entry.path}".`,
    );
  });

  test("a size that disagrees with the manifest's", async () => {
    const file = storedFile(picture());
    const archive = await archiveOf([file.entry], [{ ...file.listed, size: file.listed.size + 1 }]);
    expect(await refusal(archive)).toBe(`the archive is damaged: ${file.entry.path} does not match its checksum.`);
  });

  test("a link", async () => {
    const key = picture();
    const archive = await archiveOf([{ path: `files/${key}`, link: "/etc/shadow" }], []);
    expect(await refusal(archive)).toBe(
      `the archive is not a Marquee backup: its entry "files/${key}" is a SymbolicLink, not a file.`,
    );
  });

  test('a "__proto__" in the manifest is dropped, and pollutes nothing', async () => {
    const file = storedFile(picture());
    const archive = await archiveOf(
      [file.entry],
      [{ ...file.listed, ...JSON.parse('{"__proto__": {"polluted": 1}}') }],
      {
        ...(JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}') as object),
      },
    );
    // The manifest is written with JSON.stringify, which keeps an own "__proto__" key as it is.
    expect(fs.readFileSync(archive, "latin1")).toContain('"__proto__":{"polluted":1}');
    const manifest = await verifyArchive(archive);
    expect(Object.getPrototypeOf(manifest)).toBe(Object.prototype);
    expect(Object.keys(manifest)).not.toContain("__proto__");
    expect(Object.keys(manifest.files[0]!)).toEqual(["key", "entry", "size", "sha256"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((manifest as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });
});
