// The streaming CSV reader of `npm run import` (lib/import-export/stream-csv.ts) on files too big to
// hold: a quote left open near the start is refused once a row runs past LONGEST_ROW_MB, not after
// the rest of the file has been carried into one cell.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { LONGEST_ROW_MB, streamCatalogueCsv } from "@/lib/import-export/stream-csv";
import type { ReadRecord } from "@/lib/import-export/catalogue-file";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-stream-csv-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A CSV of `rows` drafts, with `line` changing any of them. No quotes: one left open finds no end. */
function writeCsv(name: string, rows: number, line = (number: number, text: string) => text): string {
  const file = path.join(work, name);
  const out = fs.openSync(file, "w");
  fs.writeSync(out, "id,name,year,draft\n");
  for (let number = 1; number <= rows; number++)
    fs.writeSync(out, `${line(number, `s-${number},Streamed movie ${number},2001,true`)}\n`);
  fs.closeSync(out);
  return file;
}

async function readAll(file: string): Promise<{ batches: ReadRecord[][]; rows: number }> {
  const batches: ReadRecord[][] = [];
  const rows = await streamCatalogueCsv(file, (batch) => {
    batches.push(batch);
    return Promise.resolve();
  });
  return { batches, rows };
}

test("a file of 100,000 movies is read whole, in order, a few hundred rows at a time", async () => {
  const { batches, rows } = await readAll(writeCsv("whole.csv", 100_000));
  expect(rows).toBe(100_000);
  const all = batches.flat();
  expect(all.map(({ record }) => record.id)).toEqual(Array.from({ length: 100_000 }, (_, index) => `s-${index + 1}`));
  expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(2_000);
});

test(`a quote left open near the start is refused once its row passes ${LONGEST_ROW_MB} MB`, async () => {
  // 300,000 lines, about 12 MB after the quote at movie 10: Papa alone would report it at the end.
  const file = writeCsv("open-quote.csv", 300_000, (number, text) =>
    number === 10 ? `s-10,"Open quote,2001,true` : text,
  );
  const passed: unknown[] = [];
  await expect(
    streamCatalogueCsv(file, (batch) => {
      passed.push(...batch.map(({ record }) => record.id));
      return Promise.resolve();
    }),
  ).rejects.toThrow(
    `The file is not valid CSV: movie 10 runs on for more than ${LONGEST_ROW_MB} MB (a quote left open?).`,
  );
  expect(passed).toEqual(Array.from({ length: 9 }, (_, index) => `s-${index + 1}`));
});
