// Files for the upload drop zones: a real PNG (made with sharp) and one of the committed demo clips.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

export async function pngFile(name = "picture.png", colour = "#8a1c1c") {
  const buffer = await sharp({ create: { width: 64, height: 96, channels: 3, background: colour } }).png().toBuffer();
  return { name, mimeType: "image/png", buffer };
}

export function mp4File() {
  return { name: "clip.mp4", mimeType: "video/mp4", buffer: fs.readFileSync(path.join(process.cwd(), "prisma/seed/media/neon-grid.mp4")) };
}
