// The database side of a backup, without pg_dump (the embedded PostgreSQL package ships none): every
// table of the `public` schema copied out with COPY inside one REPEATABLE READ transaction (one
// snapshot, so the tables agree with each other while the site keeps writing), and copied back in
// with COPY FROM into a database migrated to the same version.
//
// Not in a backup: Prisma's migration records (the restore re-applies the same migrations, which
// rebuilds them) and pg-boss's schema `pgboss` (docs/deploy.md "Backups": the job queue is work in
// flight, in pg-boss's own layout; it is rebuilt on start and the restore re-queues the transcodes
// the catalogue says were in flight).
import "server-only";
import type pg from "pg";

const MIGRATIONS_TABLE = "_prisma_migrations";
/** Tables a migration writes rows into (the catalogue's and the site's counters): a fresh database has rows there. */
export const TABLES_FILLED_BY_MIGRATIONS = new Set(["CatalogueCount", "SiteCount"]);

export type TableInfo = { name: string; columns: string[] };
export type AppliedMigration = { name: string; checksum: string };
export type SequenceValue = { name: string; lastValue: string; isCalled: boolean };

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** COPY's column list: every column except generated ones (which COPY FROM refuses). */
const columnList = (table: TableInfo) => table.columns.map(quoteIdent).join(", ");

export const copyOutSql = (table: TableInfo) => `COPY ${quoteIdent(table.name)} (${columnList(table)}) TO STDOUT`;
export const copyInSql = (table: TableInfo) => `COPY ${quoteIdent(table.name)} (${columnList(table)}) FROM STDIN`;

/**
 * The application's tables, parents before children (by their foreign keys), so that rows can be
 * copied back in this order with every constraint checked as they arrive.
 */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> $1
      GROUP BY c.relname
      ORDER BY c.relname`,
    [MIGRATIONS_TABLE],
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
      WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND k.conrelid <> k.confrelid`,
  );
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const remaining = [...tables];
  while (remaining.length > 0) {
    const ready = remaining.filter((table) =>
      references.every((ref) => ref.child !== table.name || placed.has(ref.parent)),
    );
    if (ready.length === 0)
      throw new Error(`Foreign keys form a cycle between ${remaining.map((t) => t.name).join(", ")}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
      remaining.splice(remaining.indexOf(table), 1);
    }
  }
  return ordered;
}

/** The migrations applied to the database, in order; null when it has never been migrated. */
export async function appliedMigrations(client: pg.ClientBase): Promise<AppliedMigration[] | null> {
  const { rows: exists } = await client.query<{ found: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS found`, [
    `public.${quoteIdent(MIGRATIONS_TABLE)}`,
  ]);
  if (!exists[0]?.found) return null;
  const { rows } = await client.query<AppliedMigration>(
    `SELECT migration_name AS name, checksum FROM ${quoteIdent(MIGRATIONS_TABLE)}
      WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL
      ORDER BY migration_name`,
  );
  return rows;
}

/**
 * Every sequence of the schema and where it stands. Sequences are outside transactions, so this may
 * be ahead of the snapshot: never behind it, which is what a restored sequence needs.
 */
export async function sequenceValues(client: pg.ClientBase): Promise<SequenceValue[]> {
  const { rows: sequences } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'S' AND c.relnamespace = 'public'::regnamespace ORDER BY 1`,
  );
  const values: SequenceValue[] = [];
  for (const { name } of sequences) {
    const { rows } = await client.query<{ lastValue: string; isCalled: boolean }>(
      `SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${quoteIdent(name)}`,
    );
    values.push({ name, ...rows[0]! });
  }
  return values;
}

export async function setSequences(client: pg.ClientBase, values: SequenceValue[]): Promise<void> {
  for (const value of values)
    await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [
      quoteIdent(value.name),
      value.lastValue,
      value.isCalled,
    ]);
}

/** The tables holding rows, apart from the rows migrations write themselves: a target must have none. */
export async function tablesWithRows(client: pg.ClientBase): Promise<string[]> {
  const found: string[] = [];
  for (const table of await listTables(client)) {
    if (TABLES_FILLED_BY_MIGRATIONS.has(table.name)) continue;
    const { rows } = await client.query<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${quoteIdent(table.name)}) AS any`,
    );
    if (rows[0]?.any) found.push(table.name);
  }
  return found;
}
