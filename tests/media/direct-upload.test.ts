// Presigned multipart uploads against a real S3-compatible server (s3rver), driven from Node the
// way the upload widget drives them from a browser: start, PUT each part to its URL, complete.
// In-process: the running test app uses the local driver, where these endpoints answer 404.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SessionUser } from "@/lib/auth";
import {
  abortDirectUpload,
  completeDirectUpload,
  signPartUrls,
  startDirectUpload,
  uploadConfig,
} from "@/lib/media/direct-upload";
import { createPrismaClient } from "@/lib/database/prisma";
import { createS3Storage } from "@/lib/storage/s3";
import { createLocalStorage } from "@/lib/storage/local";
import { keyOfUrl, type StorageDriver } from "@/lib/storage";
import { api } from "../support/http";
import { adminToken } from "../support/users";
import { startS3, type TestS3 } from "../support/s3";
import { imageOf, videoOf } from "../support/media";

const MiB = 1024 * 1024;
const admin: SessionUser = {
  id: "00000000-0000-4000-8000-000000000001",
  email: "a@x.test",
  fullName: "Admin",
  image: "",
  isAdmin: true,
  credentialsVersion: 0,
  emailVerifiedAt: null,
};
const member: SessionUser = { ...admin, id: "00000000-0000-4000-8000-000000000002", isAdmin: false };

let s3: TestS3;
let driver: StorageDriver;
const db = createPrismaClient(process.env.DATABASE_URL!);

beforeAll(async () => {
  // Uploads are recorded with their owner, so these users must exist.
  for (const user of [admin, member]) {
    await db.user.upsert({
      where: { id: user.id },
      update: {},
      create: { id: user.id, email: `direct-${user.id}@x.test`, fullName: user.fullName, isAdmin: user.isAdmin },
    });
  }
  s3 = await startS3();
  driver = createS3Storage(s3.config);
});
afterAll(async () => {
  await s3?.stop();
  await db.$disconnect();
});

/** What the browser does: slice the file by partSize and PUT each slice to its presigned URL. */
async function uploadDirectly(user: SessionUser, file: Buffer, declared: { type: string; name: string }) {
  const started = await startDirectUpload(user, { size: file.length, ...declared }, driver);
  const partNumbers = Array.from({ length: started.partCount }, (_, i) => i + 1);
  const { urls } = await signPartUrls(user, { ticket: started.ticket, partNumbers }, driver);
  const parts: { partNumber: number; etag: string }[] = [];
  for (const { partNumber, url } of urls) {
    const slice = file.subarray((partNumber - 1) * started.partSize, partNumber * started.partSize);
    const response = await fetch(url, { method: "PUT", body: new Uint8Array(slice) });
    expect(response.status).toBe(200);
    parts.push({ partNumber, etag: response.headers.get("etag")! });
  }
  return { started, parts, complete: () => completeDirectUpload(user, { ticket: started.ticket, parts }, driver) };
}

