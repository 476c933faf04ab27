// The catalogue file (docs/import.md): reading CSV and JSON into rows, writing them back, the row
// rules, and the published JSON Schema, without a database.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  CatalogueFileError,
  catalogueFormatOf,
  csvColumns,
  csvHeader,
  csvLine,
  readCatalogueFile,
} from "@/lib/import-export/catalogue-file";
import { catalogueJsonSchema, checkCatalogueRow, isMediaSource, type CatalogueRow } from "@/lib/validation/catalogue";

const row: CatalogueRow = {
  id: "tt0133093",
  name: '-1 Degree, "Quoted"',
  desc: "Line one,\nline two.",
  year: 1999,
  hour: 2,
  language: "English",
  category: "=Sci-Fi",
  image: "https://images.example.com/poster.jpg",
  titleImage: "posters/matrix-wide.jpg",
  video: "/api/upload/movie/0f8fad5b-d9cb-469f-a165-70867728950e.mp4",
  casts: [
    { name: "Keanu Reeves", image: "cast/keanu.png" },
    { name: "+Carrie-Anne Moss", image: "cast/carrie.png" },
  ],
  subtitles: [{ language: "en", label: "English", url: "subs/matrix.en.srt" }],
};

describe("reading and writing", () => {
  test("a row written as CSV reads back as the same record, formula-like cells included", () => {
    const columns = csvColumns(3, 1);
    const csv = csvHeader(columns) + csvLine(row, columns);
    // A spreadsheet would run =, + and - cells as formulas: they are written behind an apostrophe.
    expect(csv).toContain(`"'-1 Degree, ""Quoted"""`);
    expect(csv).toContain(",'=Sci-Fi,");
    const [read] = readCatalogueFile(csv, "csv");
    expect(read!.problems).toEqual([]);
    const checked = checkCatalogueRow(read!.record);
    expect(checked).toEqual({ ok: true, row });
  });

  test("a JSON array reads as it is; anything else is refused with a reason", () => {
    const [read] = readCatalogueFile(JSON.stringify([row]), "json");
    expect(checkCatalogueRow(read!.record)).toEqual({ ok: true, row });
    expect(() => readCatalogueFile("{}", "json")).toThrow(CatalogueFileError);
    expect(() => readCatalogueFile("[]", "json")).toThrow("The file holds no movies.");
    expect(readCatalogueFile("[1]", "json")[0]!.problems).toEqual([
      { field: "row", message: "Each movie must be an object" },
    ]);
  });

  test("a CSV line of the wrong length is reported on its row; numbered columns may leave gaps", () => {
    const csv =
      "id,name,year,draft,casts.0.name,casts.0.image,casts.1.name,casts.1.image\na,A,2001,TRUE,,,Bo,b.png\nb,B\n";
    const [first, second] = readCatalogueFile(csv, "csv");
    expect(first!.record).toEqual({
      id: "a",
      name: "A",
      year: "2001",
      draft: true,
      casts: [{ name: "Bo", image: "b.png" }],
    });
    expect(second!.problems).toEqual([{ field: "row", message: expect.stringContaining("Too few fields") }]);
  });

  test("at most 10,000 movies", () => {
    const csv = `id,name\n${Array.from({ length: 10_001 }, (_, i) => `${i},M`).join("\n")}`;
    expect(() => readCatalogueFile(csv, "csv")).toThrow("An import holds at most 10,000 movies; this file has 10,001.");
  });

  test("the format comes from the file's name or type", () => {
    expect(catalogueFormatOf("movies.CSV")).toBe("csv");
    expect(catalogueFormatOf("movies", "application/json; charset=utf-8")).toBe("json");
    expect(catalogueFormatOf("movies.xlsx")).toBeNull();
  });
});

describe("the row rules", () => {
  test("a published row needs everything the movie form does; blank cells count as missing", () => {
    const checked = checkCatalogueRow({ id: "x", name: "X", year: "2001", desc: "", draft: false });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.errors.map((error) => error.field)).toEqual([
      "desc",
      "hour",
      "language",
      "category",
      "image",
      "titleImage",
      "video",
      "casts",
    ]);
  });

  test("a draft needs only its id, title and year", () => {
    expect(checkCatalogueRow({ id: "x", name: "X", year: 2001, draft: true })).toEqual({
      ok: true,
      row: { id: "x", name: "X", year: 2001, draft: true },
    });
    expect(checkCatalogueRow({ id: "x", name: "X", year: 2001, draft: "maybe" })).toEqual({
      ok: false,
      errors: [{ field: "draft", message: "draft must be true or false" }],
    });
  });

  test.each([
    ["https://cdn.example.com/a.jpg", true],
    ["http://mysite.example/api/upload/image/a.jpg", true],
    ["posters/a.jpg", true],
    ["/srv/films/a.jpg", true],
    ["C:\\films\\a.jpg", true],
    ["ftp://example.com/a.jpg", false],
    ["javascript:alert(1)", false],
    ["file:///etc/passwd", false],
  ])("%s as a media source: %s", (value, accepted) => {
    expect(isMediaSource(value)).toBe(accepted);
  });
});

test("docs/catalogue.schema.json is the schema the zod rows give (npm run import -- --schema)", () => {
  const published = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, "../../docs/catalogue.schema.json"), "utf8"),
  );
  expect(published).toEqual(catalogueJsonSchema());
  expect(published.maxItems).toBe(10_000);
  expect(published.items.oneOf).toHaveLength(2);
});

