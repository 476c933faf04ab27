// Files a catalogue import brings in (lib/import-export, docs/import.md): downloaded from an https URL or
// read from the server's IMPORT_DIR folder, and stored exactly as an upload is (lib/media/upload.ts):
// the type decided by the leading bytes, the kind's size limit, a new random name. Nothing outside
// IMPORT_DIR is read, whatever the path says or a link inside the folder points to, and downloads
// reach only public addresses unless IMPORT_FETCH_PRIVATE allows the local network.
import "server-only";
import dns from "node:dns";
import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import https from "node:https";
import net from "node:net";
import path from "node:path";
import type { Readable } from "node:stream";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { newStorageKey, storage, type StorageDriver } from "@/lib/storage";
import {
  SNIFF_BYTES,
  UNSUPPORTED_TYPE_MESSAGE,
  detectAcceptedType,
  maxBytesOf,
  tooLarge,
  type MediaKind,
} from "./file-types";
import { MAX_SUBTITLE_BYTES, toWebVtt } from "./subtitles";
import { UploadInspector, storeInspected, type StoredFile } from "./upload";
import { unlimited } from "./upload-ledger";

/** A media source that cannot be brought in; the message says why, for the import's row report. */
export class IngestError extends Error {}

export const IMPORT_DIR_UNSET = "IMPORT_DIR is not set on this server, so files cannot be read from a folder";

/** A file of IMPORT_DIR, resolved and checked: its real path, and what identifies its content. */
export type ImportDirFile = { path: string; relative: string; size: number; mtimeMs: number };

/** The configured folder and its real path (links resolved); null without IMPORT_DIR. */
async function importRoots(): Promise<{ configured: string; real: string } | null> {
  if (!env.IMPORT_DIR) return null;
  const configured = path.resolve(env.IMPORT_DIR);
  try {
    return { configured, real: await fs.promises.realpath(configured) };
  } catch {
    throw new IngestError(`IMPORT_DIR (${env.IMPORT_DIR}) does not exist on this server`);
  }
}

const isInside = (root: string, candidate: string) =>
  candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/**
 * A path from an import file, as a regular file inside IMPORT_DIR. Relative paths are taken from
 * IMPORT_DIR; `..` that climbs out, an absolute path elsewhere, and a link (anywhere along the way)
 * that leads out are all refused: the check is made on the real path, after links are resolved.
 */
export async function resolveImportFile(given: string): Promise<ImportDirFile> {
  const roots = await importRoots();
  if (!roots) throw new IngestError(IMPORT_DIR_UNSET);
  const candidate = path.resolve(roots.configured, given);
  if (!isInside(roots.configured, candidate) && !isInside(roots.real, candidate))
    throw new IngestError(`${given} is outside IMPORT_DIR`);
  let real: string;
  try {
    real = await fs.promises.realpath(candidate);
  } catch {
    throw new IngestError(`${given} was not found in IMPORT_DIR`);
  }
  if (!isInside(roots.real, real)) throw new IngestError(`${given} leads outside IMPORT_DIR (through a link)`);
  const stats = await fs.promises.stat(real);
  if (!stats.isFile()) throw new IngestError(`${given} is not a file`);
  return { path: real, relative: path.relative(roots.real, real), size: stats.size, mtimeMs: stats.mtimeMs };
}

/** Opens a resolved file; O_NOFOLLOW refuses it if it was swapped for a link since it was checked. */
async function openImportFile(file: ImportDirFile): Promise<Readable> {
  const handle = await fs.promises.open(file.path, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  return handle.createReadStream();
}

// Addresses an import never downloads from unless IMPORT_FETCH_PRIVATE is set: this machine, private
// networks, link-local (cloud metadata services live there), carrier-grade NAT, multicast, reserved.
// Node's BlockList also matches IPv4-mapped IPv6 addresses against the IPv4 rules.
const privateAddresses = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  privateAddresses.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  privateAddresses.addSubnet(address, prefix, "ipv6");

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  return family === 0 || privateAddresses.check(address, family === 4 ? "ipv4" : "ipv6");
}

const privateHost = (hostname: string) =>
  new IngestError(`${hostname} is on a private network or this machine (set IMPORT_FETCH_PRIVATE=true to allow it)`);

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * The DNS lookup the download's socket connects with: every address the name resolves to is checked,
 * so a name cannot point at the local network (and resolving again for the connection cannot swap
 * in another address: the socket uses what this returns).
 */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses;
    if (!env.IMPORT_FETCH_PRIVATE && list.some((entry) => isPrivateAddress(entry.address)))
      return callback(Object.assign(privateHost(hostname), { code: "EPRIVATE" }), []);
    if (options.all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}

const MAX_REDIRECTS = 5;
/** A download that sends nothing for this long is given up. */
const IDLE_TIMEOUT_MS = 60_000;