describe("with the s3 driver", () => {
  test("the config tells clients to upload directly", () => {
    expect(uploadConfig(driver)).toEqual({
      driver: "s3",
      directUpload: true,
      maxImageBytes: 10 * MiB,
      maxVideoBytes: 4 * 1024 * MiB,
    });
  });

  test("an image in one part: stored under a new name, readable", async () => {
    const png = await imageOf("png");
    const { started, complete } = await uploadDirectly(member, png, { type: "image/png", name: "me.png" });
    expect(started).toMatchObject({ partSize: 8 * MiB, partCount: 1 });
    const url = await complete();
    expect(url).toMatch(/^\/api\/upload\/image\/[0-9a-f-]{36}\.png$/);
    expect((await driver.stat(keyOfUrl(url)!))?.size).toBe(png.length);
  });

  test("a video in several parts (the last one short)", async () => {
    const mp4 = videoOf("mp4");
    const video = Buffer.concat([mp4, Buffer.alloc(17 * MiB - mp4.length, 3)]);
    const { started, complete } = await uploadDirectly(admin, video, { type: "video/mp4", name: "film.mp4" });
    expect(started.partCount).toBe(3);
    const url = await complete();
    expect(url).toMatch(/^\/api\/upload\/movie\/[0-9a-f-]{36}\.mp4$/);
    expect((await driver.stat(keyOfUrl(url)!))?.size).toBe(video.length);
  });

  test("a browser that declares no type: the name's extension decides the key, the bytes must agree", async () => {
    const { complete } = await uploadDirectly(admin, videoOf("mkv"), { type: "", name: "clip.MKV" });
    expect(await complete()).toMatch(/\.mkv$/);
  });

  test("content that is not what was declared: 415 and the object is deleted", async () => {
    const text = Buffer.from("not a picture at all ".repeat(500));
    const { started, complete } = await uploadDirectly(member, text, { type: "image/png", name: "x.png" });
    await expect(complete()).rejects.toMatchObject({ kind: "unsupported-type" });
    const key = (await import("jose")).decodeJwt(started.ticket).key as `${string}/${string}`;
    expect(await driver.stat(key)).toBeNull();
  });

  test("a JPEG declared as PNG: 415 (the stored name would lie about the type)", async () => {
    const { complete } = await uploadDirectly(member, await imageOf("jpeg"), { type: "image/png", name: "x.png" });
    await expect(complete()).rejects.toMatchObject({ kind: "unsupported-type" });
  });

  test("more bytes than declared: refused and deleted", async () => {
    const png = await imageOf("png");
    const started = await startDirectUpload(
      member,
      { size: png.length - 10, type: "image/png", name: "a.png" },
      driver,
    );
    const { urls } = await signPartUrls(member, { ticket: started.ticket, partNumbers: [1] }, driver);
    const put = await fetch(urls[0]!.url, { method: "PUT", body: new Uint8Array(png) });
    const completing = completeDirectUpload(
      member,
      { ticket: started.ticket, parts: [{ partNumber: 1, etag: put.headers.get("etag")! }] },
      driver,
    );
    await expect(completing).rejects.toMatchObject({ kind: "invalid" });
  });

  test("declared too large, a video by a member, an unknown type: refused before anything is created", async () => {
    await expect(
      startDirectUpload(member, { size: 10 * MiB + 1, type: "image/webp", name: "" }, driver),
    ).rejects.toMatchObject({
      kind: "too-large",
      message: "The image is too large: the limit is 10 MB.",
    });
    await expect(startDirectUpload(member, { size: 1000, type: "video/mp4", name: "" }, driver)).rejects.toMatchObject({
      kind: "forbidden",
    });
    await expect(
      startDirectUpload(admin, { size: 1000, type: "application/pdf", name: "a.pdf" }, driver),
    ).rejects.toMatchObject({ kind: "unsupported-type" });
  });

  test("a ticket is only good for the user it was issued to, and only for its parts", async () => {
    const started = await startDirectUpload(admin, { size: 1000, type: "image/png", name: "" }, driver);
    await expect(signPartUrls(member, { ticket: started.ticket, partNumbers: [1] }, driver)).rejects.toMatchObject({
      kind: "not-found",
    });
    await expect(signPartUrls(admin, { ticket: started.ticket, partNumbers: [2] }, driver)).rejects.toMatchObject({
      kind: "invalid",
    });
    await expect(signPartUrls(admin, { ticket: `${started.ticket}x`, partNumbers: [1] }, driver)).rejects.toMatchObject(
      { kind: "not-found" },
    );
  });

  test("completing with a missing part: 400", async () => {
    const started = await startDirectUpload(admin, { size: 9 * MiB, type: "video/mp4", name: "" }, driver);
    await expect(
      completeDirectUpload(admin, { ticket: started.ticket, parts: [{ partNumber: 1, etag: '"x"' }] }, driver),
    ).rejects.toMatchObject({
      kind: "invalid",
      message: "Send all 2 parts, numbered from 1",
    });
  });

  test("abort is passed to storage (s3rver itself does not implement AbortMultipartUpload)", async () => {
    const started = await startDirectUpload(admin, { size: 1000, type: "image/png", name: "" }, driver);
    // Real S3, MinIO and R2 answer 204; s3rver answers 405 MethodNotAllowed.
    await expect(abortDirectUpload(admin, { ticket: started.ticket }, driver)).rejects.toMatchObject({
      name: "MethodNotAllowed",
    });
  });
});

describe("with the local driver", () => {
  test("the config says to upload through the app, and direct uploads are a 404", async () => {
    const local = createLocalStorage("/tmp/marquee-unused");
    expect(uploadConfig(local)).toMatchObject({ driver: "local", directUpload: false });
    await expect(startDirectUpload(admin, { size: 10, type: "image/png", name: "" }, local)).rejects.toMatchObject({
      kind: "not-found",
    });
  });

  test("over HTTP: GET /api/upload/config, and POST /api/upload/multipart answers 404", async () => {
    const config = await api("GET", "/api/upload/config");
    expect(config).toMatchObject({
      status: 200,
      body: { driver: "local", directUpload: false, maxImageBytes: 10 * MiB },
    });
    const start = await api("POST", "/api/upload/multipart", {
      token: await adminToken(),
      body: { size: 10, type: "image/png" },
    });
    expect(start.status).toBe(404);
    expect(start.body).toEqual({
      message: "Direct uploads need the s3 storage driver; send the file to POST /api/upload",
    });
    expect((await api("POST", "/api/upload/multipart", { body: { size: 10 } })).status).toBe(401);
  });
});