// Column names and JSON keys come from the file: before the fix, `__proto__.language` set
// Object.prototype.language in the server process and emptied every catalogue listing.
test("numbered columns that skip numbers make lists without holes, at every depth", () => {
  const csv = "id,name,extra.0.tags.2,extra.3.tags.1,casts.2.name\np1,Gaps,a,b,Ann\n";
  const { record } = readCatalogueFile(csv, "csv")[0]!;
  expect(JSON.parse(JSON.stringify(record))).toEqual({
    id: "p1",
    name: "Gaps",
    extra: [{ tags: ["a"] }, { tags: ["b"] }],
    casts: [{ name: "Ann" }],
  });
  const holes = (value: unknown): boolean =>
    Array.isArray(value)
      ? value.length !== Object.keys(value).length || value.some(holes)
      : !!value && typeof value === "object" && Object.values(value).some(holes);
  expect(holes(record)).toBe(false);
});

describe("keys from the file never reach a prototype", () => {
  const probe = () => ({}) as Record<string, unknown>;
  afterEach(() => {
    // Undo what the unfixed reader polluted, so one failure does not fail the rest of the file.
    for (const key of ["language", "polluted"]) {
      delete (Object.prototype as Record<string, unknown>)[key];
      delete (Array.prototype as unknown as Record<string, unknown>)[key];
    }
  });

  test.each([
    ["__proto__.language", "language"],
    ["constructor.prototype.language", "language"],
    ["casts.0.__proto__.polluted", "polluted"],
    ["casts.constructor.prototype.polluted", "polluted"],
  ])("a CSV column %j is a CatalogueFileError naming it, and nothing global changes", (column, key) => {
    const csv = `id,name,year,draft,${column}\np1,Proto,2000,true,Klingon\n`;
    expect(() => readCatalogueFile(csv, "csv")).toThrow(
      new CatalogueFileError(
        `The column "${column}" cannot be read: __proto__, constructor and prototype cannot name a field.`,
      ),
    );
    expect(probe()[key]).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>)[key]).toBeUndefined();
  });

  test.each([
    ["casts,casts.0.name", 'The column "casts.0.name" cannot be read: it overlaps the column "casts".'],
    ["casts.0.name,casts", 'The column "casts" cannot be read: it overlaps the column "casts.0.name".'],
    ["casts.0.name,casts.length", 'The column "casts.length" cannot be read: "casts" is both numbered and named.'],
    ["casts.0.name,casts.push.x", 'The column "casts.push.x" cannot be read: "casts" is both numbered and named.'],
    ["casts.1000.name", 'The column "casts.1000.name" cannot be read: numbered columns go up to 999.'],
    ["a.b.c.d.e.f.g.h.i", 'The column "a.b.c.d.e.f.g.h.i" cannot be read: a column name has at most 8 parts.'],
    // Found by tests/api/fuzz-keys.test.ts: the empty part made a list with a hole, a 500 at the database.
    ["0..1", 'The column "0..1" cannot be read: its parts are names or numbers between single dots.'],
    ["casts.0.", 'The column "casts.0." cannot be read: its parts are names or numbers between single dots.'],
  ])("columns %s that contradict or overreach are refused by name", (columns, message) => {
    const values = columns.split(",").map(() => "x");
    const csv = `id,name,${columns}\np1,Proto,${values.join(",")}\n`;
    expect(() => readCatalogueFile(csv, "csv")).toThrow(new CatalogueFileError(message));
    expect(Array.prototype.push).toBeTypeOf("function");
    expect((Array.prototype.push as unknown as Record<string, unknown>).x).toBeUndefined();
  });

  test("a CSV row is built of objects without a prototype", () => {
    const [read] = readCatalogueFile("id,name,casts.0.name,hasOwnProperty,toString\np1,P,Ada,x,y\n", "csv");
    const record = read!.record as { casts: object[]; hasOwnProperty: unknown; toString: unknown };
    expect(Object.getPrototypeOf(record)).toBeNull();
    expect(Object.getPrototypeOf(record.casts[0])).toBeNull();
    expect([record.hasOwnProperty, record.toString]).toEqual(["x", "y"]);
  });

  test.each([
    ['{"id":"p2","name":"P","__proto__":{"language":"Klingon"}}', 'Movie 2 has a field "__proto__"'],
    ['{"id":"p2","name":"P","casts":[{"constructor":{"prototype":{}}}]}', 'Movie 2 has a field "casts.0.constructor"'],
    ['{"id":"p2","name":"P","prototype":1}', 'Movie 2 has a field "prototype"'],
  ])("a JSON movie %s is refused, naming the movie and the field", (movie, start) => {
    expect(() => readCatalogueFile(`[{"id":"p1","name":"Fine"},${movie}]`, "json")).toThrow(
      new CatalogueFileError(`${start}: __proto__, constructor and prototype cannot name a field.`),
    );
  });

  test("a JSON movie nested deeper than 10 levels is refused, naming the movie, however deep it goes", () => {
    for (const depth of [10, 100_000]) {
      const casts = `${"[".repeat(depth)}${"]".repeat(depth)}`;
      expect(() => readCatalogueFile(`[{"id":"a","name":"A"},{"id":"b","name":"B","casts":${casts}}]`, "json")).toThrow(
        new CatalogueFileError(
          'Movie 2 is nested too deeply at "casts.0.0.0.0.0.0.0.0.0": a movie nests at most 10 levels of objects and lists.',
        ),
      );
    }
    const nine = `${"[".repeat(9)}${"]".repeat(9)}`;
    expect(readCatalogueFile(`[{"id":"b","name":"B","casts":${nine}}]`, "json")).toHaveLength(1);
  });
});
