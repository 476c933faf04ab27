// Every browser script of the build starts with V8's explicit compile hint, so Chrome compiles the
// whole file as it downloads, on a background thread, instead of compiling each function on the page's
// main thread the first time it is called (https://v8.dev/blog/explicit-compile-hints, Chrome 136).
// Nearly all of a page's script runs as it starts (React, Next's router, the page's components), and
// compiling it on first call was most of the long task a phone's taps wait behind while a page
// starts: with a 4x slower CPU, the home page's blocking time went from 223 to 54 ms
// (docs/performance.md, "Scripts compiled as they download"). Browsers without the hint read a comment.
//
// Run by `next build` itself once it has written the chunks (next.config.ts,
// `compiler.runAfterProductionCompile`), so every way of building (npm start, the Dockerfile, a
// platform's build command) serves hinted files. A file already hinted is left as it is.
import fs from "node:fs/promises";
import path from "node:path";

/** The magic comment; V8 reads it only as the file's first line. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

export async function addCompileHints({ projectDir, distDir }: { projectDir: string; distDir: string }) {
  const chunks = path.join(path.resolve(projectDir, distDir), "static", "chunks");
  const entries = await fs.readdir(chunks, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = await fs.readFile(file, "utf8");
    if (!source.startsWith(COMPILE_HINT)) await fs.writeFile(file, COMPILE_HINT + source);
  }
}
