// An uploaded file's import is recorded by the worker thread that reads it (lib/import-export/record-rows.ts),
// so the server's main thread never holds, serializes or sends the rows' tens of MB of JSON (issue 38;
// docs/import.md, "Running an import"). Structural, not timed: every query this thread's `pg`
// connections send is watched, and none may carry a row of the file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, describe, expect, test, vi, type MockInstance } from "vitest";
import { csvColumns, csvHeader, csvLine, readCatalogueFile } from "@/lib/import-export/catalogue-file";
import { startFileImport } from "@/lib/import-export/start";
import { DomainError } from "@/lib/errors";
import { createPrismaClient } from "@/lib/database/prisma";

const db = createPrismaClient(process.env.DATABASE_URL!);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-record-off-thread-"));
afterAll(async () => {
  fs.rmSync(folder, { recursive: true, force: true });
  await db.$disconnect();
});

/** The text of every query's values that this thread's `pg` clients sent (the app's pool and the test's own). */
const sentValues = (spy: MockInstance): string[] =>
  spy.mock.calls.flatMap(([config, values]) => {
    const parameters: unknown = Array.isArray(values) ? values : (config as { values?: unknown[] } | null)?.values;
    return parameters ? [JSON.stringify(parameters)] : [];
  });
afterEach(() => {
  vi.restoreAllMocks();
});

function fileOf(name: string, content: string): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, content);
  return file;
}

describe("recording an uploaded file's import off the main thread", () => {
  test("the import and its rows are written, and no row of the file passes through this thread's connections", async () => {
    const marker = `record-off-thread-${Date.now()}`;
    const columns = csvColumns(2, 0);
    let csv = csvHeader(columns);
    for (let index = 0; index < 600; index++)
      csv += csvLine(
        {
          id: `${marker}-${index}`,
          name: `Off-thread movie ${index}`,
          desc: `${marker}: the description of movie ${index}.`,
          year: 2001,
          hour: 2,
          language: "English",
          category: "Drama",
          image: "https://images.example.com/poster.jpg",
          titleImage: "posters/wide.jpg",
          video: "films/movie.mkv",
          casts: [0, 1].map((cast) => ({ name: `Actor ${index}-${cast}`, image: `cast/${cast}.png` })),
        },
        columns,
      );
    const file = fileOf("catalogue.csv", csv);
    const queries = vi.spyOn(pg.Client.prototype, "query");

    const summary = await startFileImport(
      { path: file, name: `${marker}.csv`, format: "csv" },
      { dryRun: true, userId: null, siteOrigins: ["https://marquee.example"], queue: false },
    );

    expect(summary).toMatchObject({
      kind: "file",
      dryRun: true,
      state: "queued",
      fileName: `${marker}.csv`,
      total: 600,
    });
    expect(queries).toHaveBeenCalled(); // the summary is read on this thread
    expect(sentValues(queries).filter((values) => values.includes(marker)).length).toBe(0);
    vi.restoreAllMocks();
    // What was written is what the main thread wrote before: the job, and each row as the parse reads it.
    const job = await db.importJob.findUniqueOrThrow({ where: { id: summary._id } });
    expect(job).toMatchObject({ siteOrigins: ["https://marquee.example"], createdById: null, processed: 0 });
    const rows = await db.importRow.findMany({ where: { importId: summary._id }, orderBy: { row: "asc" } });
    expect(rows.map((row) => row.row)).toEqual(Array.from({ length: 600 }, (_, index) => index + 1));
    expect(rows[599]).toMatchObject({ externalId: `${marker}-599`, name: "Off-thread movie 599", outcome: null });
    expect(rows.map((row) => row.input)).toEqual(readCatalogueFile(csv, "csv"));
  });

  test("a file that cannot be read is a 400 naming the problem, and nothing is recorded", async () => {
    const name = `refused-${Date.now()}.csv`;
    const refused = await startFileImport(
      { path: fileOf(name, "title,year\nOne,1999\n"), name, format: "csv" },
      { dryRun: false, userId: null, siteOrigins: [], queue: false },
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      kind: "invalid",
      message: "The CSV's first line must name its columns, among them id and name.",
    });
    expect(await db.importJob.count({ where: { fileName: name } })).toBe(0);
  });
});
