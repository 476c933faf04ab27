// Property tests of the import reader (docs/security.md "Fuzz: keys from outside"): random column
// names and random nested JSON, with the names that reach prototypes mixed in. Whatever the file,
// the reader returns rows or throws CatalogueFileError (the import's 400), every row can be written
// as JSON (what the database driver does with it), and no prototype of this process changes.
// FUZZ_RUNS sets the cases per property (`npm run fuzz` runs thousands; the suite 200).
import fc from "fast-check";
import Papa from "papaparse";
import { expect, test } from "vitest";
import { CatalogueFileError, readCatalogueFile } from "@/lib/import-export/catalogue-file";
import { pollutionSince, snapshotGlobals } from "../support/pollution";

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
// Seconds on an idle machine; generous for a busy one, and for `npm run fuzz`.
const TIMEOUT = Math.max(120_000, RUNS * 250);

/** Keys and path segments a hostile file would try: prototypes, array internals, inherited methods, numbers. */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "length",
    "push",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "__defineGetter__",
    "then",
    "",
    "0",
    "1",
    "999",
    "1000",
    "4294967294",
    "-1",
    "casts",
    "subtitles",
    "language",
    "id",
    "name",
    "draft",
  ),
  fc.string({ maxLength: 12 }),
  fc.nat({ max: 2000 }).map(String),
);
const columnName = fc.array(hostileSegment, { minLength: 1, maxLength: 10 }).map((segments) => segments.join("."));

/** Runs the reader; anything but rows or a CatalogueFileError, or any change to a shared prototype, fails the case. */
function read(text: string, format: "csv" | "json") {
  const before = snapshotGlobals();
  try {
    for (const { record } of readCatalogueFile(text, format)) JSON.stringify(record);
  } catch (error) {
    if (!(error instanceof CatalogueFileError)) throw error;
  } finally {
    expect(pollutionSince(before)).toEqual([]);
  }
}

test(
  "random CSV columns and cells: rows or a CatalogueFileError, no global change",
  () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(columnName, { minLength: 1, maxLength: 12 }),
        fc.array(fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("true", "x", "")), { maxLength: 14 }), {
          minLength: 1,
          maxLength: 4,
        }),
        (columns, lines) => {
          const header = ["id", "name", ...columns];
          const csv = Papa.unparse([header, ...lines.map((cells) => ["p1", "Proto", ...cells])]);
          read(csv, "csv");
        },
      ),
      { numRuns: RUNS },
    );
  },
  TIMEOUT,
);

/** JSON values whose keys are hostile, nested a few levels; and one case in ten, a movie nested thousands deep. */
const hostileJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie("value"), { maxLength: 3 }),
    tie("object"),
  ),
  object: fc
    .array(fc.tuple(hostileSegment, tie("value")), { maxLength: 4 })
    .map((entries) => Object.fromEntries(entries) as Record<string, unknown>),
}));
const deepJson = fc
  .tuple(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom("[", '{"casts":'))
  .map(([depth, open]) => `${open.repeat(depth)}1${(open === "[" ? "]" : "}").repeat(depth)}`);

test(
  "random nested JSON movies with hostile keys: rows or a CatalogueFileError, no global change",
  () => {
    fc.assert(
      fc.property(
        fc.array(hostileJson.object, { minLength: 1, maxLength: 4 }),
        fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: deepJson }),
        (movies, deep) => {
          // JSON.stringify writes an own "__proto__" key as a key, as a hostile file would hold it.
          const items = movies.map((movie) => JSON.stringify({ id: "p1", name: "Proto", ...movie }));
          if (deep) items.push(`{"id":"p2","name":"Deep","casts":${deep}}`);
          read(`[${items.join(",")}]`, "json");
        },
      ),
      { numRuns: RUNS },
    );
  },
  TIMEOUT,
);
