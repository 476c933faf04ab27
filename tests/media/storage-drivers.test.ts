// Both storage drivers pass the same contract, in-process: local disk in a temp folder, and s3
// against a real S3-compatible server (s3rver) on a random port.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLocalStorage } from "@/lib/storage/local";
import { createS3Storage } from "@/lib/storage/s3";
import { newStorageKey, type StorageDriver } from "@/lib/storage";
import { filesIn, startS3, type TestS3 } from "../support/s3";

const MiB = 1024 * 1024;

/** `size` pseudo-random bytes in 1 MiB chunks, produced lazily (the test never holds them all). */
function generated(size: number, seed = 1): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = createHash("sha512").update(`${seed}:${sent}`).digest();
      const block = Buffer.alloc(Math.min(MiB, size - sent), chunk);
      sent += block.length;
      this.push(block);
    },
  });
}

/** A stream that delivers `size` bytes and then fails, as a dropped upload does. */
function failingAfter(size: number): Readable {
  const source = generated(size);
  return new Readable({
    read() {
      const chunk = source.read();
      if (chunk) this.push(chunk);
      else if (source.readableEnded || source.readableLength === 0) this.destroy(new Error("connection reset"));
    },
  });
}

async function hashOf(stream: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type Subject = { driver: StorageDriver; leftovers: () => string[] };

let s3: TestS3;
let localRoot: string;
const subjects: Record<"local" | "s3", () => Subject> = {
  local: () => ({ driver: createLocalStorage(localRoot), leftovers: () => filesIn(localRoot) }),
  s3: () => ({
    driver: createS3Storage(s3.config),
    // s3rver lacks AbortMultipartUpload, so the parts of an aborted upload stay in its
    // `._S3rver_uploads` folder; S3 itself discards them. Only objects count here.
    leftovers: () =>
      filesIn(path.join(s3.directory, s3.config.bucket)).filter((file) => !file.startsWith("._S3rver_uploads")),
  }),
};

beforeAll(async () => {
  s3 = await startS3();
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-local-"));
});

afterAll(async () => {
  await s3?.stop();
  if (localRoot) fs.rmSync(localRoot, { recursive: true, force: true });
});

describe.each(["local", "s3"] as const)("the %s driver", (name) => {
  test("stores a buffer and describes it", async () => {
    const { driver } = subjects[name]();
    const key = newStorageKey("image", "png");
    const body = randomBytes(1000);
    expect(await driver.put(key, body, { contentType: "image/png" })).toEqual({ size: 1000 });
    const info = await driver.stat(key);
    expect(info).toMatchObject({ size: 1000, contentType: "image/png" });
    expect(info!.etag).toMatch(/^"[^"]+"$/);
    expect(info!.lastModified).toBeInstanceOf(Date);
    expect(Math.abs(info!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await bytesOf(await driver.read(key))).toEqual(body);
  });

  test("streams a file bigger than one upload part, and reads it whole and in ranges", async () => {
    const { driver } = subjects[name]();
    const key = newStorageKey("movie", "mp4");
    const size = 20 * MiB + 12_345;
    expect(await driver.put(key, generated(size), { contentType: "video/mp4" })).toEqual({ size });
    expect((await driver.stat(key))?.size).toBe(size);
    expect(await hashOf(await driver.read(key))).toBe(await hashOf(generated(size)));

    const whole = await bytesOf(generated(size));
    expect(await bytesOf(await driver.read(key, { start: 0, end: 99 }))).toEqual(whole.subarray(0, 100));
    expect(await bytesOf(await driver.read(key, { start: 9 * MiB - 7, end: 9 * MiB + 7 }))).toEqual(
      whole.subarray(9 * MiB - 7, 9 * MiB + 8),
    );
    expect(await bytesOf(await driver.read(key, { start: size - 10, end: size - 1 }))).toEqual(
      whole.subarray(size - 10),
    );
  });

  test("opens a file for serving: the facts stat gives, then its bytes or a range of them; a missing file is null", async () => {
    const { driver } = subjects[name]();
    const key = newStorageKey("movie", "mp4");
    const body = randomBytes(5000);
    await driver.put(key, body, { contentType: "video/mp4" });

    const whole = await driver.open(key);
    expect(whole).toMatchObject((await driver.stat(key))!);
    expect(await bytesOf(await whole!.stream())).toEqual(body);
    const ranged = await driver.open(key);
    expect(await bytesOf(await ranged!.stream({ start: 100, end: 199 }))).toEqual(body.subarray(100, 200));
    (await driver.open(key))!.close();

    expect(await driver.open(newStorageKey("movie", "mp4"))).toBeNull();
  });

  test("a stream that fails part way leaves nothing behind, and the stream's error is reported", async () => {
    const { driver, leftovers } = subjects[name]();
    const before = leftovers();
    const key = newStorageKey("movie", "mp4");
    await expect(driver.put(key, failingAfter(18 * MiB), { contentType: "video/mp4" })).rejects.toThrow(
      "connection reset",
    );
    expect(await driver.stat(key)).toBeNull();
    expect(leftovers().filter((file) => !before.includes(file))).toEqual([]);
  });

  test("a small stream that fails before the first part leaves nothing behind", async () => {
    const { driver, leftovers } = subjects[name]();
    const before = leftovers();
    const key = newStorageKey("image", "jpg");
    await expect(driver.put(key, failingAfter(100_000), { contentType: "image/jpeg" })).rejects.toThrow(
      "connection reset",
    );
    expect(await driver.stat(key)).toBeNull();
    expect(leftovers().filter((file) => !before.includes(file))).toEqual([]);
  });

  test("a missing file has no stat, and deleting is idempotent", async () => {
    const { driver } = subjects[name]();
    const key = newStorageKey("image", "webp");
    expect(await driver.stat(key)).toBeNull();
    await driver.put(key, Buffer.from("x"), { contentType: "image/webp" });
    await driver.delete(key);
    expect(await driver.stat(key)).toBeNull();
    await expect(driver.delete(key)).resolves.toBeUndefined();
  });

  test("overwriting a key changes its validator", async () => {
    const { driver } = subjects[name]();
    const key = newStorageKey("image", "png");
    await driver.put(key, Buffer.from("first version"), { contentType: "image/png" });
    const first = await driver.stat(key);
    await driver.put(key, Buffer.from("second, longer version"), { contentType: "image/png" });
    const second = await driver.stat(key);
    expect(second!.etag).not.toBe(first!.etag);
  });

  test("lists every stored file with its size, nested HLS folders included, deleted ones not", async () => {
    const { driver } = subjects[name]();
    const picture = newStorageKey("image", "png");
    const segment = `hls/${randomUUID()}/${randomUUID()}/v0_000.ts` as const;
    const gone = newStorageKey("movie", "mp4");
    await driver.put(picture, randomBytes(321), { contentType: "image/png" });
    await driver.put(segment, randomBytes(4321), { contentType: "video/mp2t" });
    await driver.put(gone, randomBytes(10), { contentType: "video/mp4" });
    await driver.delete(gone);

    const listed = new Map((await Array.fromAsync(driver.list())).map((file) => [file.key as string, file.size]));
    expect(listed.get(picture)).toBe(321);
    expect(listed.get(segment)).toBe(4321);
    expect(listed.has(gone)).toBe(false);
  });
});

test("the local driver's list leaves out the half-written files of uploads in progress", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-list-"));
  try {
    const driver = createLocalStorage(root);
    await driver.put("image/kept.png", Buffer.from("kept"), { contentType: "image/png" });
    fs.writeFileSync(path.join(root, "image", `kept.png.${randomUUID()}.partial`), "half");
    expect(await Array.fromAsync(driver.list())).toEqual([{ key: "image/kept.png", size: 4 }]);
    expect(await Array.fromAsync(createLocalStorage(path.join(root, "missing")).list())).toEqual([]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("the local driver serves an opened file whole even when it is deleted meanwhile", async () => {
  const { driver } = subjects.local();
  const key = newStorageKey("movie", "mp4");
  const body = randomBytes(300_000);
  await driver.put(key, body, { contentType: "video/mp4" });
  const opened = await driver.open(key);
  await driver.delete(key);
  expect(await driver.open(key)).toBeNull();
  expect(await bytesOf(await opened!.stream())).toEqual(body);
});

describe("s3 presigned multipart uploads", () => {
  test("parts PUT to presigned URLs become one object", async () => {
    const driver = createS3Storage(s3.config);
    const direct = driver.directUpload!;
    const key = newStorageKey("movie", "mp4");
    const whole = await bytesOf(generated(5 * MiB + 4321, 7));
    const { uploadId } = await direct.create(key, "video/mp4");
    const parts = [];
    for (const [index, chunk] of [whole.subarray(0, 5 * MiB), whole.subarray(5 * MiB)].entries()) {
      const url = await direct.partUrl(key, uploadId, index + 1, 60);
      expect(url).toContain("X-Amz-Signature=");
      // A checksum signed into the URL would be that of an empty body, and S3 would refuse the part.
      expect(url).not.toContain("x-amz-checksum");
      const response = await fetch(url, { method: "PUT", body: new Uint8Array(chunk) });
      expect(response.status).toBe(200);
      parts.push({ partNumber: index + 1, etag: response.headers.get("etag")! });
    }
    await direct.complete(key, uploadId, parts);
    expect((await driver.stat(key))?.size).toBe(whole.length);
    // Compared as a hash: a deep equality of 5 MB buffers takes vitest tens of seconds.
    expect(await hashOf(await driver.read(key))).toBe(createHash("sha256").update(whole).digest("hex"));
  });
});
