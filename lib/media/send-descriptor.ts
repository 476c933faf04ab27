// Sends a stored file's bytes from its open descriptor to a response through a few buffers used
// over and over. A read stream allocates a new buffer for every chunk; in a process as large as a
// Next.js server, each 64 MiB of those buffers set off a full garbage collection of a heap of a few
// hundred MiB, which took more of a 256 MiB read's CPU time than the reading and writing did (the
// profile in docs/performance.md, "Media bytes without garbage"). Here a buffer goes back to the
// pool once the socket has taken its bytes (the write's callback), so a read of any length
// allocates nothing after the first requests. Node has no sendfile; this is the part of it a
// JavaScript server can have.
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import type { ByteRange } from "@/lib/storage/types";

/** A read and a write each 256 KiB at a time: four times a read stream's chunk, a quarter of the syscalls. */
const CHUNK_BYTES = 256 * 1024;
/** Buffers kept between requests (8 MiB at most); more are made while many reads run at once. */
const POOL_LIMIT = 32;
const pool: Buffer[] = [];

const takeBuffer = () => pool.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
function giveBack(buffer: Buffer) {
  if (pool.length < POOL_LIMIT) pool.push(buffer);
}

/**
 * Writes bytes `range.start` to `range.end` (inclusive) of `fd` to `res`, whose head is written,
 * and ends it; one read runs ahead of the socket. Calls `done` once no read of `fd` is running any
 * more: after the last byte is handed to the socket; with the error when reading fails (the
 * response is destroyed: its length was promised); or with nothing when the client goes away first.
 */
export function sendDescriptor(fd: number, range: ByteRange, res: ServerResponse, done: (error?: Error) => void) {
  let position = range.start;
  let ready: { buffer: Buffer; length: number } | null = null;
  let reading = false;
  let writable = true;
  let ended: { error?: Error } | null = null;

  const onDrain = () => {
    writable = true;
    write();
  };
  const onClose = () => end();
  res.on("drain", onDrain);
  res.once("close", onClose);

  function end(error?: Error) {
    if (ended) return;
    ended = { error };
    res.off("drain", onDrain);
    res.off("close", onClose);
    if (error) res.destroy();
    if (ready) giveBack(ready.buffer);
    ready = null;
    // The descriptor goes back to its cache only once no read of it is running.
    if (!reading) done(error);
  }

  function read() {
    if (reading || ready || ended || position > range.end) return;
    reading = true;
    const buffer = takeBuffer();
    fs.read(fd, buffer, 0, Math.min(buffer.length, range.end - position + 1), position, (error, length) => {
      reading = false;
      if (ended) {
        giveBack(buffer);
        return done(ended.error);
      }
      if (error || length === 0) {
        giveBack(buffer);
        return end(error ?? new Error(`The file ended at byte ${position}, before byte ${range.end}`));
      }
      position += length;
      ready = { buffer, length };
      if (writable) write();
    });
  }

  function write() {
    if (!ready || ended) return;
    const { buffer, length } = ready;
    ready = null;
    // The callback runs once the socket has copied the bytes (or the response has died): the buffer
    // is free again.
    writable = res.write(length === buffer.length ? buffer : buffer.subarray(0, length), () => giveBack(buffer));
    if (position > range.end) {
      res.end();
      return end();
    }
    read();
  }

  read();
}
