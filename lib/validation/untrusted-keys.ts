// Objects whose keys come from outside: a CSV header, a JSON body or file, a query string. Written
// through naively (`target[key] ??= {}`), the key `__proto__` reaches Object.prototype and
// `constructor.prototype` reaches it too, so one request could change every object of the process
// (prototype pollution, docs/security.md "Keys from outside never reach a prototype"). Such keys name
// no field of Marquee: they are refused, and what is built from outside keys has no prototype.
// Pure (no server-only): the route wrapper, the import reader and the unit tests share it.

/** Keys that lead from an object to its prototype or its constructor's, never a field's name. */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

export const isPrototypeKey = (key: string) => PROTOTYPE_KEYS.has(key);

/** Why a key path was refused, for the message that names it. */
export const PROTOTYPE_KEY_REASON = "__proto__, constructor and prototype cannot name a field";

/**
 * An empty object without a prototype: whatever key is written to it (`__proto__` included) is an
 * own property of it, and nothing is inherited that a missing key could be mistaken for.
 */
export const emptyDictionary = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/**
 * How deep a JSON body may nest objects and lists. The deepest real one (a movie's casts) is three;
 * a body nested thousands deep (a megabyte of `[`) would overflow the stack of whatever walks it
 * recursively later (a log line, a library): a 500.
 */
export const MAX_JSON_BODY_DEPTH = 32;

/** The first key that names a prototype in a parsed JSON value, or the deepest nesting past `maxDepth`. */
export type JsonKeyFinding = { kind: "prototype key"; path: string } | { kind: "too deep"; path: string } | null;

/**
 * Walks a value JSON.parse made, breadth-first without recursion (a value nested 100,000 levels deep
 * walks in a loop, not on the stack), and reports the first key path that names a prototype or goes
 * deeper than `maxDepth` objects and arrays. `{}` is depth 1, `{"casts":[{}]}` depth 3.
 */
export function inspectJsonKeys(value: unknown, maxDepth: number): JsonKeyFinding {
  let level: { value: unknown; path: string }[] = [{ value, path: "" }];
  for (let depth = 1; level.length > 0; depth++) {
    const next: { value: unknown; path: string }[] = [];
    for (const { value: node, path } of level) {
      if (node === null || typeof node !== "object") continue;
      if (depth > maxDepth) return { kind: "too deep", path };
      if (Array.isArray(node)) {
        node.forEach((item, index) => next.push({ value: item, path: joinPath(path, String(index)) }));
        continue;
      }
      for (const key of Object.keys(node)) {
        if (isPrototypeKey(key)) return { kind: "prototype key", path: joinPath(path, key) };
        next.push({ value: (node as Record<string, unknown>)[key], path: joinPath(path, key) });
      }
    }
    level = next;
  }
  return null;
}

const joinPath = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);
