// A restore's first step (docs/deploy.md "Backups"): the archive is read through once and checked
// whole before anything is written. An archive is input like any upload: it may have been damaged,
// cut short or crafted. So every entry must be a plain file at a path a backup writes (nothing
// absolute, nothing that climbs out with `..`, nothing outside database/ and files/), appear once,
// be listed in the manifest with its size and sha256, and every stored file's key must be one
// Marquee makes (lib/storage/keys.ts): the storage drivers are then never handed a name that could
// reach outside their folder or bucket prefix.
import "server-only";
import fs from "node:fs";
import type { ReadEntry } from "tar";
import { isStorageKey } from "@/lib/storage/keys";
import { digestOf, readArchive } from "./archive";
import { fileEntry, MANIFEST_ENTRY, manifestSchema, tableEntry, type Manifest } from "./manifest";

/** A refusal (a damaged archive, a target that is not empty): the message says it all, after "Restore refused: ". */
export class RestoreError extends Error {}

/** The folders a backup writes its entries in (lib/backup/manifest.ts). */
const ENTRY_FOLDERS = ["database/", "files/"];

/** Shown in messages: quoted, with any control character escaped, whatever the archive holds. */
const shown = (name: string) => JSON.stringify(name);

/** Why a backup would never have written an entry at this path, or null when it could have. */
function entryPathProblem(name: string): string | null {
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) return "is an absolute path";
  if (name.split(/[/\\]/).includes("..")) return "climbs out of its folder";
  if (/[\\\u0000-\u001f\u007f]/.test(name) || name.split("/").some((part) => part === "" || part === "."))
    return "is not a plain path";
  if (name !== MANIFEST_ENTRY && !ENTRY_FOLDERS.some((folder) => name.startsWith(folder)))
    return `is outside the archive's folders (${ENTRY_FOLDERS.join(", ")})`;
  return null;
}

/** The manifest's own consistency: names a restore may use, each entry where a backup puts it, once. */
function checkManifest(manifest: Manifest): void {
  const refuse = (problem: string) => {
    throw new RestoreError(`the archive is not a Marquee backup: its manifest ${problem}.`);
  };
  const entries = new Set<string>();
  const listOnce = (entry: string) => {
    if (entries.has(entry)) refuse(`lists ${shown(entry)} twice`);
    entries.add(entry);
  };
  for (const table of manifest.tables) {
    if (table.entry !== tableEntry(table.name)) refuse(`puts the table ${shown(table.name)} at ${shown(table.entry)}`);
    listOnce(table.entry);
  }
  for (const file of manifest.files) {
    if (!isStorageKey(file.key))
      refuse(
        `lists the file ${shown(file.key)}, which is not a name Marquee stores files under ` +
          `(image/, movie/, subtitle/ or hls/ and a name it generated)`,
      );
    if (file.entry !== fileEntry(file.key)) refuse(`puts the file ${shown(file.key)} at ${shown(file.entry)}`);
    listOnce(file.entry);
  }
}

/**
 * Reads the whole archive and checks it as the header says; returns its manifest. Throws a
 * RestoreError for anything a backup would not have written.
 */
export async function verifyArchive(archive: string, signal?: AbortSignal): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new RestoreError(`${archive} does not exist.`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  const refuseEntry = (entry: ReadEntry, problem: string) =>
    new RestoreError(`the archive is not a Marquee backup: its entry ${shown(entry.path)} ${problem}.`);
  try {
    for await (const entry of readArchive(archive)) {
      signal?.throwIfAborted();
      const problem = entryPathProblem(entry.path);
      if (problem) throw refuseEntry(entry, problem);
      if (entry.type !== "File") throw refuseEntry(entry, `is a ${entry.type}, not a file`);
      if (seen.has(entry.path) || (entry.path === MANIFEST_ENTRY && manifestText !== null))
        throw refuseEntry(entry, "appears twice");
      if (entry.path === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString("utf8");
        continue;
      }
      const { size, sha256 } = await digestOf(entry);
      if (size !== entry.size) throw refuseEntry(entry, `holds ${size} bytes where its header says ${entry.size}`);
      seen.set(entry.path, { size, sha256 });
    }
  } catch (error) {
    if (error instanceof RestoreError || signal?.aborted) throw error;
    throw new RestoreError(
      `${archive} is not a readable tar archive (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  if (manifestText === null)
    throw new RestoreError(`${archive} has no ${MANIFEST_ENTRY}: it is not a Marquee backup, or it was cut short.`);
  let manifest: Manifest;
  try {
    // zod builds new objects holding only the schema's keys: a "__proto__" or any other key the
    // archive adds is dropped, never copied onto anything.
    manifest = manifestSchema.parse(JSON.parse(manifestText));
  } catch {
    throw new RestoreError(`${archive}'s ${MANIFEST_ENTRY} is not a Marquee backup manifest (format 1).`);
  }
  checkManifest(manifest);
  const listed = new Set<string>();
  for (const expected of [...manifest.tables, ...manifest.files]) {
    listed.add(expected.entry);
    const found = seen.get(expected.entry);
    if (!found) throw new RestoreError(`the archive is incomplete: ${expected.entry} is missing.`);
    if (found.size !== expected.size || found.sha256 !== expected.sha256)
      throw new RestoreError(`the archive is damaged: ${expected.entry} does not match its checksum.`);
  }
  for (const entry of seen.keys())
    if (!listed.has(entry))
      throw new RestoreError(`the archive is not a Marquee backup: its entry ${shown(entry)} is not in its manifest.`);
  return manifest;
}
