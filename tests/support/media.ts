// Small real media files for upload tests, and a look into the app's local storage folder.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..", "..");

/** An 8×8 image of the given format, made by sharp (so its bytes are a real file of that type). */
export function imageOf(format: "png" | "jpeg" | "webp"): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

/**
 * Tiny videos of each accepted container. mp4 is a committed demo clip; the others were made once
 * with `ffmpeg -f lavfi -i testsrc=size=32x32:rate=5 -t 0.4 -pix_fmt yuv420p tiny.<ext>` and committed.
 */
export function videoOf(extension: "mp4" | "avi" | "mkv" | "mov" | "wmv" | "flv"): Buffer {
  if (extension === "mp4") return fs.readFileSync(path.join(root, "prisma/seed/media/colour-bars.mp4"));
  return fs.readFileSync(path.join(root, "tests/fixtures/media", `tiny.${extension}`));
}

/** Every file under the app's local upload folder (npm test runs the app with STORAGE_DRIVER=local). */
export function storedFiles(): string[] {
  const dir = process.env.STORAGE_LOCAL_DIR!;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Names the upload endpoint gives (a UUID), including its partial files; other tests store other names. */
const UPLOADED_NAME = /^(image|movie|subtitle)\/[0-9a-f]{8}-[0-9a-f-]{27}\.[a-z0-9]+(\.[0-9a-f-]{36}\.partial)?$/;

/** Uploaded files that appeared since `before`. */
export function newFilesSince(before: string[]): string[] {
  const seen = new Set(before);
  return storedFiles().filter((file) => !seen.has(file) && UPLOADED_NAME.test(file));
}

/** An SRT file of `count` tiny cues, a tenth of a second each (a karaoke-style file). */
export function tinyCues(count: number): string {
  const time = (ms: number) =>
    `${String(Math.floor(ms / 3_600_000)).padStart(2, "0")}:${String(Math.floor(ms / 60_000) % 60).padStart(2, "0")}:${String(Math.floor(ms / 1000) % 60).padStart(2, "0")},${String(ms % 1000).padStart(3, "0")}`;
  return Array.from({ length: count }, (_, i) => `${i + 1}\n${time(i * 100)} --> ${time(i * 100 + 100)}\nla\n`).join(
    "\n",
  );
}
