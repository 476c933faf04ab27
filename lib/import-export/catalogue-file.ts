// Reading and writing the catalogue file (docs/import.md) in its two forms: a JSON array of movies,
// or CSV with one movie per line, the lists flattened into numbered columns (casts.0.name,
// casts.0.image, casts.1.name, ...). Pure: no database, no storage, so the CLI, the server and the
// unit tests share it.
import Papa from "papaparse";
import type { z } from "zod";
import { MAX_IMPORT_ROWS, type catalogueRowSchema } from "@/lib/validation/catalogue";
import { PROTOTYPE_KEY_REASON, inspectJsonKeys } from "@/lib/validation/untrusted-keys";
import { ColumnNameError, checkColumnNames, unflattenCells } from "./column-paths";

export type CatalogueFormat = "csv" | "json";

/** The most bytes an import file may have (10,000 movies with long descriptions fit well within). */
export const MAX_IMPORT_FILE_BYTES = 64 * 1024 * 1024;

export class CatalogueFileError extends Error {}

/**
 * How deep a JSON movie may nest objects and lists: a valid one is three deep (the movie, its
 * casts, a cast member). Deeper is refused before anything is stored: the database driver writes
 * a row's JSON recursively, and a movie nested thousands deep overflowed its stack (a 500).
 */
const MAX_RECORD_DEPTH = 10;

/** The format a file's name (or its declared type) says, or null. */
export function catalogueFormatOf(fileName: string, contentType = ""): CatalogueFormat | null {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === "csv" || /^text\/csv\b/i.test(contentType)) return "csv";
  if (extension === "json" || /^application\/json\b/i.test(contentType)) return "json";
  return null;
}

/** A record as the file holds it, and the problems found while reading it (a CSV line's wrong field count). */
export type ReadRecord = { record: Record<string, unknown>; problems: { field: string; message: string }[] };

/** The movies of a file, in order. Throws CatalogueFileError for a file that cannot be read at all. */
export function readCatalogueFile(text: string, format: CatalogueFormat): ReadRecord[] {
  const source = text.replace(/^\uFEFF/, "");
  const records = format === "json" ? readJson(source) : readCsv(source);
  checkRowCount(records.length, MAX_IMPORT_ROWS);
  return records;
}

/** Refuses a file of no movies, or of more than `most`. */
export function checkRowCount(count: number, most: number): void {
  if (count === 0) throw new CatalogueFileError("The file holds no movies.");
  if (count > most)
    throw new CatalogueFileError(
      `An import holds at most ${most.toLocaleString("en")} movies; this file has ${count.toLocaleString("en")}.`,
    );
}

