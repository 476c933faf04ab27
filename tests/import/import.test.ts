// Catalogue import (issue 26, docs/import.md): the dry run, the real run and a second run of the same
// file, media by https URL and by IMPORT_DIR path with the upload checks, and the API's refusals.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { api, baseUrl } from "../support/http";
import {
  importDir,
  importFile,
  putInImportDir,
  sendImport,
  startMediaSite,
  waitForImport,
  type MediaSite,
} from "../support/imports";
import { imageOf, videoOf } from "../support/media";
import { adminToken, memberToken } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
const unique = () => randomUUID().slice(0, 8);

let site: MediaSite;
let poster: Buffer;
let face: Buffer;
beforeAll(async () => {
  poster = await imageOf("jpeg");
  face = await imageOf("png");
  site = await startMediaSite({
    "/poster.jpg": poster,
    "/face.png": face,
    "/moved.png": { redirect: "/face.png" },
    "/notes.txt": Buffer.from("just some text, not a picture at all, long enough to be sniffed ".repeat(100)),
    "/clip.mkv": videoOf("mkv"),
    // Starts like a PNG, then goes on past the 10 MB image limit.
    "/huge.png": Buffer.concat([face, Buffer.alloc(11 * 1024 * 1024)]),
    "/gone.png": 404,
  });
});
afterAll(() => site.close());

/** A complete, valid movie row; media from the https site and a video in IMPORT_DIR. */
function movieRow(overrides: Record<string, unknown> = {}) {
  return {
    id: `ext-${unique()}`,
    name: `Imported ${unique()}`,
    desc: "A movie brought in by an import.",
    year: 2011,
    hour: 2,
    language: "english",
    category: `Imported Category ${unique()}`,
    image: `${site.origin}/poster.jpg`,
    titleImage: `${site.origin}/poster.jpg`,
    video: putInImportDir(`clips/clip-${unique()}.mkv`, videoOf("mkv")),
    casts: [
      { name: "Ada Lane", image: `${site.origin}/face.png` },
      { name: "Bo Reed", image: `${site.origin}/moved.png` },
    ],
    ...overrides,
  };
}

