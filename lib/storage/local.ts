// The default driver: files on local disk under STORAGE_LOCAL_DIR (default <data dir>/uploads).
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { contentTypeOf } from "./keys";
import type { ByteRange, StorageDriver, StorageKey, StoredFileInfo } from "./types";

export function createLocalStorage(root: string): StorageDriver {
  const base = path.resolve(root);

  /** The file's path, refusing anything that would leave the storage folder. */
  function fileOf(key: StorageKey): string {
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error(`Storage key escapes the storage folder: ${key}`);
    return full;
  }

  return {
    name: "local",

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
        if (!stats.isFile()) return null;
        // Stored names are never reused, so size and mtime identify the content.
        const etag = `"${createHash("sha1").update(`${key}:${stats.size}:${stats.mtimeMs}`).digest("hex").slice(0, 27)}"`;
        return { size: stats.size, lastModified: stats.mtime, etag, contentType: contentTypeOf(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    // eslint-disable-next-line @typescript-eslint/require-await -- async so that fileOf's refusal rejects, as the interface says
    async read(key, range?: ByteRange) {
      return fs.createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
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
