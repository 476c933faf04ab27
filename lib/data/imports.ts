import "server-only";
// Catalogue imports as records (tables ImportJob and ImportRow): created when a file is sent or a
// folder scan is asked for, advanced by the background job (lib/import-export/run.ts), read by the admin
// Import page, whose progress bar and row report survive a reload because they live here.
import { db } from "@/lib/database/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/errors";
import type { ImportRowItem, ImportRowPage, ImportSummary } from "@/lib/api-shapes";
import type { RowError } from "@/lib/validation/catalogue";
import { isUuid } from "@/lib/validation/ids";

export type { ImportRowPage, ImportSummary };
export type ImportOutcome = "created" | "updated" | "skipped" | "failed";

export const IMPORT_NOT_FOUND = "Import not found";
const IMPORT_ROWS_PAGE_SIZE = 50;
/** Rows written per statement: a statement's few MB of JSON text are a short piece of work for the process. */
const INSERT_BATCH = 250;

/**
 * A row as the file held it: its position, what it says it is, and its input: the record, with the
 * problems found reading it (a CSV line of the wrong length). The job checks and applies it.
 */
export type NewImportRow = {
  row: number;
  externalId: string;
  name: string;
  input: ImportRowInput;
};
export type ImportRowInput = { record: Record<string, unknown>; problems: RowError[] };

/**
 * Rows 1, 2, ... as columns, each input already JSON text (lib/import-export/catalogue-rows.ts makes them, in
 * the worker thread that reads an uploaded file): they are inserted as they are, never parsed or
 * serialized here.
 */
export type ImportRowColumns = { externalIds: string[]; names: string[]; inputs: string[] };

/** Records a new import with its rows (or a copy of an earlier import's rows), in one transaction. */
export async function createImportRecord(input: {
  kind: "file" | "folder";
  dryRun: boolean;
  fileName: string;
  siteOrigins: string[];
  createdById: string | null;
  rows: ImportRowColumns | { copyOf: string };
}): Promise<string> {
  return db.$transaction(
    async (tx) => {
      const { rows } = input;
      const { id } = await tx.importJob.create({
        data: {
          kind: input.kind,
          dryRun: input.dryRun,
          fileName: input.fileName.slice(0, 255),
          siteOrigins: input.siteOrigins,
          createdById: input.createdById,
          total: "copyOf" in rows ? await tx.importRow.count({ where: { importId: rows.copyOf } }) : rows.inputs.length,
        },
        select: { id: true },
      });
      if ("copyOf" in rows) await copyRows(tx, rows.copyOf, id);
      else await insertRows(tx, id, rows);
      return id;
    },
    { timeout: 60_000 },
  );
}

async function insertRows(tx: Prisma.TransactionClient, importId: string, rows: ImportRowColumns): Promise<void> {
  for (let start = 0; start < rows.inputs.length; start += INSERT_BATCH) {
    const end = start + INSERT_BATCH;
    await tx.$executeRaw`
      INSERT INTO "ImportRow" ("importId", "row", "externalId", "name", "input")
      SELECT ${importId}::uuid, ${start}::int + v.n::int, v.external, v.name, v.input::jsonb
      FROM unnest(${rows.externalIds.slice(start, end)}::text[], ${rows.names.slice(start, end)}::text[],
                  ${rows.inputs.slice(start, end)}::text[]) WITH ORDINALITY AS v(external, name, input, n)`;
  }
}

