// The repository carries its own contract: code, tests and docs cite docs/product.md and docs/api.md
// (docs/architecture.md "Where the rules are written"), never a document a clone does not have. This
// scans every file git tracks and names file:line for a reference to a docs page that does not exist,
// a quoted heading that the page does not have, or a mention of a document outside the repository.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** Tracked text files, without the installed and the generated ones. */
function trackedTextFiles(): Map<string, string> {
  const listed = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0");
  const files = new Map<string, string>();
  for (const file of listed) {
    if (!file || /(^|\/)node_modules\//.test(file) || file.startsWith("lib/generated/")) continue;
    if (path.basename(file) === "package-lock.json") continue;
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.join(root, file));
    } catch {
      continue; // deleted in the work tree, not yet in the index
    }
    if (bytes.subarray(0, 8000).includes(0)) continue; // videos, pictures
    files.set(file, bytes.toString("utf8"));
  }
  return files;
}

const files = trackedTextFiles();

/** Whitespace, and the comment marks that start a wrapped comment line. */
function flatten(text: string): string {
  return text
    .replace(/\s*\n\s*(?:\/\/|\*(?!\/)|#|\{\/\*)?\s*/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const headingsCache = new Map<string, Set<string>>();
/** The headings of a markdown file, any level, outside fenced code: the text after the #s. */
function headingsOf(doc: string): Set<string> {
  let headings = headingsCache.get(doc);
  if (headings) return headings;
  headings = new Set();
  let fenced = false;
  for (const line of (files.get(doc) ?? fs.readFileSync(path.join(root, doc), "utf8")).split("\n")) {
    if (/^ {0,3}(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^ {0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading) headings.add(flatten(heading[1] ?? ""));
  }
  headingsCache.set(doc, headings);
  return headings;
}

/**
 * A heading is cited by its whole text, or by the part before its subtitle: "Lighthouse" names
 * "Lighthouse (`npm run audit:lighthouse`)", "Stopping" names "Stopping: cancel, shutdown, crash".
 */
function cites(headings: Set<string>, quoted: string): boolean {
  return headings.has(quoted) || [...headings].some((h) => h.startsWith(`${quoted} (`) || h.startsWith(`${quoted}: `));
}

// A docs page or the README, not a path that merely ends so (node_modules/x/README.md).
const DOC_REFERENCE = /(?<![\w./-])(?:docs\/[\w.-]+\.md|README\.md)/g;
// The page, then `"Heading"`, `, "Heading"` or `("Heading")`; a comment may wrap in between.
const FIRST_HEADING = /,?[\s/*#]+\(?["“]([^"”]{1,200})["”]/y;
// Then `"A" and "B"`, `"A", "B"`, `"A" or "B"`.
const NEXT_HEADING = /[\s/*#]*(?:,|and|or)[\s/*#]*["“]([^"”]{1,200})["”]/y;

// The contract file's name, spelled apart so that this file does not trip its own scan.
const contractName = ["CONTR", "ACT"].join("");
const OUTSIDE_DOCUMENTS: [RegExp, string][] = [
  [new RegExp(String.raw`\b${contractName}(?:\.md)?\b`, "g"), "cites a contract file that is not in the repository"],
  [/\.\.\/shared/g, "points outside the repository"],
  [/\bspec(?:'s)?(?:[\s/*#]+sections?\b|[\s/*#]*§)/gi, "cites a specification that is not in the repository"],
  [/\bthe spec says\b/gi, "cites a specification that is not in the repository"],
];

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

function problemsIn(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(DOC_REFERENCE)) {
    const doc = match[0];
    const where = `${file}:${lineAt(text, match.index)}`;
    if (!fs.existsSync(path.join(root, doc))) {
      problems.push(`${where}: ${doc} does not exist`);
      continue;
    }
    let next = match.index + doc.length;
    for (const pattern of [FIRST_HEADING, NEXT_HEADING]) {
      for (;;) {
        pattern.lastIndex = next;
        const quoted = pattern.exec(text);
        if (!quoted) break;
        next = pattern.lastIndex;
        const heading = flatten(quoted[1] ?? "");
        if (!cites(headingsOf(doc), heading)) problems.push(`${where}: ${doc} has no heading "${heading}"`);
        if (pattern === FIRST_HEADING) break;
      }
      if (next === match.index + doc.length) break; // no first heading: no list either
    }
  }
  for (const [pattern, why] of OUTSIDE_DOCUMENTS) {
    for (const match of text.matchAll(pattern)) {
      problems.push(`${file}:${lineAt(text, match.index)}: "${match[0].replace(/\s+/g, " ")}" ${why}`);
    }
  }
  return problems;
}

describe("references to the repository's docs", () => {
  test("scans the tracked files, docs included", () => {
    expect(files.has("docs/product.md")).toBe(true);
    expect(files.has("docs/api.md")).toBe(true);
    expect(files.size).toBeGreaterThan(100);
  });

  test("every docs page and heading cited exists, and nothing cites a document outside the repository", () => {
    const problems = [...files].flatMap(([file, text]) => problemsIn(file, text));
    expect(problems).toEqual([]);
  });

  test("the checker finds what it is for", () => {
    // Spelled apart, so that this file does not trip its own scan.
    const docs = "docs/";
    const sample = [
      `// see ${docs}api.md "Search", ${docs}media.md "Stopping" and ${docs}nowhere.md`,
      `// (${docs}api.md, "No such heading")`,
      `// ${docs}security.md "Login`,
      `// throttling" wraps, and ${docs}deploy.md, "Backups" and "Not one"`,
      `// ${contractName}.md section 3, spec ${"section"} 5`,
    ].join("\n");
    expect(problemsIn("x.ts", sample)).toEqual([
      `x.ts:1: ${docs}nowhere.md does not exist`,
      `x.ts:2: ${docs}api.md has no heading "No such heading"`,
      `x.ts:4: ${docs}deploy.md has no heading "Not one"`,
      `x.ts:5: "${contractName}.md" cites a contract file that is not in the repository`,
      `x.ts:5: "spec ${"section"}" cites a specification that is not in the repository`,
    ]);
  });
});
