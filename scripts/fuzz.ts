// `npm run fuzz [-- --runs 10000 --http-runs 500]`: the suite's property tests of input keys, run far
// longer (docs/security.md "Fuzz: keys from outside"). The same files as `npm test` runs, with more
// cases per property:
//   tests/unit/catalogue-file-fuzz.test.ts  the import reader in this process: random CSV column names
//                                           and nested JSON movies (--runs cases per property)
//   tests/api/fuzz-keys.test.ts             the built app: random JSON bodies at every endpoint that
//                                           takes one, random query parameters at every endpoint,
//                                           random CSV and JSON dry-run imports (--http-runs cases)
// Each run starts from a new random seed; a failure prints fast-check's seed and the shrunk
// counterexample, which belongs in a plain test once fixed.
// It prints how many cases ran and how long each part took; the exit code is the tests'.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "10000" }, "http-runs": { type: "string", default: "500" } },
});
const runs = Number(values.runs);
const httpRuns = Number(values["http-runs"]);
const root = path.resolve(import.meta.dirname, "..");

function part(tier: "unit" | "integration", file: string, env: Record<string, string>) {
  const started = Date.now();
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/test.ts", tier, file], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return { ok: result.status === 0, seconds: (Date.now() - started) / 1000 };
}

const reader = part("unit", "tests/unit/catalogue-file-fuzz.test.ts", { FUZZ_RUNS: String(runs) });
const server = part("integration", "tests/api/fuzz-keys.test.ts", { FUZZ_HTTP_RUNS: String(httpRuns) });

const httpCases = httpRuns * 2 + Math.ceil(httpRuns / 2);
console.log("\nFuzz: keys from outside");
console.log(
  `  import reader (in process)  ${2 * runs} cases  ${reader.seconds.toFixed(0)} s  ${reader.ok ? "no findings" : "FAILED"}`,
);
console.log(
  `  built app over HTTP         ${httpCases} cases  ${server.seconds.toFixed(0)} s (a build included if stale)  ${server.ok ? "no findings" : "FAILED"}`,
);
process.exitCode = reader.ok && server.ok ? 0 : 1;
