// Test-only route (exists only in `npm test` builds): what the server process's built-in prototypes
// hold that a fresh JavaScript realm's do not. Anything listed is prototype pollution, such as
// `Object.prototype.language` after an import whose CSV had a `__proto__.language` column
// (tests/api/prototype-pollution.test.ts and its fuzz ask after each run).
import vm from "node:vm";

const PROTOTYPES = ["Object", "Array", "Function", "String", "Number", "Boolean"];

/** Each own property's kind (`function`, `string`, ..., `accessor`), read without calling a getter. */
function describe(prototype: object): Record<string, string> {
  return Object.fromEntries(
    Object.getOwnPropertyNames(prototype).map((key) => {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, key)!;
      return [key, "value" in descriptor ? typeof descriptor.value : "accessor"];
    }),
  );
}

const prototypeOf = (name: string) => (globalThis as unknown as Record<string, { prototype: object }>)[name]!.prototype;

export function GET() {
  const fresh = vm.runInNewContext(`names.map((name) => (${describe.toString()})(globalThis[name].prototype))`, {
    names: PROTOTYPES,
  }) as Record<string, string>[];
  const changed = PROTOTYPES.flatMap((name, index) => {
    const pristine = fresh[index]!;
    return Object.entries(describe(prototypeOf(name)))
      .filter(([key, kind]) => !Object.hasOwn(pristine, key) || pristine[key] !== kind)
      .map(([key]) => `${name}.prototype.${key}`);
  });
  return Response.json({ changed }, { headers: { "cache-control": "no-store" } });
}
