// An uploaded catalogue file is read in a worker thread (lib/import-export/read-off-thread.ts), so the
// server's main thread goes on answering requests while a 60 MB file is parsed: where the work runs,
// that the event loop turns meanwhile, and that the rows and refusals are the same as the parse's own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { afterAll, describe, expect, test } from "vitest";
import {
  CatalogueFileError,
  csvColumns,
  csvHeader,
  csvLine,
  readCatalogueFile,
} from "@/lib/import-export/catalogue-file";
import { readCatalogueFileOffThread } from "@/lib/import-export/read-off-thread";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-read-worker-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
let files = 0;
const fileOf = (content: string | Buffer) => {
  const file = path.join(folder, `file-${++files}`);
  fs.writeFileSync(file, content);
  return file;
};

/** `count` movies as CSV, three cast members each, a long description: about 1.5 kB a movie. */
function catalogueCsv(count: number): string {
  const columns = csvColumns(3, 0);
  let csv = csvHeader(columns);
  for (let index = 0; index < count; index++)
    csv += csvLine(
      {
        id: `read-${index}`,
        name: `Movie ${index}, "quoted"`,
        desc: `A long description of movie ${index}. `.repeat(30),
        year: 1990 + (index % 30),
        hour: 2,
        language: "English",
        category: "Drama",
        image: "https://images.example.com/poster.jpg",
        titleImage: "posters/wide.jpg",
        video: "films/movie.mkv",
        casts: [0, 1, 2].map((cast) => ({ name: `Actor ${index}-${cast}`, image: `cast/${cast}.png` })),
      },
      columns,
    );
  return csv;
}

/** The rows as the database receives them, parsed back: what readCatalogueFile gives, as JSON. */
const parsedBack = (inputs: string[]) => inputs.map((input) => JSON.parse(input) as unknown);

describe("reading a catalogue file off the main thread", () => {
  test("a 10,000-movie file is read by a worker thread while the main thread's event loop keeps turning", async () => {
    const csv = catalogueCsv(10_000);
    const file = fileOf(csv);
    // Counts the turns of this thread's event loop while the file is read. A parse on this thread
    // would hold the loop for the whole read: not one turn until it returned.
    let reading = true;
    let turns = 0;
    const turn = () => {
      if (!reading) return;
      turns++;
      setImmediate(turn);
    };
    setImmediate(turn);
    const mainPriority = os.getPriority();
    const read = await readCatalogueFileOffThread(file, "csv");
    reading = false;

    expect(read.threadId).not.toBe(threadId);
    expect(turns).toBeGreaterThan(0);
    // The reader ran at background priority (nice 10, Linux keeps one per thread), and the main
    // thread's priority stayed where it was.
    expect(read.nice).toBe(Math.max(10, mainPriority));
    expect(os.getPriority()).toBe(mainPriority);
    const expected = readCatalogueFile(csv, "csv");
    expect(read.rows.inputs).toHaveLength(10_000);
    expect(parsedBack(read.rows.inputs)).toEqual(expected);
    expect(read.rows.externalIds.slice(0, 2)).toEqual(["read-0", "read-1"]);
    expect(read.rows.names.at(-1)).toBe('Movie 9999, "quoted"');
  });

  test("rows are the parse's own: records, a CSV line's problems, JSON items that are not movies, ids and names", async () => {
    const csv = 'id,name,year\n\uFEFF7,"One",1999\nx2,Two,2000,extra\n';
    const csvRead = await readCatalogueFileOffThread(fileOf(`\uFEFF${csv}`), "csv");
    expect(parsedBack(csvRead.rows.inputs)).toEqual(readCatalogueFile(csv, "csv"));
    expect(parsedBack(csvRead.rows.inputs)[1]).toEqual({
      record: { id: "x2", name: "Two", year: "2000" },
      problems: [{ field: "row", message: "Too many fields: expected 3 fields but parsed 4" }],
    });

    const long = "n".repeat(300);
    const json = JSON.stringify([{ id: 42, name: long, casts: [{ name: "A" }] }, 1, { id: { no: 1 }, name: 5 }]);
    const jsonRead = await readCatalogueFileOffThread(fileOf(json), "json");
    expect(parsedBack(jsonRead.rows.inputs)).toEqual(readCatalogueFile(json, "json"));
    expect(jsonRead.rows.externalIds).toEqual(["42", "", ""]);
    expect(jsonRead.rows.names).toEqual(["n".repeat(200), "", ""]);
  });

  test.each([
    ["not UTF-8", Buffer.from([0x69, 0x64, 0x2c, 0xff, 0xfe, 0x0a]), "csv", "The file must be UTF-8 text."],
    ["not JSON", "{ nope", "json", "The file is not valid JSON: "],
    ["not a list", '{"id": "x"}', "json", "A JSON catalogue is a list of movies: [ { ... }, ... ]."],
    ["empty", "", "csv", "The file is not valid CSV: Unable to auto-detect delimiting character"],
    ["no movies", "[]", "json", "The file holds no movies."],
    [
      "over 10,000 movies",
      `id,name\n${Array.from({ length: 10_001 }, (_, index) => `r${index},Movie ${index}`).join("\n")}\n`,
      "csv",
      "An import holds at most 10,000 movies; this file has 10,001.",
    ],
  ] as const)("a file %s is refused with the message the admin sees", async (_, content, format, message) => {
    const refusal = readCatalogueFileOffThread(fileOf(content), format);
    await expect(refusal).rejects.toThrow(CatalogueFileError);
    await expect(refusal).rejects.toThrow(message);
  });
});
