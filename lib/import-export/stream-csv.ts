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

/**
 * Streams the CSV at `path` to `onRows`, in file order; resolves with the number of rows read.
 * Rejects with CatalogueFileError for a file that cannot be read (rows already passed to `onRows`
 * are then the caller's to discard: lib/import-export/record-rows.ts rolls them back).
 */
export function streamCatalogueCsv(path: string, onRows: (rows: ReadRecord[]) => Promise<void>): Promise<number> {
  const input = Readable.from(utf8Text(path));
  let read = 0;
  let first = true;
  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      input.destroy();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    Papa.parse<Record<string, string>>(input, {
      ...CSV_PARSE_CONFIG,
      chunk: (results, parser) => {
        if (failed) return;
        try {
          // Papa numbers a quote's error from its piece of text (the first one's header included),
          // and a line's wrong length from the file's first row.
          checkCsvErrors(results.errors, first ? 0 : read);
          if (first) checkCsvColumns(results.meta.fields ?? []);
        } catch (error) {
          parser.abort();
          return fail(error);
        }
        first = false;
        const records = csvRecords(results.data, results.errors, read);
        read += records.length;
        if (records.length === 0) return;
        // No more of the file is read until these rows are taken.
        parser.pause();
        input.pause();
        onRows(records).then(
          () => {
            input.resume();
            parser.resume();
          },
          (error: unknown) => {
            parser.abort();
            fail(error);
          },
        );
      },
      complete: () => {
        if (failed) return;
        if (first)
          return fail(new CatalogueFileError("The CSV's first line must name its columns, among them id and name."));
        resolve(read);
      },
      error: (error: Error) => fail(error),
    });
  });
}
