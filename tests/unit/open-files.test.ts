// The local driver's cache of open descriptors (lib/storage/open-files.ts): reused while the file
// stays, dropped the moment it is deleted or replaced, never closed under a reader.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, expect, test, vi } from "vitest";
import { createOpenFileCache } from "@/lib/storage/open-files";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-open-files-"));
const caches: ReturnType<typeof createOpenFileCache>[] = [];
const newCache = (options?: Parameters<typeof createOpenFileCache>[0]) => {
  const cache = createOpenFileCache(options);
  caches.push(cache);
  return cache;
};
const file = (name: string, text: string) => {
  const full = path.join(dir, name);
  fs.writeFileSync(full, text);
  return full;
};
/** Closing is asynchronous (fs.close): wait for it. */
const closed = (fd: number) => vi.waitFor(() => expect(isOpen(fd)).toBe(false));
const isOpen = (fd: number) => {
  try {
    fs.fstatSync(fd);
    return true;
  } catch {
    return false;
  }
};
const contentOf = (fd: number, length: number) => {
  const buffer = Buffer.alloc(length);
  return buffer.subarray(0, fs.readSync(fd, buffer, 0, length, 0)).toString();
};

afterEach(() => caches.splice(0).forEach((cache) => cache.clear()));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("the second request for a file reuses the first one's descriptor", async () => {
  const cache = newCache();
  const name = file("a.mp4", "hello");
  const first = await cache.acquire(name);
  first!.release();
  const second = await cache.acquire(name);
  expect(second!.fd).toBe(first!.fd);
  expect(second!.stats.size).toBe(5);
  expect(cache.size).toBe(1);
});

test("no file, or a folder: null, nothing kept", async () => {
  const cache = newCache();
  expect(await cache.acquire(path.join(dir, "missing.mp4"))).toBeNull();
  expect(await cache.acquire(dir)).toBeNull();
  expect(cache.size).toBe(0);
});

test("a deleted file is gone on the next request; a reader holding it still reads it", async () => {
  const cache = newCache();
  const name = file("b.mp4", "old bytes");
  const reading = await cache.acquire(name);
  fs.rmSync(name);
  expect(await cache.acquire(name)).toBeNull();
  expect(contentOf(reading!.fd, 20)).toBe("old bytes");
  reading!.release();
  await closed(reading!.fd);
});

test("a replaced file is opened afresh", async () => {
  const cache = newCache();
  const name = file("c.mp4", "first");
  (await cache.acquire(name))!.release();
  fs.renameSync(file("c.tmp", "second version"), name);
  const lease = await cache.acquire(name);
  expect(lease!.stats.size).toBe("second version".length);
  expect(contentOf(lease!.fd, 20)).toBe("second version");
});

test("over the limit, the least recently used idle descriptor closes, never one being read", async () => {
  const cache = newCache({ max: 2 });
  const held = await cache.acquire(file("d1.mp4", "1"));
  const idle = await cache.acquire(file("d2.mp4", "2"));
  idle!.release();
  const third = await cache.acquire(file("d3.mp4", "3"));
  expect(cache.size).toBe(2);
  await closed(idle!.fd);
  expect(isOpen(held!.fd)).toBe(true);
  held!.release();
  third!.release();
  expect(isOpen(held!.fd)).toBe(true); // idle in the cache now, not closed
});

test("releasing twice counts once", async () => {
  const cache = newCache();
  const name = file("e.mp4", "x");
  const a = await cache.acquire(name);
  const b = await cache.acquire(name);
  a!.release();
  a!.release();
  fs.rmSync(name);
  expect(await cache.acquire(name)).toBeNull(); // dropped, but b still reads
  expect(isOpen(b!.fd)).toBe(true);
  b!.release();
  await closed(b!.fd);
});
