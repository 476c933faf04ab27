import "server-only";
// Runs one catalogue import (docs/import.md), in the background job (lib/worker) or in `npm run import`.
// A batch of rows at a time, in file order: check each row; on a dry run, say what would happen and
// write nothing to the catalogue; on the real run, bring each row's media into storage and find its
// category, then create or update the batch's movies set-based (lib/data/imported-movies.ts), falling
// back to one row at a time for a batch the database refuses, so a row's error stays its own. Each
// row's outcome and errors are recorded a batch at a time, which is the progress the admin sees. A
// job that stops midway (a restart) picks up at the first row without an outcome, and rows already
// written are matched by their external id, so nothing is imported twice.
import {
  addImportRows,
  finishImport,
  getImportJob,
  importResumePoint,
  markImportRunning,
  pendingImportRows,
  recordRowOutcomes,
  type ImportRowInput,
  type RowOutcome,
} from "@/lib/data/imports";
import {
  ensureCategory,
  findImportedMovies,
  importedMovieKey,
  importedMoviesTags,
  saveImportedMovie,
  saveImportedMovies,
  type ImportedMovieInput,
  type SavedImportedMovie,
} from "@/lib/data/imported-movies";
import { writeEffects, type WriteEffects } from "@/lib/data/write-effects";
import { expireTagsOutsideRequests } from "@/lib/cache/expire-tags";
import { Prisma } from "@/lib/generated/prisma/client";
import { IngestError, type IngestKind } from "@/lib/media/ingest";
import { checkCatalogueRow, type CatalogueRow, type RowError } from "@/lib/validation/catalogue";
import { carryOut } from "@/lib/writes/effects";
import { importRowColumns } from "./catalogue-rows";
import { scanImportDir } from "./folder";
import { MediaSources } from "./media-sources";

const BATCH = 500;

type MediaField = { field: string; kind: IngestKind; value: string };

/** The media fields of a row: where each is, and what it must be. */
function mediaOf(row: Pick<CatalogueRow, "image" | "titleImage" | "video" | "casts" | "subtitles">): MediaField[] {
  const fields: { field: string; kind: IngestKind; value: string | undefined }[] = [
    { field: "image", kind: "image", value: row.image },
    { field: "titleImage", kind: "image", value: row.titleImage },
    { field: "video", kind: "video", value: row.video },
    ...(row.casts ?? []).map((cast, index) => ({
      field: `casts.${index}.image`,
      kind: "image" as const,
      value: cast.image,
    })),
    ...(row.subtitles ?? []).map((subtitle, index) => ({
      field: `subtitles.${index}.url`,
      kind: "subtitle" as const,
      value: subtitle.url,
    })),
  ];
  return fields.filter((media): media is MediaField => typeof media.value === "string" && media.value !== "");
}

/** The media of a record that did not pass its checks, so a dry run can report on them too. */
function mediaOfRecord(record: Record<string, unknown>, errors: RowError[]): MediaField[] {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const list = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
  const media = mediaOf({
    image: text(record.image),
    titleImage: text(record.titleImage),
    video: text(record.video),
    casts: list(record.casts).map((cast) => ({ name: "", image: text(cast?.image) ?? "" })),
    subtitles: list(record.subtitles).map((subtitle) => ({ language: "", label: "", url: text(subtitle?.url) ?? "" })),
  });
  const invalid = new Set(errors.map((error) => error.field));
  return media.filter((field) => !invalid.has(field.field));
}

/** The problems found reading the file, then the rule checks (one message per field: reading's first). */
function checkRow(input: ImportRowInput): { row: CatalogueRow | null; errors: RowError[] } {
  const checked = checkCatalogueRow(input.record);
  if (checked.ok && input.problems.length === 0) return { row: checked.row, errors: [] };
  const taken = new Set(input.problems.map((problem) => problem.field));
  const errors = [...input.problems, ...(checked.ok ? [] : checked.errors.filter((error) => !taken.has(error.field)))];
  return { row: null, errors };
}

const failed = (row: number, errors: RowError[]): RowOutcome => ({ row, outcome: "failed", errors, movieId: null });

export type ImportProgress = (done: number, total: number) => void;