describe("POST /api/admin/imports", () => {
  test("admins only", async () => {
    expect((await fetch(`${baseUrl}/api/admin/imports`, { method: "POST" })).status).toBe(401);
    const form = new FormData();
    form.set("file", new Blob(["[]"]), "x.json");
    const member = await fetch(`${baseUrl}/api/admin/imports`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${await memberToken()}` },
    });
    expect(member.status).toBe(403);
  });

  test.each([
    ["movies.txt", "id,name", "The file must be CSV (.csv) or JSON (.json)."],
    ["movies.json", "{ nope", "The file is not valid JSON"],
    ["movies.json", '{"id": "x"}', "A JSON catalogue is a list of movies: [ { ... }, ... ]."],
    ["movies.json", "[]", "The file holds no movies."],
    ["movies.csv", "title,year\nX,2000\n", "The CSV's first line must name its columns, among them id and name."],
  ])("%s holding %j is 400", async (fileName, content, message) => {
    const form = new FormData();
    form.set("file", new Blob([content]), fileName);
    const response = await fetch(`${baseUrl}/api/admin/imports`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors?: Record<string, string[]> };
    expect(body.message).toContain(message);
  });

  test("a file that is not UTF-8, or a form without a file, is 400", async () => {
    const token = await adminToken();
    const send = async (form: FormData) => {
      const response = await fetch(`${baseUrl}/api/admin/imports`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const latin1 = new FormData();
    latin1.set("file", new Blob([Buffer.from("id,name\nx1,Am\xe9lie\n", "latin1")]), "latin1.csv");
    expect(await send(latin1)).toEqual({
      status: 400,
      body: { message: "The file must be UTF-8 text.", errors: { file: ["The file must be UTF-8 text."] } },
    });
    const text = new FormData();
    text.set("file", "id,name\nx1,Text\n");
    expect(await send(text)).toEqual({
      status: 400,
      body: { message: "Send the file as multipart/form-data in a field named file." },
    });
  });

  test("a body that streams past the size limit is 413, nothing recorded", async () => {
    const before = await db.importJob.count();
    // No Content-Length (chunked): the limit is found while the body streams (64 MB and the form's
    // framing). A connection of its own, closed after the answer: the rest of the body is never read.
    const boundary = "marquee-limit-test";
    const chunk = Buffer.from(`${"x".repeat(1023)}\n`.repeat(1024));
    const token = await adminToken();
    const answer = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const request = http.request(`${baseUrl}/api/admin/imports`, {
        method: "POST",
        agent: false,
        headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      request.on("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (data: Buffer) => chunks.push(data));
        response.on("end", () => {
          resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) });
          request.destroy();
        });
      });
      request.on("error", reject);
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\nid,name\n`,
      );
      let sent = 0;
      const more = () => {
        while (sent < 66 && !request.destroyed) {
          sent++;
          if (!request.write(chunk)) return void request.once("drain", more);
        }
        if (!request.destroyed) request.end(`\r\n--${boundary}--\r\n`);
      };
      more();
    });
    expect(answer).toEqual({ status: 413, body: { message: "The file is too large: the limit is 64 MB." } });
    expect(await db.importJob.count()).toBe(before);
  });

  test("more than 10,000 movies is 400, nothing recorded", async () => {
    const before = await db.importJob.count();
    const rows = Array.from({ length: 10_001 }, (_, index) => `r${index},Movie ${index}`).join("\n");
    const form = new FormData();
    form.set("file", new Blob([`id,name\n${rows}\n`]), "big.csv");
    const response = await fetch(`${baseUrl}/api/admin/imports`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      "An import holds at most 10,000 movies; this file has 10,001.",
    );
    expect(await db.importJob.count()).toBe(before);
  });
});

describe("a dry run", () => {
  test("shows every row's outcome and errors (row, field, message) and writes nothing", async () => {
    const good = movieRow();
    const bad = movieRow({ desc: "", language: "Klingon", year: 1700, image: "../../etc/passwd", casts: [] });
    const csv = [
      "id,name,desc,year,hour,language,category,image,titleImage,video,casts.0.name,casts.0.image",
      [
        good.id,
        good.name,
        good.desc,
        good.year,
        good.hour,
        good.language,
        good.category,
        good.image,
        good.titleImage,
        good.video,
        "Ada Lane",
        good.casts[0]!.image,
      ].join(","),
      [
        bad.id,
        bad.name,
        "",
        bad.year,
        bad.hour,
        bad.language,
        bad.category,
        bad.image,
        bad.titleImage,
        bad.video,
        "",
        "",
      ].join(","),
    ].join("\n");
    const downloadsBefore = site.hits.get("/poster.jpg") ?? 0;
    const { summary, rows } = await importFile(csv, "movies.csv", { dryRun: true });
    expect(summary).toMatchObject({
      dryRun: true,
      state: "done",
      total: 2,
      processed: 2,
      counts: { created: 1, updated: 0, skipped: 0, failed: 1 },
    });
    expect(rows).toEqual([
      { row: 1, externalId: good.id, name: good.name, outcome: "created", errors: [], movieId: null },
      {
        row: 2,
        externalId: bad.id,
        name: bad.name,
        outcome: "failed",
        movieId: null,
        errors: [
          { field: "desc", message: "Decs is required" },
          { field: "year", message: `Year must be between 1888 and ${new Date().getFullYear() + 1}` },
          { field: "language", message: "Language is not supported" },
          { field: "casts", message: "Cast is required" },
          { field: "image", message: "../../etc/passwd is outside IMPORT_DIR" },
        ],
      },
    ]);
    // Nothing written, nothing downloaded.
    expect(await db.movie.count({ where: { externalId: { in: [good.id, bad.id] } } })).toBe(0);
    expect(await db.category.count({ where: { name: good.category } })).toBe(0);
    expect(site.hits.get("/poster.jpg") ?? 0).toBe(downloadsBefore);
  });

  test("its real run takes the same rows", async () => {
    const row = movieRow();
    const { summary } = await importFile(JSON.stringify([row]), "one.json", { dryRun: true });
    const run = await api("POST", `/api/admin/imports/${summary._id}/run`, { token: await adminToken() });
    expect(run).toMatchObject({ status: 202, body: { dryRun: false, total: 1, fileName: "one.json" } });
    expect((await waitForImport(run.body._id)).counts).toEqual({ created: 1, updated: 0, skipped: 0, failed: 0 });
    expect(await db.movie.count({ where: { externalId: row.id } })).toBe(1);
    // A real run is not run again.
    expect(await api("POST", `/api/admin/imports/${run.body._id}/run`, { token: await adminToken() })).toMatchObject({
      status: 400,
      body: { message: "This import was not a dry run" },
    });
  });
});

