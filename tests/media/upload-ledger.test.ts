// Uploads are recorded with their owner; members have an upload rate and a daily quota (429 with
// Retry-After), admins none; uploads nothing uses after a day are removed by the scheduled clean-up,
// and half-written files of dead uploads are swept (issue 8 item 10).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { removeUnusedUploads } from "@/lib/media/upload-ledger";
import { createPrismaClient } from "@/lib/prisma";
import { createLocalStorage } from "@/lib/storage/local";
import { newStorageKey, urlOf, type StorageKey } from "@/lib/storage";
import { baseUrl } from "../support/http";
import { adminToken, freshUser } from "../support/users";
import { imageOf } from "../support/media";

const db = createPrismaClient(process.env.DATABASE_URL!);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-ledger-"));
afterAll(async () => {
  await db.$disconnect();
  fs.rmSync(root, { recursive: true, force: true });
});

const RATE_LIMIT = 10; // UPLOAD_RATE_LIMIT's default
const DAILY_QUOTA = 50 * 1024 * 1024; // UPLOAD_DAILY_QUOTA_BYTES' default

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
    // The answer is the absolute URL (CONTRACT.md section 3); the ledger keys by storage key.
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

  test("a member past the daily quota gets 429 until the day's oldest upload ages out", async () => {
    const user = await freshUser("upquota");
    const fiveHoursAgo = new Date(Date.now() - 5 * 60 * 60 * 1000);
    await db.upload.create({
      data: { key: newStorageKey("image", "png"), ownerId: user._id, size: DAILY_QUOTA, createdAt: fiveHoursAgo },
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
