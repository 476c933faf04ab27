// Reads a catalogue CSV from disk a piece at a time (docs/import.md, "Files of any size"): the bytes
// are checked as UTF-8 and parsed by Papa as they come, and each few hundred rows go to `onRows`,
// whose promise is awaited before more of the file is read, so a file of a million movies never
// sits in memory whole. The refusals are the whole-file reader's (lib/import-export/catalogue-file.ts).
// Pure of the database, without "server-only": it runs in the import's worker thread.
import fs from "node:fs";
import { Readable } from "node:stream";
import Papa from "papaparse";
import {
  CSV_PARSE_CONFIG,
  CatalogueFileError,
  checkCsvColumns,
  checkCsvErrors,
  csvRecords,
  type ReadRecord,
} from "./catalogue-file";

export const NOT_UTF8 = "The file must be UTF-8 text.";

/** The file's text, checked as UTF-8 as it is read (a byte sequence cut between two reads is kept for the next). */
async function* utf8Text(path: string): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let first = true;
  try {
    for await (const bytes of fs.createReadStream(path)) {
      let text = decoder.decode(bytes as Buffer, { stream: true });
      if (first) text = text.replace(/^\uFEFF/, "");
      first = false;
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof TypeError) throw new CatalogueFileError(NOT_UTF8);
    throw error;
  }
}

/** Rows read and not yet taken by `onRows` past which the file stops being read until they are. */
const MOST_QUEUED = 2000;

/**
 * The most text read without a movie's row ending (its quoted line breaks included), far beyond any
 * real movie's: past it the file is refused rather than held, as a quote left open would carry the
 * rest of a file of any size into one cell before Papa could report it.
 */
export const LONGEST_ROW_MB = 8;

/**
 * Streams the CSV at `path` to `onRows`, in file order; resolves with the number of rows read.
 * Rejects with CatalogueFileError for a file that cannot be read (rows already passed to `onRows`
 * are then the caller's to discard: lib/import-export/record-rows.ts rolls them back).
 */
export async function streamCatalogueCsv(path: string, onRows: (rows: ReadRecord[]) => Promise<void>): Promise<number> {
  const queue: ReadRecord[][] = [];
  let queued = 0;
  let read = 0;
  // Characters handed to Papa, and how many had been when it last ended a row.
  let fed = 0;
  let fedAtLastRow = 0;
  const input = Readable.from(
    (async function* () {
      for await (const text of utf8Text(path)) {
        fed += text.length;
        if (fed - fedAtLastRow > LONGEST_ROW_MB * 1024 * 1024)
          throw new CatalogueFileError(
            `The file is not valid CSV: movie ${read + 1} runs on for more than ${LONGEST_ROW_MB} MB (a quote left open?).`,
          );
        yield text;
      }
    })(),
  );
  let first = true;
  let ended = false;
  let failure = null as Error | null; // set in the callbacks, so not narrowed to null below
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  // Papa's own pause and resume drop rows a quote carries over a piece's end, so the flow is held
  // at the source instead: the file stops being read while MOST_QUEUED rows wait.
  Papa.parse<Record<string, string>>(input, {
    ...CSV_PARSE_CONFIG,
    chunk: (results, parser) => {
      if (failure) return;
      try {
        // Papa numbers a quote's error from its piece of text (the first one's header included),
        // and a line's wrong length from the file's first row.
        checkCsvErrors(results.errors, first ? 0 : read);
        if (first) checkCsvColumns(results.meta.fields ?? []);
      } catch (error) {
        // What the checks throw: a CatalogueFileError.
        failure = error as Error;
        parser.abort();
        input.destroy();
        return notify();
      }
      first = false;
      const records = csvRecords(results.data, results.errors, read);
      read += records.length;
      if (records.length) fedAtLastRow = fed;
      if (records.length) {
        queue.push(records);
        queued += records.length;
        if (queued >= MOST_QUEUED) input.pause();
      }
      notify();
    },
    complete: () => {
      ended = true;
      notify();
    },
    error: (error: Error) => {
      failure ??= error;
      notify();
    },
  });
  try {
    for (;;) {
      if (failure) throw failure;
      const rows = queue.shift();
      if (rows) {
        queued -= rows.length;
        if (queued < MOST_QUEUED && input.isPaused()) input.resume();
        await onRows(rows);
      } else if (ended) break;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    if (!ended || failure) input.destroy();
  }
  if (first) throw new CatalogueFileError("The CSV's first line must name its columns, among them id and name.");
  return read;
}