/** GET an https URL, following up to five redirects (to https only); resolves with a 2xx answer. */
function getHttps(url: URL, redirectsLeft = MAX_REDIRECTS): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (url.protocol !== "https:")
      return reject(new IngestError(`Only https URLs are downloaded (${url.protocol} given)`));
    // An address in the URL is connected to without a lookup, so it is checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(literal) && !env.IMPORT_FETCH_PRIVATE && isPrivateAddress(literal))
      return reject(privateHost(literal));
    const request = https.get(url, {
      lookup: guardedLookup,
      timeout: IDLE_TIMEOUT_MS,
      headers: { "user-agent": "Marquee catalogue import", accept: "*/*" },
    });
    request.on("timeout", () => request.destroy(new IngestError(`${url.host} stopped answering`)));
    request.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error instanceof IngestError ? error : new IngestError(`Could not download ${url.href}: ${error.message}`),
      ),
    );
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        if (redirectsLeft === 0) return reject(new IngestError(`Too many redirects from ${url.href}`));
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return reject(new IngestError(`${url.href} redirects to an invalid address`));
        }
        getHttps(next, redirectsLeft - 1).then(resolve, reject);
        return;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        return reject(new IngestError(`${url.href} answered ${status}`));
      }
      response.setTimeout(IDLE_TIMEOUT_MS, () => response.destroy(new IngestError(`${url.host} stopped sending`)));
      resolve(response);
    });
  });
}

const wrongKind = (expected: MediaKind) =>
  new DomainError(
    "unsupported-type",
    expected === "image"
      ? "The file is not an image (JPEG, PNG or WebP)."
      : "The file is not a video (MP4, AVI, MKV, MOV, WMV or FLV).",
  );

/** Streams `source` into storage through the upload checks, expecting `expected`; nothing stays on failure. */
async function storeChecked(source: Readable, expected: MediaKind, driver: StorageDriver): Promise<StoredFile> {
  // An admin's import: no member quota applies, as for an admin's own uploads.
  const inspector = new UploadInspector((type) => {
    if (type.kind !== expected) throw wrongKind(expected);
  }, unlimited());
  try {
    return await storeInspected(source, inspector, driver);
  } catch (error) {
    source.destroy();
    throw error instanceof DomainError ? new IngestError(error.message) : error;
  } finally {
    source.unpipe(inspector);
  }
}

/** Reads at most MAX_SUBTITLE_BYTES of UTF-8 text, converts it to WebVTT and stores it. */
async function storeSubtitle(source: Readable, driver: StorageDriver): Promise<StoredFile> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_SUBTITLE_BYTES) {
      source.destroy();
      throw new IngestError("The subtitle file is too large (at most 2 MB).");
    }
    chunks.push(chunk);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new IngestError("The subtitle file must be UTF-8 text (SRT or WebVTT).");
  }
  const vtt = await toWebVtt(text).catch((error: Error) => {
    throw new IngestError(error.message);
  });
  const key = newStorageKey("subtitle", "vtt");
  const body = Buffer.from(vtt, "utf8");
  await driver.put(key, body, { contentType: "text/vtt; charset=utf-8" });
  return { key, size: body.length };
}

export type IngestKind = MediaKind | "subtitle";

const store = (source: Readable, kind: IngestKind, driver: StorageDriver) =>
  kind === "subtitle" ? storeSubtitle(source, driver) : storeChecked(source, kind, driver);

/** Downloads an https URL into storage as an upload of `kind`. */
export async function ingestUrl(url: URL, kind: IngestKind, driver: StorageDriver = storage()): Promise<StoredFile> {
  return store(await getHttps(url), kind, driver);
}

/** Copies a checked file of IMPORT_DIR into storage as an upload of `kind`. */
export async function ingestImportFile(
  file: ImportDirFile,
  kind: IngestKind,
  driver: StorageDriver = storage(),
): Promise<StoredFile> {
  return store(await openImportFile(file), kind, driver);
}

/** The upload checks on a file of IMPORT_DIR (its size, its leading bytes), without storing it: a dry run's. */
export async function checkImportFile(file: ImportDirFile, kind: IngestKind): Promise<void> {
  if (kind === "subtitle") {
    if (file.size > MAX_SUBTITLE_BYTES) throw new IngestError("The subtitle file is too large (at most 2 MB).");
    return;
  }
  if (file.size > maxBytesOf(kind)) throw new IngestError(tooLarge(kind, maxBytesOf(kind)).message);
  const handle = await fs.promises.open(file.path, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  try {
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, file.size));
    await handle.read(head, 0, head.length, 0);
    const type = await detectAcceptedType(head);
    if (!type) throw new IngestError(UNSUPPORTED_TYPE_MESSAGE);
    if (type.kind !== kind) throw new IngestError(wrongKind(kind).message);
  } finally {
    await handle.close();
  }
}