/** Runs the import to its end (or to the first error that stops it all, which is recorded and rethrown). */
export async function runImport(importId: string, onProgress?: ImportProgress): Promise<void> {
  const job = await getImportJob(importId);
  if (!job || job.state === "done") return;
  await markImportRunning(importId);
  try {
    if (job.kind === "folder" && job._count.rows === 0) {
      const films = await scanImportDir();
      await addImportRows(
        importId,
        importRowColumns(
          films.map((film) => ({ externalId: String(film.record.id), name: String(film.record.name), input: film })),
        ),
      );
    }
    const total = (await getImportJob(importId))?.total ?? 0;
    const media = new MediaSources(job.siteOrigins, job.createdById);
    const categories = new Map<string, string>();
    let { after, done } = await importResumePoint(importId);
    for (;;) {
      const rows = await pendingImportRows(importId, after, BATCH);
      if (rows.length === 0) break;
      after = rows.at(-1)!.row;
      const checked = rows.map((row) => ({ number: row.row, record: row.input.record, ...checkRow(row.input) }));
      const existing = await findImportedMovies(checked.flatMap((row) => (row.row ? [row.row.id] : [])));
      const outcomes: RowOutcome[] = [];
      const toSave: { number: number; input: ImportedMovieInput }[] = [];
      let categoriesCreated = false;
      for (const { number, record, row, errors } of checked) {
        if (!row) {
          // A dry run reports every problem: the media named in a row that fails its checks too.
          const mediaErrors = job.dryRun ? await checkMedia(media, mediaOfRecord(record, errors)) : [];
          outcomes.push(failed(number, [...errors, ...mediaErrors]));
          continue;
        }
        const match = existing.get(row.id);
        // A folder scan adds the films it has not seen; one imported before may have been completed since.
        if (job.kind === "folder" && match) {
          outcomes.push({ row: number, outcome: "skipped", errors: [], movieId: match.id });
          continue;
        }
        if (job.dryRun) {
          const problems = await checkMedia(media, mediaOf(row));
          outcomes.push(
            problems.length
              ? failed(number, problems)
              : { row: number, outcome: match ? "updated" : "created", errors: [], movieId: match?.id ?? null },
          );
          continue;
        }
        const prepared = await prepareRow(media, row, categories);
        if ("errors" in prepared) outcomes.push(failed(number, prepared.errors));
        else {
          categoriesCreated ||= prepared.categoryCreated;
          toSave.push({ number, input: prepared.input });
        }
      }
      const updated: string[] = [];
      const effects: WriteEffects[] = [];
      const saved = await saveRows(toSave.map((item) => item.input));
      toSave.forEach(({ number }, index) => {
        const result = saved[index]!;
        if ("errors" in result) return void outcomes.push(failed(number, result.errors));
        effects.push(result.effects);
        if (!result.created) updated.push(result.id);
        outcomes.push({ row: number, outcome: result.created ? "created" : "updated", errors: [], movieId: result.id });
      });
      // Their files, replaced media and transcodes, once the batch has committed; the tags expire below.
      await carryOut(mergeEffects(effects));
      await recordRowOutcomes(importId, outcomes);
      if (!job.dryRun && outcomes.some((outcome) => outcome.outcome !== "failed" && outcome.outcome !== "skipped"))
        await expireTagsOutsideRequests(...importedMoviesTags(updated, categoriesCreated));
      done += outcomes.length;
      onProgress?.(done, total);
    }
    await finishImport(importId);
  } catch (error) {
    await finishImport(importId, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/** A dry run's look at a row's media: what would fail if it ran. */
async function checkMedia(media: MediaSources, fields: MediaField[]): Promise<RowError[]> {
  const errors: RowError[] = [];
  for (const { field, kind, value } of fields) {
    try {
      await media.check(value, kind);
    } catch (error) {
      if (!(error instanceof IngestError)) throw error;
      errors.push({ field, message: error.message });
    }
  }
  return errors;
}

/** The real run's work on one row before it is saved: its media into storage, its category. */
async function prepareRow(
  media: MediaSources,
  row: CatalogueRow,
  categories: Map<string, string>,
): Promise<{ input: ImportedMovieInput; categoryCreated: boolean } | { errors: RowError[] }> {
  const errors: RowError[] = [];
  const stored = new Map<string, string>();
  for (const { field, kind, value } of mediaOf(row)) {
    try {
      stored.set(field, await media.bring(value, kind));
    } catch (error) {
      if (!(error instanceof IngestError)) throw error;
      errors.push({ field, message: error.message });
    }
  }
  if (errors.length) return { errors };
  let categoryId: string | undefined;
  let categoryCreated = false;
  if (row.category) {
    const key = row.category.toLowerCase();
    categoryId = categories.get(key);
    if (!categoryId) {
      const category = await ensureCategory(row.category);
      categories.set(key, category.id);
      categoryId = category.id;
      categoryCreated = category.created;
    }
  }
  const input: ImportedMovieInput = {
    externalId: row.id,
    draft: row.draft === true,
    name: row.name,
    year: row.year,
    desc: row.desc,
    hour: row.hour,
    language: row.language,
    categoryId,
    image: stored.get("image"),
    titleImage: stored.get("titleImage"),
    video: stored.get("video"),
    casts: row.casts?.map((cast, index) => ({ name: cast.name, image: stored.get(`casts.${index}.image`)! })),
    subtitles: row.subtitles?.map((subtitle, index) => ({
      language: subtitle.language,
      label: subtitle.label,
      url: stored.get(`subtitles.${index}.url`)!,
    })),
  };
  // Left-out fields keep what the movie has (a draft's), so they are not sent as undefined values.
  return {
    input: Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as ImportedMovieInput,
    categoryCreated,
  };
}

type SaveResult = SavedImportedMovie | { errors: RowError[] };

/**
 * Saves a batch's movies in file order: set-based, a run of rows at a time (cut where an external id
 * comes again, so a row that updates what an earlier row of the batch created comes after it). When
 * the database refuses a run, nothing of it was written and its rows are saved one by one instead, so
 * the refused row fails alone with its own error and the others are saved.
 */
async function saveRows(inputs: ImportedMovieInput[]): Promise<SaveResult[]> {
  const results: SaveResult[] = [];
  for (const run of distinctRuns(inputs)) {
    try {
      results.push(...(await saveImportedMovies(run)));
    } catch (error) {
      // In the log, so a file whose batches keep being refused (each then runs at a row's pace) is seen.
      console.warn(
        `Import: the database refused a batch of ${run.length} rows (${lastLine(error)}); saving them one by one`,
      );
      for (const input of run) results.push(await saveOne(input));
    }
  }
  return results;
}

/** An error's last line: Prisma's messages end with the database's own. */
const lastLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).trim().split("\n").at(-1)!.trim();

/** Consecutive runs of rows whose external ids name distinct movies. */
function distinctRuns(inputs: ImportedMovieInput[]): ImportedMovieInput[][] {
  const runs: ImportedMovieInput[][] = [];
  let keys = new Set<string>();
  for (const input of inputs) {
    const key = importedMovieKey(input.externalId);
    if (runs.length === 0 || keys.has(key)) {
      runs.push([]);
      keys = new Set();
    }
    keys.add(key);
    runs.at(-1)!.push(input);
  }
  return runs;
}

async function saveOne(input: ImportedMovieInput): Promise<SaveResult> {
  try {
    return await saveImportedMovie(input);
  } catch (error) {
    // A refusal of this row by the database (a constraint) fails the row, not the import.
    if (error instanceof Prisma.PrismaClientKnownRequestError)
      return { errors: [{ field: "row", message: `The movie could not be saved (${error.code})` }] };
    throw error;
  }
}

/** One batch's effects as one, carried out once the batch has committed. */
function mergeEffects(effects: WriteEffects[]): WriteEffects {
  return writeEffects({
    staleTags: effects.flatMap((effect) => effect.staleTags),
    unreferencedFiles: [...new Set(effects.flatMap((effect) => effect.unreferencedFiles))],
    discardedMedia: effects.flatMap((effect) => effect.discardedMedia),
    transcodes: effects.flatMap((effect) => effect.transcodes),
  });
}
