// The pictures half of `npm run bench:media` (`--only images`): what next/image's optimizer costs
// per format. An 1800x2700 JPEG poster (the seed's art, enlarged, as an admin uploads a studio
// kit) is asked for at listing widths as AVIF and as WebP (the browser's Accept header picks): the
// first request encodes it (sharp), later ones are served from the optimizer's disk cache.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { posterSvg } from "@/prisma/seed/art";
import { demoMovies } from "@/prisma/seed/catalogue";

const WIDTHS = [384, 640];
/** What Chromium sends for an <img>, and the same without AVIF (a browser that lacks it). */
const ACCEPT = {
  avif: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8",
  webp: "image/webp,image/apng,image/*,*/*;q=0.8",
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(
  url: string,
  accept: string,
): Promise<{ ms: number; bytes: number; type: string | null; cache: string | null }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept } });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return {
    ms: performance.now() - started,
    bytes,
    type: response.headers.get("content-type"),
    cache: response.headers.get("x-nextjs-cache"),
  };
}

/** Stores a poster in the app's upload folder, then measures; returns a Markdown table. */
export async function benchImages(
  appUrl: string,
  uploads: string,
  cachedRequests: number,
  log: (line: string) => void,
): Promise<string> {
  const art = await sharp(Buffer.from(posterSvg(demoMovies[0]!)))
    .png()
    .toBuffer();
  const poster = await sharp(art).resize(1800, 2700).jpeg({ quality: 92 }).toBuffer();
  const key = `image/${randomUUID()}.jpg`;
  fs.mkdirSync(path.join(uploads, "image"), { recursive: true });
  fs.writeFileSync(path.join(uploads, key), poster);
  log(
    `Poster: 1800x2700 JPEG, ${(poster.length / 1000).toFixed(0)} kB; ${cachedRequests} cached requests per width and format`,
  );

  const rows: string[] = [];
  for (const width of WIDTHS) {
    for (const format of ["avif", "webp"] as const) {
      const url = `${appUrl}/_next/image?url=${encodeURIComponent(`/api/upload/${key}`)}&w=${width}&q=75`;
      const first = await timed(url, ACCEPT[format]);
      if (first.type !== `image/${format}`) throw new Error(`Asked for ${format}, got ${first.type}`);
      const cached: number[] = [];
      for (let i = 0; i < cachedRequests; i++) {
        const again = await timed(url, ACCEPT[format]);
        if (again.cache !== "HIT")
          throw new Error(`${format} at ${width} px was not served from the cache (${again.cache})`);
        cached.push(again.ms);
      }
      rows.push(
        `| ${width} | ${format.toUpperCase()} | ${(first.bytes / 1000).toFixed(1)} | ${first.ms.toFixed(0)} | ${median(cached).toFixed(2)} (${Math.min(...cached).toFixed(2)}-${Math.max(...cached).toFixed(2)}) |`,
      );
    }
  }
  return `| Width (px) | Format | kB | First request (encode), ms | Cached request, ms: median (min-max) |\n|---|---|---|---|---|\n${rows.join("\n")}`;
}
