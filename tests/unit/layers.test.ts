// The folder cycles still left in lib/ (docs/architecture.md "Layers"). dependency-cruiser reports them
// as warnings in `npm run lint`; this test holds the list: a new cycle fails it, and so does one that
// has been taken apart, so the list can only shrink.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

/** Each edge between two folders that closes a cycle, as "from -> to". */
const KNOWN_FOLDER_CYCLE_EDGES = ["lib/auth -> lib/data", "lib/data -> lib/auth"];

type Violation = { rule: { name: string; severity: string }; from: string; to: string };

function cruise(): Violation[] {
  const output = execFileSync(
    process.execPath,
    [
      "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs",
      "app",
      "components",
      "lib",
      "server.ts",
      "--output-type",
      "json",
    ],
    { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  return (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
}

describe("layers", () => {
  const violations = cruise();

  it("no folder cycle beyond the known ones, and none of those has been fixed without taking it off the list", () => {
    const edges = [
      ...new Set(violations.filter((v) => v.rule.name === "no-folder-cycle").map((v) => `${v.from} -> ${v.to}`)),
    ].sort();
    expect(edges).toEqual(KNOWN_FOLDER_CYCLE_EDGES);
  });

  it("breaks no other rule (file cycles, upward imports, Next's internals)", () => {
    expect(violations.filter((v) => v.rule.severity === "error")).toEqual([]);
  });
});
