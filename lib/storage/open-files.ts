// Open descriptors of stored files, kept for the next request: nginx's `open_file_cache` for the
// local driver. Serving a file then costs no open (a trip to the thread pool per request, the larger
// part of a range request's time to first byte) but one fstat of a descriptor already open, which
// never waits on the disk. Reads share a descriptor safely: they give their position (pread).
//
// The fstat also keeps the cache honest: a file deleted or replaced since it was opened has no links
// left (st_nlink 0), so it is dropped and opened afresh, which finds the new file or none. So a
// deletion shows on the next request, in every process serving the same disk.
// Reference counts, not a plain LRU library: a descriptor may close only once no read is using it.
import fs from "node:fs";

type Entry = {
  path: string;
  fd: number;
  /** Reads in progress (and answers being prepared) holding the descriptor. */
  users: number;
  /** performance.now() of the last use (not Date.now(), which Next.js wraps in checks). */
  lastUsed: number;
  /** Out of the cache: close as soon as the last user lets go. */
  dropped: boolean;
};

/** One use of an open file: its current stats, and `release()` when done with the descriptor. */
export type OpenFileLease = { fd: number; stats: fs.Stats; release(): void };

export type OpenFileCacheOptions = {
  /** Descriptors kept open at most (the least recently used idle ones close first). */
  max?: number;
  /** An idle descriptor closes after this long unused. */
  idleMs?: number;
};

export function createOpenFileCache({ max = 200, idleMs = 30_000 }: OpenFileCacheOptions = {}) {
  // A Map keeps insertion order: re-inserting on use makes the first entries the least recent.
  const entries = new Map<string, Entry>();

  const close = (entry: Entry) => fs.close(entry.fd, () => {});
  function drop(entry: Entry) {
    if (entries.get(entry.path) === entry) entries.delete(entry.path);
    entry.dropped = true;
    if (entry.users === 0) close(entry);
  }

  function lease(entry: Entry, stats: fs.Stats): OpenFileLease {
    entry.users++;
    entry.lastUsed = performance.now();
    entries.delete(entry.path);
    if (!entry.dropped) entries.set(entry.path, entry);
    let released = false;
    return {
      fd: entry.fd,
      stats,
      release() {
        if (released) return;
        released = true;
        entry.users--;
        if (entry.dropped && entry.users === 0) close(entry);
      },
    };
  }

  /** Over `max`: close the least recently used descriptors nobody is reading. */
  function trim() {
    for (const entry of entries.values()) {
      if (entries.size <= max) break;
      if (entry.users === 0) drop(entry);
    }
  }

  const sweeper = setInterval(
    () => {
      const before = performance.now() - idleMs;
      for (const entry of entries.values()) if (entry.users === 0 && entry.lastUsed < before) drop(entry);
    },
    Math.max(1000, idleMs / 2),
  );
  sweeper.unref();

  /** The first request for a file since it was last cached: opens it. */
  async function open(path: string): Promise<OpenFileLease | null> {
    // fs.open, not fs.promises.open: a FileHandle closes itself when collected, and here the
    // cache decides when a descriptor closes.
    const fd = await new Promise<number | null>((resolve, reject) =>
      fs.open(path, "r", (error, fd) =>
        error?.code === "ENOENT" ? resolve(null) : error ? reject(error) : resolve(fd),
      ),
    );
    if (fd === null) return null;
    const entry: Entry = { path, fd, users: 0, lastUsed: performance.now(), dropped: false };
    let stats: fs.Stats;
    try {
      stats = fs.fstatSync(fd);
    } catch (error) {
      close(entry);
      throw error;
    }
    if (!stats.isFile()) {
      close(entry);
      return null;
    }
    // Another request may have opened the same file meanwhile: both stay usable, the newer is cached.
    const other = entries.get(path);
    if (other) drop(other);
    const leased = lease(entry, stats);
    trim();
    return leased;
  }

  return {
    /**
     * The open file at `path` with its stats, or null when there is no regular file there. The
     * caller must `release()` the lease exactly when it no longer reads the descriptor.
     */
    async acquire(path: string): Promise<OpenFileLease | null> {
      const cached = entries.get(path);
      if (cached) {
        const stats = fs.fstatSync(cached.fd);
        if (stats.nlink > 0) return lease(cached, stats);
        drop(cached); // deleted or replaced since it was opened
      }
      return await open(path);
    },

    /** Descriptors open now (for tests and the health of the process). */
    get size() {
      return entries.size;
    },

    /** Closes every idle descriptor and stops the sweeper (tests, shutdown). */
    clear() {
      clearInterval(sweeper);
      for (const entry of [...entries.values()]) drop(entry);
    },
  };
}
