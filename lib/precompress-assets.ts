// Every script and style sheet of the build is also written brotli-compressed at brotli's highest
// quality (`chunk.js.br` beside `chunk.js`), once, by `next build` itself (next.config.ts,
// `compiler.runAfterProductionCompile`, after the compile hints). That quality takes about a second
// for React's chunk, far too slow for a server to spend per request, and gives 14% fewer bytes than
// the gzip a server makes as it answers: a page's first-load JavaScript and CSS, 171 kB in gzip, is
// 147 kB. server.ts sends these files to every browser that accepts brotli (lib/http/static-assets.ts);
// docs/performance.md, "Brotli: the scripts compressed once at build".
// Relative imports only: next.config.ts loads this file, and its loader knows no path aliases.
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

/** The files compressed ahead: everything else under static/ (fonts, pictures) is compressed already. */
export const PRECOMPRESSED_FILE = /\.(js|css)$/;
export const BROTLI_SUFFIX = ".br";

const brotliCompress = promisify(zlib.brotliCompress);

export async function precompressStaticAssets({ projectDir, distDir }: { projectDir: string; distDir: string }) {
  const root = path.join(path.resolve(projectDir, distDir), "static");
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && PRECOMPRESSED_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  // All at once: zlib runs each in libuv's thread pool, four at a time.
  await Promise.all(
    files.map(async (file) => {
      const source = await fs.readFile(file);
      const compressed = await brotliCompress(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      });
      await fs.writeFile(file + BROTLI_SUFFIX, compressed);
    }),
  );
}