function readJson(text: string): ReadRecord[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CatalogueFileError(`The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data)) throw new CatalogueFileError("A JSON catalogue is a list of movies: [ { ... }, ... ].");
  return data.map((item: unknown, index) => {
    if (!item || typeof item !== "object" || Array.isArray(item))
      return { record: {}, problems: [{ field: "row", message: "Each movie must be an object" }] };
    checkJsonMovie(item, index + 1);
    return { record: item as Record<string, unknown>, problems: [] };
  });
}

/** Refuses a movie of a JSON file that names a prototype or nests too deeply, naming the movie and the field. */
function checkJsonMovie(movie: object, number: number): void {
  const finding = inspectJsonKeys(movie, MAX_RECORD_DEPTH);
  if (finding?.kind === "prototype key")
    throw new CatalogueFileError(`Movie ${number} has a field "${shown(finding.path)}": ${PROTOTYPE_KEY_REASON}.`);
  if (finding?.kind === "too deep")
    throw new CatalogueFileError(
      `Movie ${number} is nested too deeply at "${shown(finding.path)}": a movie nests at most ${MAX_RECORD_DEPTH} levels of objects and lists.`,
    );
}

const shown = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** How Papa reads a catalogue CSV, whole or streamed (lib/import-export/stream-csv.ts). */
export const CSV_PARSE_CONFIG = {
  header: true,
  skipEmptyLines: "greedy",
  transformHeader: (header: string) => header.trim(),
} as const;

function readCsv(text: string): ReadRecord[] {
  const parsed = Papa.parse<Record<string, string>>(text, CSV_PARSE_CONFIG);
  checkCsvErrors(parsed.errors, 0);
  checkCsvColumns(parsed.meta.fields ?? []);
  return csvRecords(parsed.data, parsed.errors, 0);
}

/** Refuses a file Papa could not split into cells (a quote left open, no delimiter); `before` rows came earlier. */
export function checkCsvErrors(errors: Papa.ParseError[], before: number): void {
  const fatal = errors.find((error) => error.type === "Quotes" || error.type === "Delimiter");
  if (fatal)
    throw new CatalogueFileError(
      `The file is not valid CSV: ${fatal.message}${fatal.row === undefined ? "" : ` (movie ${before + fatal.row + 1})`}.`,
    );
}

/** Refuses a header without id and name, or with a column whose name cannot be read (docs/import.md). */
export function checkCsvColumns(fields: string[]): void {
  if (!fields.includes("id") || !fields.includes("name"))
    throw new CatalogueFileError("The CSV's first line must name its columns, among them id and name.");
  try {
    checkColumnNames(fields.filter((column) => column !== "__parsed_extra"));
  } catch (error) {
    if (error instanceof ColumnNameError) throw new CatalogueFileError(error.message);
    throw error;
  }
}

/**
 * Papa's rows as records, a line of the wrong length with its problem. Papa numbers the errors from
 * the file's first row; `before` is how many rows came before `data` (a streamed file's earlier chunks).
 */
export function csvRecords(data: Record<string, string>[], errors: Papa.ParseError[], before: number): ReadRecord[] {
  const mismatched = new Map<number, string>();
  for (const error of errors)
    if (error.type === "FieldMismatch" && error.row !== undefined) mismatched.set(error.row - before, error.message);
  return data.map((cells, index) => {
    // Papa puts the cells past the header's columns in __parsed_extra (and reports the line above).
    const named = Object.fromEntries(Object.entries(cells).filter(([column]) => column !== "__parsed_extra"));
    const problem = mismatched.get(index);
    return { record: unflatten(named), problems: problem ? [{ field: "row", message: problem }] : [] };
  });
}

/** CSV columns to the JSON shape: `casts.0.name` → casts[0].name; `draft` read as true or false. */
function unflatten(cells: Record<string, string>): Record<string, unknown> {
  const values: [string, unknown][] = [];
  for (const [column, raw] of Object.entries(cells)) {
    const value = unescapeFormula(typeof raw === "string" ? raw.trim() : "");
    if (value !== "") values.push([column, column === "draft" ? csvBoolean(value) : value]);
  }
  return unflattenCells(values);
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula, so
 * Export writes such a cell with a leading apostrophe, as spreadsheets themselves do; reading takes it
 * off again, so a title such as "-1 Degree" survives the round trip.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const escapeFormula = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
const unescapeFormula = (value: string) =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

function csvBoolean(value: string): boolean | string {
  const lower = value.toLowerCase();
  if (["true", "yes", "1"].includes(lower)) return true;
  if (["false", "no", "0"].includes(lower)) return false;
  return value;
}

/** A movie as Export writes it: a catalogue row with its media as URLs (or paths of this site). */
export type ExportedRow = z.input<typeof catalogueRowSchema>;

const SCALAR_COLUMNS = [
  "id",
  "name",
  "desc",
  "year",
  "hour",
  "language",
  "category",
  "image",
  "titleImage",
  "video",
  "draft",
] as const;

/** The CSV header for rows whose longest cast and subtitle lists have these lengths. */
export function csvColumns(maxCasts: number, maxSubtitles: number): string[] {
  return [
    ...SCALAR_COLUMNS,
    ...Array.from({ length: maxCasts }, (_, i) => [`casts.${i}.name`, `casts.${i}.image`]).flat(),
    ...Array.from({ length: maxSubtitles }, (_, i) => [
      `subtitles.${i}.language`,
      `subtitles.${i}.label`,
      `subtitles.${i}.url`,
    ]).flat(),
  ];
}

/** One CSV line (with its line break) for a row, in the order of `columns`. */
export function csvLine(row: ExportedRow, columns: string[]): string {
  const fields: Record<string, unknown> = row;
  const cells = columns.map((column) => {
    const [first = "", index, field = ""] = column.split(".");
    if (index === undefined) return cellOf(fields[first]);
    const list = fields[first];
    const item: unknown = Array.isArray(list) ? list[Number(index)] : undefined;
    return cellOf(item && typeof item === "object" ? (item as Record<string, unknown>)[field] : undefined);
  });
  return `${Papa.unparse([cells], { header: false, newline: "\r\n" })}\r\n`;
}

function cellOf(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return escapeFormula(typeof value === "string" ? value : JSON.stringify(value));
}

/** The header line. */
export const csvHeader = (columns: string[]) => `${Papa.unparse([columns], { newline: "\r\n" })}\r\n`;