/** An earlier import's rows, as the file held them, for a new import: copied inside the database. */
async function copyRows(tx: Prisma.TransactionClient, fromId: string, toId: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "ImportRow" ("importId", "row", "externalId", "name", "input")
    SELECT ${toId}::uuid, "row", "externalId", "name", "input" FROM "ImportRow" WHERE "importId" = ${fromId}::uuid`;
}

/** A folder scan found its rows only once the job ran: they join the import then. */
export async function addImportRows(importId: string, rows: ImportRowColumns): Promise<void> {
  await db.$transaction(
    async (tx) => {
      await insertRows(tx, importId, rows);
      await tx.importJob.update({ where: { id: importId }, data: { total: rows.inputs.length } });
    },
    { timeout: 60_000 },
  );
}

/** The job's own facts, for the runner. */
export async function getImportJob(importId: string) {
  return db.importJob.findUnique({
    where: { id: importId },
    select: {
      id: true,
      kind: true,
      dryRun: true,
      state: true,
      siteOrigins: true,
      createdById: true,
      total: true,
      _count: { select: { rows: true } },
    },
  });
}

export async function markImportRunning(importId: string): Promise<void> {
  await db.importJob.update({
    where: { id: importId },
    data: { state: "running", startedAt: new Date(), error: null },
  });
}

export async function finishImport(importId: string, error?: string): Promise<void> {
  await db.importJob.update({
    where: { id: importId },
    data: { state: error ? "failed" : "done", error: error ?? null, finishedAt: new Date() },
  });
}

/**
 * The next rows the job has not come to, in file order, after row `after`: a walk along the primary
 * key (importId, row) from where the last batch ended, so each batch reads its own rows and no more
 * however long the import (a sort of every row left had made a million-row import quadratic).
 */
export async function pendingImportRows(importId: string, after: number, limit: number) {
  const rows = await db.importRow.findMany({
    where: { importId, row: { gt: after }, outcome: null },
    select: { row: true, input: true },
    orderBy: { row: "asc" },
    take: limit,
  });
  return rows.map((row) => ({ row: row.row, input: row.input as unknown as ImportRowInput }));
}

/**
 * Where a job (re)starts: the rows before its first row without an outcome are done (outcomes are
 * recorded a batch at a time, in file order), and how many have one. Read once a run.
 */
export async function importResumePoint(importId: string): Promise<{ after: number; done: number }> {
  const [first, done] = await Promise.all([
    db.importRow.findFirst({ where: { importId, outcome: null }, select: { row: true }, orderBy: { row: "asc" } }),
    db.importRow.count({ where: { importId, outcome: { not: null } } }),
  ]);
  return { after: (first?.row ?? 1) - 1, done };
}

export type RowOutcome = { row: number; outcome: ImportOutcome; errors: RowError[]; movieId: string | null };

/**
 * Writes a batch of rows' outcomes in one statement and moves the progress on by the rows it gave an
 * outcome (a running count, in the same statement: recounting every row done had grown with the import).
 */
export async function recordRowOutcomes(importId: string, outcomes: RowOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await db.$executeRaw`
    WITH recorded AS (
      UPDATE "ImportRow" r
      SET "outcome" = v.outcome::"ImportOutcome", "errors" = v.errors::jsonb, "movieId" = v.movie::uuid
      FROM unnest(${outcomes.map((o) => o.row)}::int[], ${outcomes.map((o) => o.outcome)}::text[],
                  ${outcomes.map((o) => JSON.stringify(o.errors))}::text[], ${outcomes.map((o) => o.movieId)}::text[])
        AS v(row, outcome, errors, movie)
      WHERE r."importId" = ${importId}::uuid AND r."row" = v.row AND r."outcome" IS NULL
      RETURNING 1
    )
    UPDATE "ImportJob" SET "processed" = "processed" + (SELECT count(*) FROM recorded)::int
    WHERE "id" = ${importId}::uuid`;
}

const summarySelect = {
  id: true,
  kind: true,
  dryRun: true,
  state: true,
  fileName: true,
  total: true,
  processed: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  createdBy: { select: { fullName: true } },
} satisfies Prisma.ImportJobSelect;
type SummaryRow = Prisma.ImportJobGetPayload<{ select: typeof summarySelect }>;

async function outcomeCounts(importIds: string[]): Promise<Map<string, ImportSummary["counts"]>> {
  const groups = await db.importRow.groupBy({
    by: ["importId", "outcome"],
    where: { importId: { in: importIds }, outcome: { not: null } },
    _count: { _all: true },
  });
  const counts = new Map<string, ImportSummary["counts"]>();
  for (const id of importIds) counts.set(id, { created: 0, updated: 0, skipped: 0, failed: 0 });
  for (const group of groups) if (group.outcome) counts.get(group.importId)![group.outcome] = group._count._all;
  return counts;
}

function toSummary(row: SummaryRow, counts: ImportSummary["counts"]): ImportSummary {
  return {
    _id: row.id,
    kind: row.kind,
    dryRun: row.dryRun,
    state: row.state,
    fileName: row.fileName,
    total: row.total,
    processed: row.processed,
    counts,
    error: row.error,
    createdBy: row.createdBy?.fullName ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** GET /api/admin/imports/{id}: where an import stands. */
export async function getImportSummary(importId: string): Promise<ImportSummary> {
  if (!isUuid(importId)) throw notFound(IMPORT_NOT_FOUND);
  const row = await db.importJob.findUnique({ where: { id: importId }, select: summarySelect });
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return toSummary(row, (await outcomeCounts([row.id])).get(row.id)!);
}

/** GET /api/admin/imports: the latest imports, newest first (the Import page shows the running one). */
export async function listImports(limit = 10): Promise<ImportSummary[]> {
  const rows = await db.importJob.findMany({ select: summarySelect, orderBy: { createdAt: "desc" }, take: limit });
  const counts = await outcomeCounts(rows.map((row) => row.id));
  return rows.map((row) => toSummary(row, counts.get(row.id)!));
}

const importRowSelect = {
  row: true,
  externalId: true,
  name: true,
  outcome: true,
  errors: true,
  movieId: true,
} satisfies Prisma.ImportRowSelect;

function toImportRowItem(row: Prisma.ImportRowGetPayload<{ select: typeof importRowSelect }>): ImportRowItem {
  return {
    row: row.row,
    externalId: row.externalId,
    name: row.name,
    outcome: row.outcome,
    errors: row.errors as RowError[],
    movieId: row.movieId,
  };
}

/** GET /api/admin/imports/{id}/rows: every row's outcome and errors, a page at a time, optionally of one outcome. */
export async function listImportRows(
  importId: string,
  query: { page?: number; outcome?: ImportOutcome },
): Promise<ImportRowPage> {
  if (!isUuid(importId)) throw notFound(IMPORT_NOT_FOUND);
  if (!(await db.importJob.count({ where: { id: importId } }))) throw notFound(IMPORT_NOT_FOUND);
  const page = query.page ?? 1;
  const where = { importId, ...(query.outcome && { outcome: query.outcome }) };
  const [rows, rowsCount] = await Promise.all([
    db.importRow.findMany({
      where,
      select: importRowSelect,
      orderBy: { row: "asc" },
      skip: (page - 1) * IMPORT_ROWS_PAGE_SIZE,
      take: IMPORT_ROWS_PAGE_SIZE,
    }),
    db.importRow.count({ where }),
  ]);
  return {
    rows: rows.map(toImportRowItem),
    rowsCount,
    totalPage: Math.ceil(rowsCount / IMPORT_ROWS_PAGE_SIZE),
    currentPage: page,
  };
}

const ROWS_PER_READ = 1000;

/**
 * Every row of an import in order (or those of one outcome), read a thousand at a time from the last
 * row read: `npm run import`'s report of a file of any size. Pages of 50 by OFFSET, each counted,
 * would take time growing with the square of the rows (hours for a million).
 */
export async function* importRowsInOrder(importId: string, outcome?: ImportOutcome): AsyncGenerator<ImportRowItem> {
  for (let after = 0; ;) {
    const rows = await db.importRow.findMany({
      where: { importId, row: { gt: after }, ...(outcome && { outcome }) },
      select: importRowSelect,
      orderBy: { row: "asc" },
      take: ROWS_PER_READ,
    });
    yield* rows.map(toImportRowItem);
    if (rows.length < ROWS_PER_READ) return;
    after = rows.at(-1)!.row;
  }
}
