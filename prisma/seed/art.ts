// Artwork for the demo catalogue, drawn by code as SVG and rendered to WebP with sharp: posters,
// title banners, cast portraits and user avatars. Deterministic: the same input draws the same
// picture, so re-seeding stores identical files.
import { createHash } from "node:crypto";
import sharp from "sharp";

type MovieArt = { name: string; year: number; category: string; palette: [string, string, string]; slug: string };

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** A small deterministic random source seeded from a string. */
function randomFrom(seed: string): () => number {
  let state = createHash("sha256").update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

/** Breaks a title into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function hueOf(name: string): number {
  return createHash("sha1").update(name).digest().readUInt16LE(0) % 360;
}

/** Shapes that hint at the genre, layered over the gradient. */
function motif(category: string, w: number, h: number, accent: string, random: () => number): string {
  const shapes: string[] = [];
  switch (category) {
    case "Sci-Fi":
    case "Animation": {
      for (let i = 0; i < 60; i++) shapes.push(`<circle cx="${random() * w}" cy="${random() * h * 0.7}" r="${random() * 2.5 + 0.5}" fill="#fff" opacity="${random() * 0.8 + 0.2}"/>`);
      shapes.push(`<circle cx="${w * (0.3 + random() * 0.4)}" cy="${h * 0.32}" r="${w * 0.22}" fill="${accent}" opacity="0.85"/>`);
      shapes.push(`<ellipse cx="${w * 0.5}" cy="${h * 0.32}" rx="${w * 0.38}" ry="${w * 0.05}" fill="none" stroke="#fff" stroke-width="3" opacity="0.5"/>`);
      break;
    }
    case "Horror":
    case "Thriller": {
      shapes.push(`<circle cx="${w * 0.7}" cy="${h * 0.2}" r="${w * 0.14}" fill="#f5f0e1" opacity="0.9"/>`);
      for (let i = 0; i < 9; i++) {
        const x = (i / 8) * w;
        const top = h * (0.35 + random() * 0.2);
        shapes.push(`<path d="M${x} ${h} L${x + w * 0.04} ${top} L${x + w * 0.08} ${h} Z" fill="#000" opacity="0.75"/>`);
      }
      break;
    }
    case "Romance":
    case "Drama": {
      for (let i = 0; i < 14; i++) shapes.push(`<circle cx="${random() * w}" cy="${random() * h * 0.75}" r="${w * (0.03 + random() * 0.12)}" fill="${accent}" opacity="${0.12 + random() * 0.25}"/>`);
      break;
    }
    case "Documentary":
    case "Adventure": {
      let d = `M0 ${h * 0.62}`;
      for (let x = 0; x <= w; x += w / 8) d += ` L${x} ${h * (0.42 + random() * 0.2)}`;
      shapes.push(`<path d="${d} L${w} ${h} L0 ${h} Z" fill="#000" opacity="0.45"/>`);
      shapes.push(`<circle cx="${w * 0.25}" cy="${h * 0.24}" r="${w * 0.09}" fill="${accent}" opacity="0.9"/>`);
      break;
    }
    default: {
      // Action, Comedy and anything else: bold diagonal bands.
      for (let i = 0; i < 5; i++) {
        const y = h * (0.1 + i * 0.14 + random() * 0.05);
        shapes.push(`<rect x="${-w * 0.2}" y="${y}" width="${w * 1.4}" height="${h * (0.02 + random() * 0.05)}" fill="${i % 2 ? accent : "#fff"}" opacity="${0.18 + random() * 0.3}" transform="rotate(${-18 + random() * 8} ${w / 2} ${y})"/>`);
      }
    }
  }
  return shapes.join("");
}

export function posterSvg(movie: MovieArt): string {
  const [bg, mid, accent] = movie.palette;
  const w = 600;
  const h = 900;
  const random = randomFrom(movie.slug);
  const lines = wrap(movie.name.toUpperCase(), 14).slice(0, 4);
  const size = lines.some((l) => l.length > 11) ? 52 : 64;
  const titleTop = h - 150 - lines.length * size * 1.1;
  const title = lines.map((line, i) => `<tspan x="${w / 2}" dy="${i === 0 ? 0 : size * 1.1}">${escapeXml(line)}</tspan>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${bg}"/></linearGradient>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${motif(movie.category, w, h, accent, random)}
  <rect width="${w}" height="${h}" fill="url(#fade)"/>
  <text x="${w / 2}" y="${titleTop}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#fff" letter-spacing="2">${title}</text>
  <rect x="${w / 2 - 40}" y="${h - 118}" width="80" height="4" fill="${accent}"/>
  <text x="${w / 2}" y="${h - 70}" text-anchor="middle" font-family="${FONT}" font-size="24" fill="#e5e5e5" letter-spacing="6">${escapeXml(movie.category.toUpperCase())} · ${movie.year}</text>
  <rect x="12" y="12" width="${w - 24}" height="${h - 24}" fill="none" stroke="#fff" stroke-opacity="0.15" stroke-width="2"/>
</svg>`;
}

export function titleImageSvg(movie: MovieArt): string {
  const [bg, mid, accent] = movie.palette;
  const w = 1600;
  const h = 900;
  const random = randomFrom(`${movie.slug}:title`);
  const lines = wrap(movie.name, 22).slice(0, 3);
  const size = 96;
  const title = lines.map((line, i) => `<tspan x="100" dy="${i === 0 ? 0 : size * 1.1}">${escapeXml(line)}</tspan>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
    <linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.8"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <g transform="translate(${w * 0.45} 0)">${motif(movie.category, w * 0.55, h, accent, random)}</g>
  <rect width="${w}" height="${h}" fill="url(#fade)"/>
  <text x="100" y="${h / 2 - ((lines.length - 1) * size * 1.1) / 2}" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#fff">${title}</text>
  <rect x="100" y="${h / 2 + ((lines.length + 1) * size * 1.1) / 2 - 40}" width="120" height="6" fill="${accent}"/>
  <text x="100" y="${h / 2 + ((lines.length + 1) * size * 1.1) / 2 + 30}" font-family="${FONT}" font-size="34" fill="#ddd" letter-spacing="8">${escapeXml(movie.category.toUpperCase())} · ${movie.year}</text>
</svg>`;
}

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "")).toUpperCase();
}

function portrait(name: string, size: number): string {
  const hue = hueOf(name);
  const fontSize = Math.round(size * 0.38);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue}, 65%, 55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360}, 60%, 28%)"/></linearGradient></defs>
  <rect width="${size}" height="${size}" fill="url(#g)"/>
  <circle cx="${size / 2}" cy="${size * 1.08}" r="${size * 0.42}" fill="#000" opacity="0.18"/>
  <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${fontSize}" fill="#fff">${escapeXml(initials(name))}</text>
</svg>`;
}

export function castSvg(person: { name: string }): string {
  return portrait(person.name, 400);
}

export function avatarSvg(user: { fullName: string }): string {
  return portrait(user.fullName, 256);
}

export async function renderWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}
