// Files for uploads: a real PNG (made with sharp), one of the committed demo clips, and a long
// video made by ffmpeg (installed by .ci/run, as the app's transcoding needs it).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

export async function pngFile(name = "picture.png", colour = "#8a1c1c") {
  const buffer = await sharp({ create: { width: 64, height: 96, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

export function mp4File() {
  return {
    name: "clip.mp4",
    mimeType: "video/mp4",
    buffer: fs.readFileSync(path.join(process.cwd(), "prisma/seed/media/neon-grid.mp4")),
  };
}

/**
 * A 60-second 640x360 MP4 at a constant 8 Mb/s (60 MB), its index first (`+faststart`) as a
 * streaming export has it. Big enough that a browser starting to play it has not read as far as
 * its middle yet (Chromium reads ahead fast over loopback: a 15 MB file was seen read whole within
 * seconds), so a seek there needs a new range request.
 */
export function longMp4File() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-e2e-long-"));
  const file = path.join(dir, "long.mp4");
  try {
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=60"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
      // Constant bitrate (filler data where the test picture compresses too well), so the size is known.
      ...["-b:v", "8M", "-minrate", "8M", "-maxrate", "8M", "-bufsize", "4M", "-x264-params", "nal-hrd=cbr"],
      ...["-movflags", "+faststart", file],
    ]);
    return { name: "long.mp4", mimeType: "video/mp4", buffer: fs.readFileSync(file) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
