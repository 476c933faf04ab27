// The default driver: files on local disk under STORAGE_LOCAL_DIR (default <data dir>/uploads).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream";
import { pipeline } from "node:stream/promises";
import { contentTypeOf } from "./keys";
import { createOpenFileCache } from "./open-files";
import type { ByteRange, OpenedFile, StorageDriver, StorageKey, StoredFileInfo } from "./types";

/**
 * nginx's validator: `"<mtime in seconds, hex>-<size, hex>"`, so the Node paths and nginx (the
 * X-Accel-Redirect mode, docs/media.md) give one file the same ETag. Stored names are never reused,
 * so size and mtime identify the content.
 */
function fileInfo(key: StorageKey, stats: fs.Stats): StoredFileInfo {
  const etag = `"${Math.floor(stats.mtimeMs / 1000).toString(16)}-${stats.size.toString(16)}"`;
  return { size: stats.size, lastModified: stats.mtime, etag, contentType: contentTypeOf(key) };
}

/** The fs functions a ReadStream of a shared descriptor uses: its close leaves the descriptor open. */
const leaveOpen = {
  open: fs.open,
  read: fs.read,
  close: (_fd: number, done: (error: NodeJS.ErrnoException | null) => void) => done(null),
};

export function createLocalStorage(root: string): StorageDriver {
  const base = path.resolve(root);
  const openFiles = createOpenFileCache();

  /** The file's path, refusing anything that would leave the storage folder. */
  function fileOf(key: StorageKey): string {
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error(`Storage key escapes the storage folder: ${key}`);
    return full;
  }

  return {
    name: "local",

    localPathOf: fileOf,

    async check() {
      await fs.promises.mkdir(base, { recursive: true });
      await fs.promises.access(base, fs.constants.R_OK | fs.constants.W_OK);
    },

    async put(key, body) {
      const target = fileOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Write beside the target and rename at the end, so readers never see half a file
      // and an interrupted upload leaves nothing under the real name.
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          fs.createWriteStream(partial, { flags: "wx" }),
        );
        await fs.promises.rename(partial, target);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
      const { size } = await fs.promises.stat(target);
      return { size };
    },

    async stat(key): Promise<StoredFileInfo | null> {
      try {
        const stats = await fs.promises.stat(fileOf(key));
        return stats.isFile() ? fileInfo(key, stats) : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    // Serving's hot path (lib/media/file-answer.ts): a descriptor kept open from an earlier request
    // (lib/storage/open-files.ts), else opened now; the bytes come from the very file the headers
    // describe, even if it is deleted meanwhile.
    async open(key): Promise<OpenedFile | null> {
      const lease = await openFiles.acquire(fileOf(key));
      if (!lease) return null;
      return {
        ...fileInfo(key, lease.stats),
        descriptor: lease.fd,
        // eslint-disable-next-line @typescript-eslint/require-await -- the interface's promise; nothing here waits
        async stream(range) {
          // A shared descriptor: the stream must not close it, even when destroyed (ReadStream's
          // destroy closes its fd whatever autoClose says), and lets go of it however it ends.
          const stream = fs.createReadStream("", {
            fd: lease.fd,
            fs: leaveOpen,
            autoClose: false,
            ...(range ? { start: range.start, end: range.end } : { start: 0 }),
          });
          finished(stream, () => lease.release());
          // Start the first read now: it runs in the thread pool while the caller writes the head.
          stream.read(0);
          return stream;
        },
        close: () => lease.release(),
      };
    },

    // eslint-disable-next-line @typescript-eslint/require-await -- async so that fileOf's refusal rejects, as the interface says
    async read(key, range?: ByteRange) {
      return fs.createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },

    async *list() {
      const entries = await fs.promises.readdir(base, { recursive: true, withFileTypes: true }).catch((error) => {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(".partial")) continue;
        const file = path.join(entry.parentPath, entry.name);
        // Deleted since the folder was read: not stored any more.
        const stats = await fs.promises.stat(file).catch(() => null);
        if (!stats) continue;
        yield { key: path.relative(base, file).split(path.sep).join("/") as StorageKey, size: stats.size };
      }
    },

    async removeStalePartials(olderThanMs) {
      // An upload in progress keeps writing its .partial file, so its mtime stays recent.
      const before = Date.now() - olderThanMs;
      let removed = 0;
      const entries = await fs.promises.readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith(".partial")) continue;
        const file = path.join(entry.parentPath, entry.name);
        const stats = await fs.promises.stat(file).catch(() => null);
        if (stats && stats.mtimeMs < before) {
          await fs.promises.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
