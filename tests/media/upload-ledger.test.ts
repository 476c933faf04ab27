// Uploads are recorded with their owner; members have an upload rate and a daily quota (429 with
// Retry-After), admins none, reserved before a body is read so that uploads sent at once cannot all
// pass (issue 24 item 2), counted as bodies without a length stream, and given back on failure; uploads nothing uses after a day are removed by the scheduled clean-up,
// and half-written files of dead uploads are swept (issue 8 item 10).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { removeUnusedUploads } from "@/lib/media/upload-ledger";
import { createPrismaClient } from "@/lib/database/prisma";
import { createLocalStorage } from "@/lib/storage/local";
import { newStorageKey, urlOf, type StorageKey } from "@/lib/storage";
import { baseUrl } from "../support/http";
import { adminToken, freshUser } from "../support/users";
import { imageOf, newFilesSince, storedFiles } from "../support/media";

const db = createPrismaClient(process.env.DATABASE_URL!);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-ledger-"));
afterAll(async () => {
  await db.$disconnect();
  fs.rmSync(root, { recursive: true, force: true });
});

const RATE_LIMIT = 10; // UPLOAD_RATE_LIMIT's default
const DAILY_QUOTA = 50 * 1024 * 1024; // UPLOAD_DAILY_QUOTA_BYTES' default

/** A multipart body with one file, as a browser sends it. */
async function multipart(bytes: Buffer): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "me.png");
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type")! };
}

/**
 * POST /api/upload over node:http, with Content-Length: the answer is read even when the server
 * answers before reading the body (fetch would fail with EPIPE then).
 */
async function postImage(token: string, bytes: Buffer): Promise<{ status: number; body: unknown }> {
  const { body, contentType } = await multipart(bytes);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/upload`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": contentType, "content-length": body.length },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body: JSON.parse(text) as unknown }));
      },
    );
    request.on("error", (error) => (request.writableFinished ? reject(error) : undefined));
    request.end(body);
  });
}

/** POST /api/upload with a chunked body (no Content-Length), sent 64 KiB at a time. */
async function postChunked(token: string, bytes: Buffer): Promise<{ status: number; body: unknown }> {
  const { body, contentType } = await multipart(bytes);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/upload`,
      { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": contentType } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body: JSON.parse(text) as unknown }));
      },
    );
    request.on("error", (error) => (request.writableFinished ? reject(error) : undefined));
    for (let offset = 0; offset < body.length; offset += 64 * 1024)
      request.write(body.subarray(offset, offset + 64 * 1024));
    request.end();
  });
}

async function uploadImage(token: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await imageOf("png"))], { type: "image/png" }), "me.png");
  const response = await fetch(`${baseUrl}/api/upload`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: (await response.json()) as unknown,
  };
}

