// The container of a backup: a plain tar file, so any tar tool can list or unpack it. Written as a
// stream, entry by entry (tar's own Header and Pax encode the headers), and read back as a stream of
// entries: a backup never holds a stored file in memory or copies it to disk first.
import { createHash } from "node:crypto";
import { on, once } from "node:events";
import fs from "node:fs";
import { finished } from "node:stream/promises";
import { Header, Parser, Pax, type ReadEntry } from "tar";

const BLOCK = 512;

/** Writes a tar archive to a new file (never over an existing one). */
export class ArchiveWriter {
  private failure: Error | null = null;

  private constructor(private readonly out: fs.WriteStream) {
    out.on("error", (error) => (this.failure ??= error));
  }

  static async create(file: string): Promise<ArchiveWriter> {
    const out = fs.createWriteStream(file, { flags: "wx" });
    await once(out, "open");
    return new ArchiveWriter(out);
  }

  /**
   * Adds a file of exactly `size` bytes from `body` and returns their sha256. A body of any other
   * length fails the archive (its header already promised `size`).
   */
  async add(name: string, size: number, body: Buffer | AsyncIterable<Buffer>): Promise<string> {
    const header = new Header({ path: name, mode: 0o644, size, mtime: new Date(), type: "File" });
    // A path past ustar's limits (or a size past 8 GiB) goes in a pax extended header first.
    if (header.encode()) await this.write(new Pax({ path: name, size, mtime: header.mtime }).encode());
    await this.write(header.block!);
    const hash = createHash("sha256");
    let written = 0;
    for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
      written += chunk.length;
      if (written > size) break;
      hash.update(chunk);
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`${name} changed while it was archived (expected ${size} bytes)`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding) await this.write(Buffer.alloc(padding));
    return hash.digest("hex");
  }

  /** Ends the archive (two empty blocks) and waits until it is on disk. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.out.end();
    await finished(this.out);
    if (this.failure) throw this.failure;
  }

  /** Stops writing; the caller deletes the file. */
  abort(): void {
    this.out.destroy();
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.out.write(chunk)) await once(this.out, "drain");
  }
}

/**
 * The entries of a tar archive, one at a time: the next is read only once the caller is done with
 * the current one (its unread bytes are skipped). Throws on a damaged or truncated archive.
 *
 * A caller that stops early (breaks, or throws: a refused entry, a storage that failed) ends the
 * reading too: the parser it left holding an unread entry never drains again, so the feeding
 * below is told to stop instead of waiting for it, which would keep the caller's clean-up (and its
 * open transaction) waiting for ever.
 */
export async function* readArchive(file: string): AsyncGenerator<ReadEntry> {
  const parser = new Parser({ strict: true, noResume: true });
  const entries = on(parser, "entry", { close: ["end"] });
  const source = fs.createReadStream(file);
  const stopped = new AbortController();
  // Fed by hand, not piped: the parser is not a Node stream (pipe() cannot destroy it on an error).
  const feeding = (async () => {
    for await (const chunk of source)
      if (!parser.write(chunk as Buffer)) await once(parser, "drain", { signal: stopped.signal });
    parser.end();
  })().catch((error: unknown) => {
    // Once the caller has stopped, nothing listens any more and nothing is left to report.
    if (!stopped.signal.aborted) parser.emit("error", error);
  });
  try {
    for await (const [entry] of entries as AsyncIterable<[ReadEntry]>) {
      yield entry;
      entry.resume();
    }
  } finally {
    stopped.abort();
    source.destroy();
    await feeding;
  }
}

/** An entry's size and sha256, counted as its bytes are read (which may differ from what its header says). */
export async function digestOf(entry: AsyncIterable<Buffer>): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.length;
    hash.update(chunk);
  }
  return { size, sha256: hash.digest("hex") };
}
