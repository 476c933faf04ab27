import "server-only";
// The pictures, videos and subtitle files an import row names (docs/import.md): an https URL, a
// path inside IMPORT_DIR, or a file already stored on this site. A dry run checks what it can
// without fetching (a stored file exists; a folder file is inside IMPORT_DIR and of the right
// type); the real run brings each one into storage once, and a later run of the same import
// reuses it (table ImportedFile) as long as the file is still stored.
import { db } from "@/lib/database/db";
import {
  IngestError,
  checkImportFile,
  ingestImportFile,
  ingestUrl,
  resolveImportFile,
  type IngestKind,
} from "@/lib/media/ingest";
import type { StoredFile } from "@/lib/media/upload";
import { keyOfUrl, storage, urlOf, type StorageKey } from "@/lib/storage";

type Source =
  { type: "stored"; path: string; key: StorageKey } | { type: "url"; url: URL } | { type: "file"; path: string };

const FOLDERS: Record<IngestKind, string> = { image: "image", video: "movie", subtitle: "subtitle" };
const WHAT: Record<IngestKind, string> = { image: "an image", video: "a video", subtitle: "a subtitle file" };

export class MediaSources {
  /** Each source once per run, however many rows name it. */
  private readonly brought = new Map<string, Promise<string>>();
  private readonly stored = new Map<StorageKey, Promise<boolean>>();

  constructor(
    /** This site's origins: an upload URL on one of them names a file already stored here. */
    private readonly siteOrigins: string[],
    /** Who the brought-in files are recorded under (the importing admin; null from the command line). */
    private readonly ownerId: string | null,
  ) {}

  private classify(value: string, kind: IngestKind): Source {
    let candidate = value;
    if (/^https?:\/\//i.test(value)) {
      const url = URL.parse(value);
      if (!url) throw new IngestError(`${value} is not a valid URL`);
      if (!(this.siteOrigins.includes(url.origin) && url.pathname.startsWith("/api/upload/"))) {
        if (url.protocol !== "https:")
          throw new IngestError(`${value}: only https URLs are downloaded (or a file stored on this site)`);
        return { type: "url", url };
      }
      candidate = url.pathname;
    }
    if (candidate.startsWith("/api/upload/")) {
      const key = keyOfUrl(candidate);
      if (!key || !key.startsWith(`${FOLDERS[kind]}/`))
        throw new IngestError(`${value} is not ${WHAT[kind]} of this site`);
      return { type: "stored", path: candidate, key };
    }
    return { type: "file", path: value };
  }

  private isStored(key: StorageKey): Promise<boolean> {
    let known = this.stored.get(key);
    if (!known) {
      known = storage()
        .stat(key)
        .then((info) => info !== null);
      this.stored.set(key, known);
    }
    return known;
  }

  /** A dry run's check of one source; throws IngestError with the reason it would fail. */
  async check(value: string, kind: IngestKind): Promise<void> {
    const source = this.classify(value, kind);
    if (source.type === "stored" && !(await this.isStored(source.key)))
      throw new IngestError(`${value} is not stored on this site`);
    if (source.type === "file") await checkImportFile(await resolveImportFile(source.path), kind);
  }

  /** Brings the source into storage (or finds it there) and returns the stored file's path. */
  async bring(value: string, kind: IngestKind): Promise<string> {
    const source = this.classify(value, kind);
    if (source.type === "stored") {
      if (!(await this.isStored(source.key))) throw new IngestError(`${value} is not stored on this site`);
      return source.path;
    }
    if (source.type === "url") return this.once(`${kind}:${source.url.href}`, () => ingestUrl(source.url, kind));
    const file = await resolveImportFile(source.path);
    // Size and time stand for the content: a file replaced in the folder is brought in again.
    return this.once(`${kind}:dir:${file.relative}:${file.size}:${Math.round(file.mtimeMs)}`, () =>
      ingestImportFile(file, kind),
    );
  }

  private once(source: string, fetch: () => Promise<StoredFile>): Promise<string> {
    let pending = this.brought.get(source);
    if (!pending) {
      pending = this.reuseOrFetch(source, fetch);
      this.brought.set(source, pending);
      // A failed source may be tried again by a later row.
      pending.catch(() => this.brought.delete(source));
    }
    return pending;
  }

  private async reuseOrFetch(source: string, fetch: () => Promise<StoredFile>): Promise<string> {
    const earlier = await db.importedFile.findUnique({ where: { source }, select: { key: true } });
    if (earlier && (await storage().stat(earlier.key as StorageKey))) return urlOf(earlier.key as StorageKey);
    const file = await fetch();
    await db.$transaction([
      db.importedFile.upsert({ where: { source }, create: { source, key: file.key }, update: { key: file.key } }),
      // In the uploads ledger, so a file whose row failed afterwards is removed as unused a day later.
      db.upload.create({ data: { key: file.key, ownerId: this.ownerId, size: file.size } }),
    ]);
    return urlOf(file.key);
  }
}
