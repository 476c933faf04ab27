// The build step that writes a brotli copy beside every script and style sheet (lib/precompress-assets.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, expect, test } from "vitest";
import { precompressStaticAssets } from "@/lib/precompress-assets";

let projectDir: string;
afterEach(() => fs.rmSync(projectDir, { recursive: true, force: true }));

test("writes file.br beside every script and style sheet under static/, nested ones too, and nothing beside other files", async () => {
  projectDir = fs.mkdtempSync(path.join(os.tmpdir(), "precompress-"));
  const statics = path.join(projectDir, ".next-x", "static");
  fs.mkdirSync(path.join(statics, "chunks", "app"), { recursive: true });
  fs.mkdirSync(path.join(statics, "media"), { recursive: true });
  const script = "(globalThis.TURBOPACK||[]).push([1]);".repeat(50);
  fs.writeFileSync(path.join(statics, "chunks", "a.js"), script);
  fs.writeFileSync(path.join(statics, "chunks", "app", "b.css"), "body{margin:0}");
  fs.writeFileSync(path.join(statics, "media", "font.woff2"), Buffer.from([0x77, 0x4f, 0x46, 0x32]));

  await precompressStaticAssets({ projectDir, distDir: ".next-x" });

  const copy = fs.readFileSync(path.join(statics, "chunks", "a.js.br"));
  expect(zlib.brotliDecompressSync(copy).toString()).toBe(script);
  expect(copy.length).toBeLessThan(script.length / 10);
  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(statics, "chunks", "app", "b.css.br"))).toString()).toBe(
    "body{margin:0}",
  );
  expect(fs.readdirSync(path.join(statics, "media"))).toEqual(["font.woff2"]);
});