describe("POST /api/upload limits", () => {
  test("every upload is recorded with its owner and size", async () => {
    const user = await freshUser("ledger");
    const uploaded = await uploadImage(user.token);
    expect(uploaded.status).toBe(200);
    // The answer is the absolute URL (docs/api.md "Shapes"); the ledger keys by storage key.
    const key = new URL(uploaded.body as string).pathname.replace("/api/upload/", "");
    const row = await db.upload.findUnique({ where: { key } });
    expect(row).toMatchObject({ ownerId: user._id, size: BigInt((await imageOf("png")).length) });
  });

  test(`a member's ${RATE_LIMIT + 1}th upload in the window is 429 with Retry-After; an admin is not limited`, async () => {
    const user = await freshUser("uprate");
    for (let i = 0; i < RATE_LIMIT; i++) expect((await uploadImage(user.token)).status).toBe(200);
    const limited = await uploadImage(user.token);
    expect(limited).toMatchObject({ status: 429, body: { message: "Too many uploads, please try again later" } });
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(600);

    const admin = await adminToken();
    for (let i = 0; i < RATE_LIMIT + 1; i++) expect((await uploadImage(admin)).status).toBe(200);
  });

  test("a member past the daily quota gets 429 until the quota's day ends", async () => {
    const user = await freshUser("upquota");
    const fiveHoursAgo = new Date(Date.now() - 5 * 60 * 60 * 1000);
    await db.uploadAllowance.create({
      data: {
        ownerId: user._id,
        windowStartedAt: fiveHoursAgo,
        windowUploads: 1,
        dayStartedAt: fiveHoursAgo,
        dayBytes: DAILY_QUOTA,
      },
    });
    const limited = await uploadImage(user.token);
    expect(limited).toMatchObject({
      status: 429,
      body: { message: "Daily upload quota reached, please try again later" },
    });
    // 19 hours, give or take the test's own seconds.
    expect(Number(limited.retryAfter)).toBeGreaterThan(19 * 3600 - 60);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(19 * 3600);
  });

  test(
    "20 uploads of 9.3 MB sent at once: the quota's 5 are stored, the other 15 are 429 and stored nothing",
    { timeout: 120_000 },
    async () => {
      const user = await freshUser("uprace");
      const file = Buffer.concat([await imageOf("png"), Buffer.alloc(9.3 * 1024 * 1024 - 100, 7)]);
      const before = storedFiles();
      const answers = await Promise.all(Array.from({ length: 20 }, () => postImage(user.token, file)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array<number>(5).fill(200), ...Array<number>(15).fill(429)]);
      for (const refused of answers.filter((answer) => answer.status === 429))
        expect(refused.body).toEqual({ message: "Daily upload quota reached, please try again later" });
      expect(newFilesSince(before).filter((file) => !file.endsWith(".partial"))).toHaveLength(5);
      const allowance = await db.uploadAllowance.findUniqueOrThrow({ where: { ownerId: user._id } });
      // What the five stored hold, to the byte: the reservations of the declared bodies were settled.
      expect(allowance).toMatchObject({ windowUploads: 5, dayBytes: BigInt(5 * file.length) });
    },
  );

  test("a body without Content-Length is refused once the quota is used, and counted as it streams", async () => {
    const user = await freshUser("upchunked");
    const png = await imageOf("png");
    const windowStartedAt = new Date();
    // Room for 1.5 MiB: a chunked 1 MiB image passes, a chunked 3 MiB one is refused part way.
    await db.uploadAllowance.create({
      data: {
        ownerId: user._id,
        windowStartedAt,
        windowUploads: 0,
        dayStartedAt: windowStartedAt,
        dayBytes: DAILY_QUOTA - 1.5 * 1024 * 1024,
      },
    });
    const before = storedFiles();
    const small = await postChunked(user.token, Buffer.concat([png, Buffer.alloc(1024 * 1024 - png.length, 1)]));
    expect(small.status).toBe(200);
    const used = (await db.uploadAllowance.findUniqueOrThrow({ where: { ownerId: user._id } })).dayBytes;
    expect(used).toBe(BigInt(DAILY_QUOTA - 0.5 * 1024 * 1024));

    const large = await postChunked(user.token, Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024, 1)]));
    expect(large).toEqual({ status: 429, body: { message: "Daily upload quota reached, please try again later" } });
    // The refused upload gave back its slot and what it had taken.
    expect(await db.uploadAllowance.findUniqueOrThrow({ where: { ownerId: user._id } })).toMatchObject({
      windowUploads: 1,
      dayBytes: used,
    });
    expect(newFilesSince(before).filter((file) => !file.endsWith(".partial"))).toHaveLength(1);

    // With the quota now full, even a one-byte chunked body is refused before it is read.
    await db.uploadAllowance.update({ where: { ownerId: user._id }, data: { dayBytes: DAILY_QUOTA } });
    expect((await postChunked(user.token, png)).status).toBe(429);
  });

  test("a refused upload gives back its slot and bytes", async () => {
    const user = await freshUser("uprelease");
    expect((await uploadImage(user.token)).status).toBe(200);
    const after = await db.uploadAllowance.findUniqueOrThrow({ where: { ownerId: user._id } });
    const refused = await postImage(user.token, Buffer.from("this is not an image at all, only words ".repeat(100)));
    expect(refused.status).toBe(415);
    expect(await db.uploadAllowance.findUniqueOrThrow({ where: { ownerId: user._id } })).toMatchObject({
      windowUploads: after.windowUploads,
      dayBytes: after.dayBytes,
    });
  });
});

describe("clean-up of unused uploads", () => {
  test("after a day, uploads nothing uses are deleted; used and recent ones stay", async () => {
    const driver = createLocalStorage(root);
    const owner = await freshUser("cleanup");
    const put = async (age: number) => {
      const key = newStorageKey("image", "png");
      await driver.put(key, await imageOf("png"), { contentType: "image/png" });
      await db.upload.create({ data: { key, ownerId: owner._id, size: 100, createdAt: new Date(Date.now() - age) } });
      return key;
    };
    const day = 24 * 60 * 60 * 1000;
    const [unused, attached, recent] = [await put(day + 60_000), await put(day + 60_000), await put(60_000)];
    await db.user.update({ where: { id: owner._id }, data: { image: urlOf(attached) } });

    const deleted = await removeUnusedUploads({ db, driver });
    expect(deleted).toContain(unused);
    expect(deleted).not.toContain(attached);
    expect(await driver.stat(unused)).toBeNull();
    expect(await driver.stat(attached)).not.toBeNull();
    expect(await driver.stat(recent)).not.toBeNull();
    const left = (
      await db.upload.findMany({ where: { key: { in: [unused, attached, recent] } }, select: { key: true } })
    ).map((row) => row.key as StorageKey);
    expect(left).toEqual([recent]);
  });

  test("half-written files of dead uploads are swept; one still being written stays", async () => {
    const driver = createLocalStorage(root);
    const dead = path.join(root, "image", "a.png.3f2c0000-0000-4000-8000-000000000000.partial");
    const live = path.join(root, "image", "b.png.3f2c0000-0000-4000-8000-000000000001.partial");
    fs.mkdirSync(path.dirname(dead), { recursive: true });
    fs.writeFileSync(dead, "x".repeat(1000));
    fs.writeFileSync(live, "y");
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    fs.utimesSync(dead, anHourAgo, anHourAgo);
    expect(await driver.removeStalePartials!(5 * 60 * 1000)).toBe(1);
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
  });

  test("the app scheduled the clean-up job in pg-boss", async () => {
    const schedules = await db.$queryRaw<{ name: string; cron: string }[]>`SELECT name, cron FROM pgboss.schedule`;
    expect(schedules).toContainEqual({ name: "maintenance", cron: "7 * * * *" });
  });
});