describe("the real run", () => {
  test("creates movies, categories and cast with their media stored here; running it again updates, never duplicates", async () => {
    const rows = [movieRow(), movieRow({ draft: false, subtitles: undefined })];
    rows[1]!.category = rows[0]!.category.toUpperCase(); // the same category, another case
    const file = JSON.stringify(rows);
    const first = await importFile(file, "catalogue.json");
    expect(first.summary.counts).toEqual({ created: 2, updated: 0, skipped: 0, failed: 0 });
    expect(first.rows.map((row) => row.outcome)).toEqual(["created", "created"]);

    const stored = await db.movie.findMany({
      where: { externalId: { in: rows.map((row) => row.id) } },
      include: { category: true, casts: { orderBy: { position: "asc" } } },
      orderBy: { name: "asc" },
    });
    expect(stored).toHaveLength(2);
    expect(new Set(stored.map((movie) => movie.categoryId)).size).toBe(1);
    expect(stored[0]!.category!.name).toBe(rows[0]!.category);
    for (const movie of stored) {
      expect(movie).toMatchObject({ draft: false, language: "English", year: 2011, hour: 2 });
      expect(movie.image).toMatch(/^\/api\/upload\/image\/[0-9a-f-]{36}\.jpg$/);
      expect(movie.video).toMatch(/^\/api\/upload\/movie\/[0-9a-f-]{36}\.mkv$/);
      expect(movie.casts.map((cast) => cast.name)).toEqual(["Ada Lane", "Bo Reed"]);
      expect(movie.casts[1]!.image).toMatch(/^\/api\/upload\/image\/[0-9a-f-]{36}\.png$/);
    }
    // The stored picture is the downloaded one, byte for byte; one download served every row.
    const picture = await fetch(`${baseUrl}${stored[0]!.image}`);
    expect(Buffer.from(await picture.arrayBuffer()).equals(poster)).toBe(true);
    const posterDownloads = site.hits.get("/poster.jpg");
    // Public at once.
    const listed = await api("GET", `/api/movie?category=${stored[0]!.categoryId}`);
    expect(listed.body.moviesCount).toBe(2);

    const again = await importFile(file, "catalogue.json");
    expect(again.summary.counts).toEqual({ created: 0, updated: 2, skipped: 0, failed: 0 });
    expect(again.rows.map((row) => row.movieId).sort()).toEqual(stored.map((movie) => movie.id).sort());
    expect(await db.movie.count({ where: { externalId: { in: rows.map((row) => row.id) } } })).toBe(2);
    expect(await db.category.count({ where: { name: rows[0]!.category } })).toBe(1);
    // What was stored the first time is reused, not fetched again.
    expect(site.hits.get("/poster.jpg")).toBe(posterDownloads);
  });

  test("a changed row updates its movie: fields, category, cast", async () => {
    const row = movieRow();
    await importFile(JSON.stringify([row]), "v1.json");
    const changed = {
      ...row,
      name: `${row.name} Revised`,
      year: 2012,
      category: `Other ${unique()}`,
      casts: [row.casts[0]],
    };
    const { rows } = await importFile(JSON.stringify([changed]), "v2.json");
    expect(rows[0]).toMatchObject({ outcome: "updated", errors: [] });
    const movie = await api("GET", `/api/movie/${rows[0]!.movieId}`);
    expect(movie.body).toMatchObject({ name: changed.name, year: 2012, categoryName: changed.category });
    expect(movie.body.casts.map((cast: { name: string }) => cast.name)).toEqual(["Ada Lane"]);
  });

  test("a row the database refuses fails alone: the rest of its batch is created", async () => {
    // A constraint only this test's row breaks (valid by the import's rules), so the batch's
    // set-based write is refused and its rows are saved one by one.
    const refused = `Refused ${unique()}`;
    const constraint = `import_test_refuses_${unique()}`;
    await db.$executeRawUnsafe(
      `ALTER TABLE "Movie" ADD CONSTRAINT "${constraint}" CHECK ("name" <> '${refused}') NOT VALID`,
    );
    try {
      const rows = [movieRow(), movieRow(), movieRow({ name: refused }), movieRow(), movieRow()];
      const { summary, rows: outcomes } = await importFile(JSON.stringify(rows), "one-refused.json");
      expect(summary).toMatchObject({
        state: "done",
        total: 5,
        processed: 5,
        error: null,
        counts: { created: 4, updated: 0, skipped: 0, failed: 1 },
      });
      const stored = await db.movie.findMany({
        where: { externalId: { in: rows.map((row) => row.id) } },
        select: { id: true, externalId: true, casts: { select: { name: true }, orderBy: { position: "asc" } } },
      });
      const idOf = new Map(stored.map((movie) => [movie.externalId, movie.id]));
      expect(outcomes).toEqual(
        rows.map((row, index) =>
          index === 2
            ? {
                row: 3,
                externalId: row.id,
                name: refused,
                outcome: "failed",
                errors: [{ field: "row", message: "The movie could not be saved (P2039)" }],
                movieId: null,
              }
            : {
                row: index + 1,
                externalId: row.id,
                name: row.name,
                outcome: "created",
                errors: [],
                movieId: idOf.get(row.id),
              },
        ),
      );
      expect(stored).toHaveLength(4);
      for (const movie of stored) expect(movie.casts.map((cast) => cast.name)).toEqual(["Ada Lane", "Bo Reed"]);
    } finally {
      await db.$executeRawUnsafe(`ALTER TABLE "Movie" DROP CONSTRAINT "${constraint}"`);
    }
  });

  test("an id that comes twice in one file: the first row creates the movie, the later one updates it", async () => {
    const first = movieRow();
    const other = movieRow();
    const again = { ...first, name: `${first.name} Again`, year: 2012, casts: [first.casts[1]] };
    const { summary, rows } = await importFile(JSON.stringify([first, other, again]), "twice.json");
    expect(summary.counts).toEqual({ created: 2, updated: 1, skipped: 0, failed: 0 });
    expect(rows.map((row) => row.outcome)).toEqual(["created", "created", "updated"]);
    expect(rows[2]!.movieId).toBe(rows[0]!.movieId);
    expect(await db.movie.count({ where: { externalId: first.id } })).toBe(1);
    const movie = await api("GET", `/api/movie/${rows[0]!.movieId}`);
    expect(movie.body).toMatchObject({ name: again.name, year: 2012 });
    expect(movie.body.casts.map((cast: { name: string }) => cast.name)).toEqual(["Bo Reed"]);
  });

  test("media are checked like uploads, and nothing outside IMPORT_DIR is read", async () => {
    const outside = path.join(path.dirname(importDir()), `outside-${unique()}.png`);
    fs.writeFileSync(outside, face);
    const link = putInImportDir(`links/${unique()}.png`, "");
    fs.rmSync(path.join(importDir(), link));
    fs.symlinkSync(outside, path.join(importDir(), link));
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { image: `${site.origin}/notes.txt` },
        "image",
        "Only images (JPEG, PNG, WebP) and videos (MP4, AVI, MKV, MOV, WMV, FLV) can be uploaded.",
      ],
      [{ image: `${site.origin}/clip.mkv` }, "image", "The file is not an image (JPEG, PNG or WebP)."],
      [{ video: `${site.origin}/poster.jpg` }, "video", "The file is not a video (MP4, AVI, MKV, MOV, WMV or FLV)."],
      [{ image: `${site.origin}/huge.png` }, "image", "The image is too large: the limit is 10 MB."],
      [{ image: `${site.origin}/gone.png` }, "image", `${site.origin}/gone.png answered 404`],
      [
        { image: "http://images.example.test/a.png" },
        "image",
        "http://images.example.test/a.png: only https URLs are downloaded (or a file stored on this site)",
      ],
      [{ image: "../outside.png" }, "image", "../outside.png is outside IMPORT_DIR"],
      [{ image: outside }, "image", `${outside} is outside IMPORT_DIR`],
      [{ image: link }, "image", `${link} leads outside IMPORT_DIR (through a link)`],
      [{ image: "missing/none.png" }, "image", "missing/none.png was not found in IMPORT_DIR"],
      [
        { image: "/api/upload/image/00000000-0000-4000-8000-000000000000.png" },
        "image",
        "/api/upload/image/00000000-0000-4000-8000-000000000000.png is not stored on this site",
      ],
      [
        { image: "javascript:alert(1)" },
        "image",
        "Image must be an https URL, a path inside IMPORT_DIR, or a file stored on this site",
      ],
    ];
    const rows = cases.map(([overrides]) => movieRow(overrides));
    const { summary, rows: outcomes } = await importFile(JSON.stringify(rows), "bad-media.json");
    expect(summary.counts).toMatchObject({ created: 0, failed: cases.length });
    expect(outcomes.map((row) => row.errors)).toEqual(cases.map(([, field, message]) => [{ field, message }]));
    expect(await db.movie.count({ where: { externalId: { in: rows.map((row) => row.id) } } })).toBe(0);
  });
});

