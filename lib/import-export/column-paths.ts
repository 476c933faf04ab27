// A CSV catalogue's column names as paths into the JSON shape (`casts.0.name` → casts[0].name), and
// the rows built from them. The names come from the file, so they are checked once, on the header,
// before any row is built: no segment may name a prototype (docs/security.md "Keys from outside never
// reach a prototype"), the paths stay shallow with small list numbers, and no column may contradict
// another (`casts` beside `casts.0.name`, or `casts.0.name` beside `casts.name`). Every object a row
// is built into has no prototype. Pure: the import reader, the CLI and the unit tests share it.
import { PROTOTYPE_KEY_REASON, emptyDictionary, isPrototypeKey } from "@/lib/validation/untrusted-keys";

/** A movie's deepest column is three segments (`subtitles.0.label`); a little room beyond for unknown ones. */
const MAX_COLUMN_SEGMENTS = 8;
/** Numbered columns count from 0; a list of more than a thousand is past every list's limit. */
const MAX_COLUMN_INDEX = 999;

export class ColumnNameError extends Error {
  constructor(
    readonly column: string,
    reason: string,
  ) {
    super(`The column "${shown(column)}" cannot be read: ${reason}.`);
  }
}

const shown = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);
const isIndex = (segment: string) => /^\d+$/.test(segment);

/** A node of the header's tree: a column's cell, or the branch of the columns under a prefix. */
type Node = { column: string; cell: boolean; numbered?: boolean; children: Map<string, Node> };

/** Checks a header's column names; throws ColumnNameError naming the first that cannot be read. */
export function checkColumnNames(columns: readonly string[]): void {
  const root: Node = { column: "", cell: false, children: new Map() };
  for (const column of columns) {
    const path = column.split(".");
    if (path.some(isPrototypeKey)) throw new ColumnNameError(column, PROTOTYPE_KEY_REASON);
    if (path.length > 1 && path.includes(""))
      throw new ColumnNameError(column, "its parts are names or numbers between single dots");
    if (path.length > MAX_COLUMN_SEGMENTS)
      throw new ColumnNameError(column, `a column name has at most ${MAX_COLUMN_SEGMENTS} parts`);
    if (path.some((segment) => isIndex(segment) && Number(segment) > MAX_COLUMN_INDEX))
      throw new ColumnNameError(column, `numbered columns go up to ${MAX_COLUMN_INDEX}`);
    let node = root;
    path.forEach((segment, index) => {
      // Under a prefix, items are all numbered (a list) or all named (a record); the row itself is a record.
      if (node !== root) {
        node.numbered ??= isIndex(segment);
        if (node.numbered !== isIndex(segment))
          throw new ColumnNameError(column, `"${shown(path.slice(0, index).join("."))}" is both numbered and named`);
      }
      const existing = node.children.get(segment);
      const last = index === path.length - 1;
      // `casts` beside `casts.0.name` (either order), or the same column twice.
      if (existing && (existing.cell || last))
        throw new ColumnNameError(column, `it overlaps the column "${shown(existing.column)}"`);
      const child = existing ?? { column, cell: last, children: new Map() };
      node.children.set(segment, child);
      node = child;
    });
  }
}

/**
 * One CSV line's cells (column → text, blank cells left out) as the JSON shape, the columns
 * checked by checkColumnNames first: `casts.0.name` → casts[0].name. Objects without a prototype.
 */
export function unflattenCells(cells: Iterable<[column: string, value: unknown]>): Record<string, unknown> {
  const record = emptyDictionary<unknown>();
  for (const [column, value] of cells) {
    const path = column.split(".");
    let target: Record<string, unknown> = record;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      // A list is an array only for its numbered items; it may skip numbers (closed up below).
      target[key] ??= isIndex(path[i + 1]!) ? [] : emptyDictionary<unknown>();
      target = target[key] as Record<string, unknown>;
    }
    target[path.at(-1)!] = value;
  }
  return closeGaps(record) as Record<string, unknown>;
}

/**
 * Numbered columns may skip numbers (an empty casts.1 between casts.0 and casts.2), at any depth:
 * every list is closed up, so no hole reaches validation or the database's JSON.
 */
function closeGaps(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(closeGaps);
  if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) (value as Record<string, unknown>)[key] = closeGaps(item);
  return value;
}
