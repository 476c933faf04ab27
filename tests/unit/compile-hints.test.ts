// The build step that puts V8's compile hint at the top of every browser script (lib/compile-hints.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { addCompileHints, COMPILE_HINT } from "@/lib/compile-hints";

let projectDir: string;
afterEach(() => fs.rmSync(projectDir, { recursive: true, force: true }));

test("hints every script under static/chunks once, nested ones too, and leaves other files alone", async () => {
  projectDir = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
  const chunks = path.join(projectDir, ".next-x", "static", "chunks");
  fs.mkdirSync(path.join(chunks, "app"), { recursive: true });
  fs.writeFileSync(path.join(chunks, "a.js"), "(globalThis.TURBOPACK||[]).push([1]);");
  fs.writeFileSync(path.join(chunks, "app", "b.js"), "console.log(2);\n");
  fs.writeFileSync(path.join(chunks, "c.css"), "body{margin:0}");

  await addCompileHints({ projectDir, distDir: ".next-x" });
  await addCompileHints({ projectDir, distDir: ".next-x" }); // a second build step changes nothing

  expect(fs.readFileSync(path.join(chunks, "a.js"), "utf8")).toBe(
    "//# allFunctionsCalledOnLoad\n(globalThis.TURBOPACK||[]).push([1]);",
  );
  expect(fs.readFileSync(path.join(chunks, "app", "b.js"), "utf8")).toBe(`${COMPILE_HINT}console.log(2);\n`);
  expect(fs.readFileSync(path.join(chunks, "c.css"), "utf8")).toBe("body{margin:0}");
});