describe("GET /api/admin/imports", () => {
  test("lists the latest imports with their progress; rows filter by outcome", async () => {
    const { summary } = await importFile(JSON.stringify([movieRow(), movieRow({ name: "" })]), "mixed.json", {
      dryRun: true,
    });
    const listed = await api("GET", "/api/admin/imports", { token: await adminToken() });
    expect(listed.status).toBe(200);
    expect(listed.body.find((item: { _id: string }) => item._id === summary._id)).toMatchObject({
      state: "done",
      total: 2,
      processed: 2,
      counts: { created: 1, failed: 1 },
      createdBy: expect.any(String),
    });
    const failed = await api("GET", `/api/admin/imports/${summary._id}/rows?outcome=failed`, {
      token: await adminToken(),
    });
    expect(failed.body).toMatchObject({
      rowsCount: 1,
      rows: [{ row: 2, errors: [{ field: "name", message: "Name is required" }] }],
    });
    expect(
      await api("GET", `/api/admin/imports/${summary._id}/rows?outcome=lost`, { token: await adminToken() }),
    ).toMatchObject({ status: 400, body: { message: "outcome must be one of created, updated, skipped, failed" } });
    expect(
      await api("GET", "/api/admin/imports/00000000-0000-4000-8000-000000000000", { token: await adminToken() }),
    ).toMatchObject({ status: 404, body: { message: "Import not found" } });
  });

  test("a file sent for a dry run is not written by it (sendImport answers before the job)", async () => {
    const row = movieRow();
    const started = await sendImport(JSON.stringify([row]), "queued.json", { dryRun: true });
    expect(started).toMatchObject({ kind: "file", dryRun: true, total: 1, fileName: "queued.json" });
    expect(["queued", "running", "done"]).toContain(started.state);
  });
});
