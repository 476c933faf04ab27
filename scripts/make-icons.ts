// Draws the favicon, app icons and default social image from app/icon.svg (the one logo mark).
// Run after changing the mark: `node --import tsx scripts/make-icons.ts`; the outputs are committed,
// so builds need neither this script nor fonts.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const mark = fs.readFileSync(path.join(root, "app/icon.svg"));
const BACKGROUND = "#080a1a";

const png = (size: number, svg: Buffer = mark) =>
  sharp(svg, { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** A maskable icon keeps its mark inside the middle 80 % (the safe zone), on the page colour. */
async function maskable(size: number): Promise<Buffer> {
  const inner = await png(Math.round(size * 0.6));
  return sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: inner, gravity: "centre" }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An .ico holding PNG images (every browser since 2010 reads them): 6-byte header, 16 per entry. */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

const socialImage =
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b0f29"/><stop offset="0.6" stop-color="${BACKGROUND}"/><stop offset="1" stop-color="#5c0000"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <g transform="translate(120 215) scale(3)"><rect width="64" height="64" rx="14" fill="#e00000"/><path d="M13 49V15h9l10 15 10-15h9v34h-9V30l-10 14-10-14v19z" fill="#fff"/></g>
  <text x="350" y="330" font-family="DejaVu Sans, Arial, sans-serif" font-size="120" font-weight="800" fill="#fff">Mar<tspan fill="#ff4d4d">quee</tspan></text>
  <text x="354" y="400" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="#c0c0c0">Browse, search and stream movies</text>
</svg>`);

const outputs: [string, Promise<Buffer>][] = [
  ["app/favicon.ico", Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(size) }))).then(ico)],
  ["app/apple-icon.png", maskable(180)],
  ["public/icons/icon-192.png", png(192)],
  ["public/icons/icon-512.png", png(512)],
  ["public/icons/icon-maskable-512.png", maskable(512)],
  ["app/opengraph-image.png", sharp(socialImage).png({ compressionLevel: 9 }).toBuffer()],
];
for (const [file, data] of outputs) {
  fs.writeFileSync(path.join(root, file), await data);
  console.log(`${file}: ${(await data).length} bytes`);
}
