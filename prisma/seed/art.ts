// Generated artwork for the demo catalogue: posters, title banners, cast portraits and user avatars,
// drawn as SVG and rendered to WebP with sharp. Everything is deterministic: the same movie or name
// always gives the same picture, because every "random" choice comes from a PRNG seeded by the slug/name.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

type ArtMovie = {
  name: string;
  year: number;
  category: string;
  palette: [string, string, string];
  slug: string;
};

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function hashString(text: string): number {
  // FNV-1a, 32 bit.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

type Rand = {
  next: () => number;
  range: (min: number, max: number) => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
};

function seededRandom(seedText: string): Rand {
  // mulberry32
  let state = hashString(seedText);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const range = (min: number, max: number): number => min + (max - min) * next();
  const int = (min: number, max: number): number => Math.floor(range(min, max + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  };
  return { next, range, int, pick };
}

// ---------------------------------------------------------------------------------------------
// Colour and text helpers

type Rgb = { r: number; g: number; b: number };

function parseHex(hex: string): Rgb {
  const clean = hex.replace("#", "");
  const full = clean.length === 3 ? clean.replace(/./g, (c) => c + c) : clean.padEnd(6, "0").slice(0, 6);
  const value = Number.parseInt(full, 16);
  if (Number.isNaN(value)) return { r: 128, g: 128, b: 128 };
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

function toHex({ r, g, b }: Rgb): string {
  const part = (v: number): string =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, "0");
  return `#${part(r)}${part(g)}${part(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex({ r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t });
}

const darken = (color: string, t: number): string => mix(color, "#000000", t);
const lighten = (color: string, t: number): string => mix(color, "#ffffff", t);

function luminance(color: string): number {
  const { r, g, b } = parseHex(color);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number): number => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return toHex({ r: channel(0), g: channel(8), b: channel(4) });
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const n = (value: number): string => (Math.round(value * 10) / 10).toString();

// Advance widths of DejaVu Sans Bold capitals, in em, measured with sharp/librsvg.
const CAP_WIDTHS: Record<string, number> = {
  A: 0.77,
  B: 0.76,
  C: 0.73,
  D: 0.83,
  E: 0.68,
  F: 0.68,
  G: 0.82,
  H: 0.84,
  I: 0.37,
  J: 0.37,
  K: 0.78,
  L: 0.64,
  M: 1,
  N: 0.84,
  O: 0.85,
  P: 0.73,
  Q: 0.85,
  R: 0.77,
  S: 0.68,
  T: 0.71,
  U: 0.81,
  V: 0.77,
  W: 1.1,
  X: 0.77,
  Y: 0.72,
  Z: 0.73,
  "'": 0.31,
  "-": 0.42,
  ":": 0.4,
  ".": 0.38,
  ",": 0.38,
  "!": 0.46,
  "?": 0.58,
  "&": 0.87,
  " ": 0.35,
};

function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) {
    // Accented letters are as wide as their base letter.
    const base = char.normalize("NFD").charAt(0);
    width += CAP_WIDTHS[base] ?? (/\d/.test(base) ? 0.7 : 0.8);
  }
  return width;
}

/** Splits an uppercase title into 1..maxLines balanced lines and picks the largest font size that fits. */
function layoutTitle(
  title: string,
  box: { width: number; height: number; maxSize: number; maxLines: number; lineHeight: number },
): { lines: string[]; size: number } {
  const words = title.toUpperCase().split(/\s+/).filter(Boolean);
  let best: { lines: string[]; size: number } = { lines: [title.toUpperCase()], size: 10 };
  const tryLines = (lines: string[]): void => {
    const widest = Math.max(...lines.map(textWidthEm));
    const size = Math.min(box.maxSize, box.width / widest, box.height / (lines.length * box.lineHeight));
    // Prefer fewer lines unless more lines make the type clearly bigger.
    if (size > best.size * 1.08 || (best.size === 10 && size > 10)) best = { lines, size };
  };
  const split = (start: number, linesLeft: number, acc: string[]): void => {
    if (linesLeft === 1) {
      tryLines([...acc, words.slice(start).join(" ")]);
      return;
    }
    for (let end = start + 1; end <= words.length - linesLeft + 1; end++) {
      split(end, linesLeft - 1, [...acc, words.slice(start, end).join(" ")]);
    }
  };
  for (let count = 1; count <= Math.min(box.maxLines, words.length); count++) split(0, count, []);
  return { lines: best.lines, size: Math.floor(best.size) };
}

function initialsOf(name: string): string {
  const words = name
    .replace(/^narrated by\s+/i, "")
    .split(/\s+/)
    .filter((word) => !/^(dr|mr|mrs|ms|prof|sir)\.?$/i.test(word))
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ""))
    .filter(Boolean);
  const first = words[0]?.charAt(0) ?? "?";
  const last = words.length > 1 ? (words[words.length - 1]?.charAt(0) ?? "") : "";
  return (first + last).toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Category motifs: each draws a full-bleed layer of shapes into a w x h canvas.

type Scene = {
  w: number;
  h: number;
  rand: Rand;
  bg: string;
  mid: string;
  accent: string;
  id: string;
  /** An x position for a focal shape, lo..hi across the part of the canvas the text leaves free. */
  focus: (lo: number, hi: number) => number;
};

function mountainPath(s: Scene, baseY: number, amplitude: number, peaks: number): string {
  const { w, h, rand } = s;
  const step = w / peaks;
  let d = `M0 ${n(h)} L0 ${n(baseY - rand.range(0, amplitude * 0.5))}`;
  for (let i = 0; i < peaks; i++) {
    const peakX = i * step + rand.range(step * 0.3, step * 0.7);
    const peakY = baseY - rand.range(amplitude * 0.5, amplitude);
    const valleyX = (i + 1) * step;
    const valleyY = baseY - rand.range(0, amplitude * 0.3);
    d += ` L${n(peakX - step * 0.08)} ${n(peakY + amplitude * 0.06)} L${n(peakX)} ${n(peakY)} L${n(valleyX)} ${n(valleyY)}`;
  }
  return `${d} L${n(w)} ${n(h)} Z`;
}

function starPath(cx: number, cy: number, outer: number, inner: number, points: number, rotation: number): string {
  let d = "";
  for (let i = 0; i < points * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = rotation + (Math.PI * i) / points;
    d += `${i === 0 ? "M" : "L"}${n(cx + radius * Math.sin(angle))} ${n(cy - radius * Math.cos(angle))} `;
  }
  return `${d}Z`;
}

function treePath(
  rand: Rand,
  x: number,
  y: number,
  length: number,
  angle: number,
  width: number,
  depth: number,
): string {
  const x2 = x + length * Math.sin(angle);
  const y2 = y - length * Math.cos(angle);
  const nx = Math.cos(angle) * width * 0.5;
  const ny = Math.sin(angle) * width * 0.5;
  let d = `M${n(x - nx)} ${n(y - ny)} L${n(x2 - nx * 0.6)} ${n(y2 - ny * 0.6)} L${n(x2 + nx * 0.6)} ${n(y2 + ny * 0.6)} L${n(x + nx)} ${n(y + ny)} Z `;
  if (depth > 0) {
    const branches = rand.int(2, 3);
    for (let i = 0; i < branches; i++) {
      d += treePath(
        rand,
        x2,
        y2,
        length * rand.range(0.55, 0.78),
        angle + rand.range(-0.75, 0.75),
        width * 0.62,
        depth - 1,
      );
    }
  }
  return d;
}

function motifAction(s: Scene): string {
  const { w, h, rand, mid, accent } = s;
  const cx = s.focus(0.3, 0.7);
  const cy = h * rand.range(0.25, 0.42);
  const rays = rand.int(14, 22);
  let out = `<g opacity="0.5">`;
  for (let i = 0; i < rays; i++) {
    const a1 = (i / rays) * Math.PI * 2;
    const a2 = a1 + (Math.PI / rays) * rand.range(0.4, 0.9);
    const r = Math.max(w, h) * 1.2;
    out += `<path d="M${n(cx)} ${n(cy)} L${n(cx + r * Math.cos(a1))} ${n(cy + r * Math.sin(a1))} L${n(cx + r * Math.cos(a2))} ${n(cy + r * Math.sin(a2))} Z" fill="${i % 2 ? lighten(mid, 0.15) : accent}" opacity="${n(rand.range(0.15, 0.45))}"/>`;
  }
  out += `</g><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(Math.min(w, h) * 0.16)}" fill="${lighten(accent, 0.4)}" opacity="0.85" filter="url(#blur-${s.id})"/>`;
  const slant = rand.range(-0.5, -0.3);
  for (let i = 0; i < 9; i++) {
    const y = rand.range(h * 0.05, h * 0.95);
    const len = rand.range(w * 0.3, w * 0.9);
    const x = rand.range(-w * 0.2, w * 0.8);
    const t = rand.range(2, 10);
    out += `<path d="M${n(x)} ${n(y)} l${n(len)} ${n(len * slant)} l0 ${n(t)} l${n(-len)} ${n(-len * slant)} Z" fill="${i % 3 === 0 ? accent : "#ffffff"}" opacity="${n(rand.range(0.12, 0.5))}"/>`;
  }
  for (let i = 0; i < 6; i++) {
    const x = rand.range(0, w);
    const y = rand.range(h * 0.4, h * 0.8);
    const size = rand.range(20, 70) * (w / 600);
    out += `<path d="M${n(x)} ${n(y)} l${n(size)} ${n(size * 0.3)} l${n(-size * 0.6)} ${n(size * 0.8)} Z" fill="${darken(mid, 0.5)}" opacity="0.7"/>`;
  }
  return out;
}

function motifAdventure(s: Scene): string {
  const { w, h, rand, bg, mid, accent } = s;
  const sunX = s.focus(0.25, 0.75);
  const sunY = h * rand.range(0.28, 0.4);
  let out = `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(Math.min(w, h) * 0.3)}" fill="${accent}" opacity="0.25" filter="url(#blur-${s.id})"/>`;
  out += `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(Math.min(w, h) * 0.13)}" fill="${lighten(accent, 0.3)}"/>`;
  const layers = 4;
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const baseY = h * (0.5 + t * 0.22);
    const color = mix(lighten(mid, 0.25), darken(bg, 0.6), t);
    out += `<path d="${mountainPath(s, baseY, h * (0.22 - t * 0.08), rand.int(3, 6) + Math.round(w / 600))}" fill="${color}"/>`;
  }
  for (let i = 0; i < 5; i++) {
    const x = sunX + rand.range(-w * 0.3, w * 0.3);
    const y = sunY + rand.range(-h * 0.15, h * 0.05);
    const size = rand.range(6, 14) * (h / 900);
    out += `<path d="M${n(x - size)} ${n(y - size * 0.4)} Q${n(x - size * 0.4)} ${n(y - size * 0.6)} ${n(x)} ${n(y)} Q${n(x + size * 0.4)} ${n(y - size * 0.6)} ${n(x + size)} ${n(y - size * 0.4)}" stroke="${darken(bg, 0.4)}" stroke-width="${n(size * 0.25)}" fill="none" stroke-linecap="round"/>`;
  }
  return out;
}

function motifAnimation(s: Scene): string {
  const { w, h, rand, mid, accent } = s;
  let out = "";
  for (let i = 0; i < 9; i++) {
    const r = rand.range(0.08, 0.26) * Math.min(w, h) * (w > h ? 1.4 : 1);
    out += `<circle cx="${n(rand.range(0, w))}" cy="${n(rand.range(0, h * 0.75))}" r="${n(r)}" fill="${rand.pick([accent, lighten(mid, 0.3), lighten(accent, 0.4), "#ffffff"])}" opacity="${n(rand.range(0.12, 0.35))}"/>`;
  }
  for (let i = 0; i < 14; i++) {
    const size = rand.range(8, 26) * (h / 900);
    out += `<path d="${starPath(rand.range(0, w), rand.range(0, h * 0.6), size, size * 0.45, 5, rand.range(0, 1))}" fill="${lighten(accent, 0.5)}" opacity="${n(rand.range(0.5, 0.95))}"/>`;
  }
  const hillY = h * 0.68;
  out += `<path d="M0 ${n(hillY)} Q${n(w * 0.3)} ${n(hillY - h * 0.14)} ${n(w * 0.55)} ${n(hillY - h * 0.02)} T${n(w)} ${n(hillY - h * 0.06)} L${n(w)} ${n(h)} L0 ${n(h)} Z" fill="${lighten(mid, 0.1)}"/>`;
  out += `<path d="M0 ${n(hillY + h * 0.1)} Q${n(w * 0.4)} ${n(hillY + h * 0.01)} ${n(w * 0.7)} ${n(hillY + h * 0.08)} T${n(w)} ${n(hillY + h * 0.05)} L${n(w)} ${n(h)} L0 ${n(h)} Z" fill="${darken(mid, 0.25)}"/>`;
  const dots = Math.round(w / 60);
  for (let i = 0; i < dots; i++) {
    out += `<circle cx="${n((i + 0.5) * (w / dots))}" cy="${n(h * 0.06)}" r="${n(h * 0.006)}" fill="#ffffff" opacity="0.5"/>`;
  }
  return out;
}

function motifComedy(s: Scene): string {
  const { w, h, rand, mid, accent } = s;
  let out = `<circle cx="${n(s.focus(0.35, 0.65))}" cy="${n(h * 0.36)}" r="${n(Math.min(w, h) * 0.38)}" fill="${accent}" opacity="0.85"/>`;
  out += `<circle cx="${n(s.focus(0.2, 0.8))}" cy="${n(h * 0.3)}" r="${n(Math.min(w, h) * 0.22)}" fill="${lighten(mid, 0.2)}" opacity="0.55"/>`;
  const bandY = h * rand.range(0.55, 0.62);
  const zig = w / 12;
  let d = `M0 ${n(bandY)}`;
  for (let x = 0; x <= w + zig; x += zig) d += ` L${n(x + zig / 2)} ${n(bandY - zig * 0.5)} L${n(x + zig)} ${n(bandY)}`;
  out += `<path d="${d} L${n(w)} ${n(h)} L0 ${n(h)} Z" fill="${darken(mid, 0.2)}" opacity="0.9"/>`;
  const colors = [accent, "#ffffff", lighten(mid, 0.4), lighten(accent, 0.5)];
  for (let i = 0; i < 55; i++) {
    const x = rand.range(0, w);
    const y = rand.range(0, h * 0.9);
    const cw = rand.range(6, 16) * (h / 900);
    out += `<rect x="${n(x)}" y="${n(y)}" width="${n(cw)}" height="${n(cw * 0.45)}" rx="1.5" fill="${rand.pick(colors)}" opacity="${n(rand.range(0.55, 0.95))}" transform="rotate(${n(rand.range(0, 180))} ${n(x)} ${n(y)})"/>`;
  }
  return out;
}

function motifDocumentary(s: Scene): string {
  const { w, h, rand, mid, accent } = s;
  const cx = s.focus(0.3, 0.7);
  const cy = h * rand.range(0.3, 0.45);
  let out = "";
  const rings = 16;
  for (let i = 1; i <= rings; i++) {
    const base = i * Math.max(w, h) * 0.045;
    let d = "";
    const steps = 48;
    const wobble = rand.range(0.04, 0.1);
    const phase = rand.range(0, Math.PI * 2);
    for (let k = 0; k <= steps; k++) {
      const a = (k / steps) * Math.PI * 2;
      const r = base * (1 + wobble * Math.sin(a * 3 + phase) + wobble * 0.5 * Math.cos(a * 5 - phase));
      d += `${k === 0 ? "M" : "L"}${n(cx + r * Math.cos(a))} ${n(cy + r * Math.sin(a) * 0.85)} `;
    }
    out += `<path d="${d}Z" fill="none" stroke="${i % 4 === 0 ? accent : lighten(mid, 0.35)}" stroke-width="${i % 4 === 0 ? 2.2 : 1.2}" opacity="${n(0.75 - i * 0.03)}"/>`;
  }
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(Math.min(w, h) * 0.02)}" fill="${accent}"/>`;
  out += `<path d="M${n(cx)} ${n(cy)} L${n(cx + w * 0.25)} ${n(cy - h * 0.08)}" stroke="${accent}" stroke-width="1.5" stroke-dasharray="6 5" opacity="0.8"/>`;
  for (let i = 0; i < 6; i++) {
    const y = h * 0.08 + i * 10 * (h / 900);
    out += `<rect x="${n(w * 0.06)}" y="${n(y)}" width="${n(rand.range(0.08, 0.22) * w)}" height="2" fill="#ffffff" opacity="0.3"/>`;
  }
  return out;
}

function motifDrama(s: Scene): string {
  const { w, h, rand, bg, mid, accent } = s;
  const horizon = h * rand.range(0.55, 0.6);
  const sunX = s.focus(0.35, 0.65);
  const sunR = Math.min(w, h) * rand.range(0.22, 0.3);
  let out = `<circle cx="${n(sunX)}" cy="${n(horizon - sunR * 0.35)}" r="${n(sunR * 1.5)}" fill="${accent}" opacity="0.25" filter="url(#blur-${s.id})"/>`;
  out += `<circle cx="${n(sunX)}" cy="${n(horizon - sunR * 0.35)}" r="${n(sunR)}" fill="url(#sun-${s.id})"/>`;
  out += `<rect x="0" y="${n(horizon)}" width="${n(w)}" height="${n(h - horizon)}" fill="${darken(bg, 0.35)}"/>`;
  for (let i = 0; i < 14; i++) {
    const y = horizon + 6 + i * i * 2.2 * (h / 900);
    const half = sunR * (1.1 - i * 0.06) * rand.range(0.6, 1);
    if (half <= 0) continue;
    out += `<rect x="${n(sunX - half)}" y="${n(y)}" width="${n(half * 2)}" height="${n(2 + i * 0.3)}" fill="${accent}" opacity="${n(0.6 - i * 0.035)}"/>`;
  }
  const fx = sunX + rand.pick([-1, 1]) * sunR * rand.range(0.9, 1.4);
  const fh = h * 0.075;
  const figure = darken(mid, 0.75);
  out += `<circle cx="${n(fx)}" cy="${n(horizon - fh)}" r="${n(fh * 0.12)}" fill="${figure}"/>`;
  out += `<path d="M${n(fx - fh * 0.14)} ${n(horizon - fh * 0.86)} L${n(fx + fh * 0.14)} ${n(horizon - fh * 0.86)} L${n(fx + fh * 0.2)} ${n(horizon)} L${n(fx - fh * 0.2)} ${n(horizon)} Z" fill="${figure}"/>`;
  return out;
}

function motifHorror(s: Scene): string {
  const { w, h, rand, bg, mid } = s;
  const moonX = s.focus(0.3, 0.7);
  const moonY = h * rand.range(0.2, 0.3);
  const moonR = Math.min(w, h) * 0.17;
  let out = `<circle cx="${n(moonX)}" cy="${n(moonY)}" r="${n(moonR * 1.8)}" fill="#f3efe0" opacity="0.18" filter="url(#blur-${s.id})"/>`;
  out += `<circle cx="${n(moonX)}" cy="${n(moonY)}" r="${n(moonR)}" fill="#efe9d8"/>`;
  for (let i = 0; i < 5; i++) {
    out += `<circle cx="${n(moonX + rand.range(-moonR * 0.6, moonR * 0.6))}" cy="${n(moonY + rand.range(-moonR * 0.6, moonR * 0.6))}" r="${n(moonR * rand.range(0.08, 0.2))}" fill="#cfc6b0" opacity="0.6"/>`;
  }
  const ground = h * 0.74;
  const treeColor = darken(bg, 0.7);
  const trees = rand.int(2, 3) + Math.round(w / 800);
  for (let i = 0; i < trees; i++) {
    const x = (w / trees) * (i + rand.range(0.15, 0.85));
    out += `<path d="${treePath(rand, x, ground + 4, h * rand.range(0.14, 0.2), rand.range(-0.15, 0.15), w > h ? 22 : 16, 5)}" fill="${treeColor}"/>`;
  }
  out += `<path d="M0 ${n(ground)} Q${n(w * 0.5)} ${n(ground - h * 0.03)} ${n(w)} ${n(ground)} L${n(w)} ${n(h)} L0 ${n(h)} Z" fill="${treeColor}"/>`;
  for (let i = 0; i < 3; i++) {
    const y = ground - h * 0.02 + i * h * 0.04;
    out += `<ellipse cx="${n(rand.range(0, w))}" cy="${n(y)}" rx="${n(w * 0.6)}" ry="${n(h * 0.025)}" fill="${lighten(mid, 0.5)}" opacity="0.12" filter="url(#blur-${s.id})"/>`;
  }
  let drips = `M0 0 L${n(w)} 0`;
  const dripCount = Math.round(w / 70);
  for (let i = dripCount; i >= 0; i--) {
    const x = (w / dripCount) * i;
    const len = rand.range(10, 60) * (h / 900);
    drips += ` L${n(x + 8)} 0 Q${n(x + 6)} ${n(len)} ${n(x)} ${n(len)} Q${n(x - 6)} ${n(len)} ${n(x - 8)} 0`;
  }
  out += `<path d="${drips} Z" fill="${darken(mid, 0.3)}" opacity="0.9"/>`;
  return out;
}

function motifRomance(s: Scene): string {
  const { w, h, rand, mid, accent } = s;
  let out = "";
  for (let i = 0; i < 26; i++) {
    const r = rand.range(10, 60) * (h / 900);
    out += `<circle cx="${n(rand.range(0, w))}" cy="${n(rand.range(0, h * 0.85))}" r="${n(r)}" fill="${rand.pick([accent, lighten(accent, 0.5), "#ffffff", lighten(mid, 0.4)])}" opacity="${n(rand.range(0.08, 0.35))}" filter="url(#soft-${s.id})"/>`;
  }
  const cx = s.focus(0.5, 0.5);
  const cy = h * 0.36;
  const r = Math.min(w, h) * 0.24;
  const gap = r * 0.55;
  out += `<circle cx="${n(cx - gap)}" cy="${n(cy)}" r="${n(r)}" fill="${accent}" opacity="0.55"/>`;
  out += `<circle cx="${n(cx + gap)}" cy="${n(cy)}" r="${n(r)}" fill="${lighten(mid, 0.35)}" opacity="0.55"/>`;
  const hs = r * 0.28;
  out += `<path d="M${n(cx)} ${n(cy + hs * 0.9)} C${n(cx - hs * 1.6)} ${n(cy - hs * 0.2)} ${n(cx - hs * 0.6)} ${n(cy - hs * 1.3)} ${n(cx)} ${n(cy - hs * 0.4)} C${n(cx + hs * 0.6)} ${n(cy - hs * 1.3)} ${n(cx + hs * 1.6)} ${n(cy - hs * 0.2)} ${n(cx)} ${n(cy + hs * 0.9)} Z" fill="#ffffff" opacity="0.9"/>`;
  return out;
}

function motifSciFi(s: Scene): string {
  const { w, h, rand, mid, accent } = s;
  let out = "";
  for (let i = 0; i < 120; i++) {
    out += `<circle cx="${n(rand.range(0, w))}" cy="${n(rand.range(0, h * 0.6))}" r="${n(rand.range(0.5, 2.2))}" fill="#ffffff" opacity="${n(rand.range(0.3, 0.95))}"/>`;
  }
  const px = s.focus(0.3, 0.7);
  const py = h * rand.range(0.25, 0.35);
  const pr = Math.min(w, h) * rand.range(0.17, 0.24);
  const tilt = rand.range(-25, -8);
  out += `<circle cx="${n(px)}" cy="${n(py)}" r="${n(pr * 1.3)}" fill="${accent}" opacity="0.2" filter="url(#blur-${s.id})"/>`;
  out += `<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(pr * 1.9)}" ry="${n(pr * 0.42)}" fill="none" stroke="${lighten(accent, 0.3)}" stroke-width="${n(pr * 0.07)}" opacity="0.5" transform="rotate(${n(tilt)} ${n(px)} ${n(py)})"/>`;
  out += `<circle cx="${n(px)}" cy="${n(py)}" r="${n(pr)}" fill="url(#planet-${s.id})"/>`;
  out += `<path d="M${n(px - pr * 1.9)} ${n(py)} A${n(pr * 1.9)} ${n(pr * 0.42)} 0 0 0 ${n(px + pr * 1.9)} ${n(py)}" fill="none" stroke="${lighten(accent, 0.45)}" stroke-width="${n(pr * 0.07)}" opacity="0.85" transform="rotate(${n(tilt)} ${n(px)} ${n(py)})"/>`;
  const horizon = h * 0.62;
  out += `<rect x="0" y="${n(horizon)}" width="${n(w)}" height="${n(h - horizon)}" fill="${darken(mid, 0.55)}"/>`;
  const vx = s.focus(0.5, 0.5);
  let grid = "";
  for (let i = -14; i <= 14; i++) grid += `M${n(vx)} ${n(horizon)} L${n(vx + i * w * 0.12)} ${n(h)} `;
  for (let i = 1; i <= 10; i++) {
    const y = horizon + (h - horizon) * Math.pow(i / 10, 2.2);
    grid += `M0 ${n(y)} L${n(w)} ${n(y)} `;
  }
  out += `<path d="${grid}" stroke="${accent}" stroke-width="1.4" opacity="0.55" fill="none"/>`;
  out += `<rect x="0" y="${n(horizon - 2)}" width="${n(w)}" height="4" fill="${lighten(accent, 0.4)}" opacity="0.8" filter="url(#soft-${s.id})"/>`;
  return out;
}

function motifThriller(s: Scene): string {
  const { w, h, rand, bg, mid, accent } = s;
  const bx = s.focus(0.2, 0.8);
  let out = `<path d="M${n(bx - w * 0.02)} 0 L${n(bx + w * 0.02)} 0 L${n(bx + w * 0.45)} ${n(h)} L${n(bx - w * 0.45)} ${n(h)} Z" fill="${lighten(accent, 0.2)}" opacity="0.14"/>`;
  const stripes = 12;
  for (let i = 0; i < stripes; i++) {
    out += `<rect x="0" y="${n((h / stripes) * i)}" width="${n(w)}" height="${n(h / stripes / 2.6)}" fill="#000000" opacity="0.16" transform="skewY(${n(-8)})"/>`;
  }
  const base = h * 0.78;
  const skyline = darken(bg, 0.65);
  let x = -10;
  while (x < w) {
    const bw = rand.range(40, 95) * (h / 900);
    const bh = rand.range(0.12, 0.38) * h;
    out += `<rect x="${n(x)}" y="${n(base - bh)}" width="${n(bw)}" height="${n(bh + h - base)}" fill="${skyline}"/>`;
    for (let wy = base - bh + 10; wy < base - 10; wy += 16) {
      for (let wx = x + 7; wx < x + bw - 10; wx += 13) {
        if (rand.next() < 0.2)
          out += `<rect x="${n(wx)}" y="${n(wy)}" width="6" height="8" fill="${rand.next() < 0.7 ? accent : lighten(mid, 0.5)}" opacity="0.85"/>`;
      }
    }
    x += bw + rand.range(0, 8);
  }
  out += `<rect x="0" y="${n(base)}" width="${n(w)}" height="${n(h - base)}" fill="${skyline}"/>`;
  return out;
}

function motifTarget(s: Scene): string {
  const { w, h, rand, bg, mid, accent } = s;
  const split = h * rand.range(0.35, 0.55);
  let out = `<path d="M0 ${n(split + h * 0.2)} L${n(w)} ${n(split - h * 0.2)} L${n(w)} ${n(h)} L0 ${n(h)} Z" fill="${darken(bg, 0.45)}" opacity="0.85"/>`;
  out += `<path d="M0 ${n(split + h * 0.2)} L${n(w)} ${n(split - h * 0.2)}" stroke="${accent}" stroke-width="${n(h * 0.008)}"/>`;
  const cx = s.focus(0.35, 0.65);
  const cy = h * rand.range(0.28, 0.38);
  const r = Math.min(w, h) * 0.3;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.2)}" fill="${accent}" opacity="0.2" filter="url(#blur-${s.id})"/>`;
  for (let i = 1; i <= 4; i++) {
    out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n((r * i) / 4)}" fill="none" stroke="${i === 4 ? accent : "#ffffff"}" stroke-width="${n(i === 4 ? r * 0.04 : r * 0.015)}" opacity="${i === 4 ? 0.9 : 0.5}"/>`;
  }
  out += `<path d="M${n(cx - r * 1.3)} ${n(cy)} L${n(cx - r * 0.2)} ${n(cy)} M${n(cx + r * 0.2)} ${n(cy)} L${n(cx + r * 1.3)} ${n(cy)} M${n(cx)} ${n(cy - r * 1.3)} L${n(cx)} ${n(cy - r * 0.2)} M${n(cx)} ${n(cy + r * 0.2)} L${n(cx)} ${n(cy + r * 1.3)}" stroke="#ffffff" stroke-width="${n(r * 0.02)}" opacity="0.8"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.05)}" fill="${accent}"/>`;
  for (let i = 0; i < 14; i++) {
    const x = rand.range(0, w);
    const y = rand.range(0, h);
    const size = rand.range(10, 45) * (h / 900);
    out += `<path d="M${n(x)} ${n(y)} l${n(size)} ${n(-size * 0.2)} l${n(-size * 0.3)} ${n(size * 0.9)} Z" fill="${rand.pick([lighten(mid, 0.3), accent, "#ffffff"])}" opacity="${n(rand.range(0.25, 0.6))}"/>`;
  }
  return out;
}

function motifDunes(s: Scene): string {
  const { w, h, rand, bg, mid, accent } = s;
  const sunX = s.focus(0.55, 0.8);
  const sunY = h * rand.range(0.2, 0.3);
  let out = `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(Math.min(w, h) * 0.25)}" fill="${accent}" opacity="0.3" filter="url(#blur-${s.id})"/>`;
  out += `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(Math.min(w, h) * 0.09)}" fill="${lighten(accent, 0.45)}"/>`;
  const cx = s.focus(0.2, 0.35);
  const cy = h * rand.range(0.22, 0.3);
  const cr = Math.min(w, h) * 0.13;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(cr)}" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.5"/>`;
  out += `<path d="${starPath(cx, cy, cr * 0.95, cr * 0.18, 4, 0)}" fill="#ffffff" opacity="0.55"/>`;
  out += `<path d="${starPath(cx, cy, cr * 0.6, cr * 0.12, 4, Math.PI / 4)}" fill="${accent}" opacity="0.7"/>`;
  for (let i = 0; i < 5; i++) {
    const t = i / 4;
    const baseY = h * (0.5 + t * 0.1 + t * t * 0.12);
    const amp = h * rand.range(0.03, 0.06);
    const phase = rand.range(0, Math.PI * 2);
    const freq = rand.range(1.2, 2.4) / w;
    let d = `M0 ${n(h)}`;
    for (let k = 0; k <= 24; k++) {
      const x = (w * k) / 24;
      d += ` L${n(x)} ${n(baseY - amp * Math.sin(x * freq * Math.PI * 2 + phase))}`;
    }
    out += `<path d="${d} L${n(w)} ${n(h)} Z" fill="${mix(mix(accent, mid, 0.5), darken(bg, 0.55), t)}"/>`;
  }
  return out;
}

function motifRainbow(s: Scene): string {
  const { w, h, rand, mid, accent } = s;
  const cx = s.focus(0.4, 0.6);
  const cy = h * 0.72;
  const colors = [accent, lighten(accent, 0.4), lighten(mid, 0.45), "#ffffff", lighten(mid, 0.15)];
  let out = "";
  const band = Math.min(w, h) * 0.06;
  colors.forEach((color, i) => {
    const r = Math.min(w, h) * 0.62 - i * band;
    out += `<path d="M${n(cx - r)} ${n(cy)} A${n(r)} ${n(r)} 0 0 1 ${n(cx + r)} ${n(cy)}" fill="none" stroke="${color}" stroke-width="${n(band)}" opacity="0.75"/>`;
  });
  for (let i = 0; i < 4; i++) {
    const x = rand.range(w * 0.05, w * 0.95);
    const y = rand.range(h * 0.12, h * 0.5);
    const r = rand.range(22, 40) * (h / 900);
    out += `<g fill="#ffffff" opacity="${n(rand.range(0.75, 0.95))}"><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}"/><circle cx="${n(x + r * 0.9)}" cy="${n(y + r * 0.2)}" r="${n(r * 0.8)}"/><circle cx="${n(x - r * 0.9)}" cy="${n(y + r * 0.25)}" r="${n(r * 0.7)}"/><rect x="${n(x - r * 1.5)}" y="${n(y + r * 0.2)}" width="${n(r * 3.1)}" height="${n(r * 0.8)}" rx="${n(r * 0.4)}"/></g>`;
  }
  for (let i = 0; i < 10; i++) {
    const size = rand.range(6, 16) * (h / 900);
    out += `<path d="${starPath(rand.range(0, w), rand.range(0, h * 0.45), size, size * 0.4, 4, 0)}" fill="#ffffff" opacity="${n(rand.range(0.5, 0.9))}"/>`;
  }
  out += `<path d="M0 ${n(cy)} Q${n(w * 0.5)} ${n(cy - h * 0.06)} ${n(w)} ${n(cy)} L${n(w)} ${n(h)} L0 ${n(h)} Z" fill="${darken(mid, 0.2)}"/>`;
  return out;
}

function motifSunbeams(s: Scene): string {
  const { w, h, rand, bg, mid, accent } = s;
  const cx = s.focus(0.5, 0.5);
  const cy = h * 1.05;
  const beams = 18;
  const r = Math.max(w, h) * 1.6;
  let out = "";
  for (let i = 0; i < beams; i++) {
    const a1 = Math.PI + (i / beams) * Math.PI;
    const a2 = Math.PI + ((i + 0.5) / beams) * Math.PI;
    out += `<path d="M${n(cx)} ${n(cy)} L${n(cx + r * Math.cos(a1))} ${n(cy + r * Math.sin(a1))} L${n(cx + r * Math.cos(a2))} ${n(cy + r * Math.sin(a2))} Z" fill="${lighten(mid, 0.2)}" opacity="0.35"/>`;
  }
  for (let i = 0; i < 40; i++) {
    const x = rand.range(0, w);
    const y = rand.range(0, h * 0.55);
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rand.range(3, 9) * (h / 900))}" fill="${rand.pick([accent, "#ffffff", lighten(accent, 0.4)])}" opacity="${n(rand.range(0.5, 0.9))}"/>`;
  }
  const bx = s.focus(0.3, 0.7);
  const by = h * rand.range(0.3, 0.42);
  const br = Math.min(w, h) * 0.14;
  out += `<ellipse cx="${n(bx)}" cy="${n(h * 0.62)}" rx="${n(br * 1.1)}" ry="${n(br * 0.18)}" fill="#000000" opacity="0.3"/>`;
  out += `<circle cx="${n(bx)}" cy="${n(by)}" r="${n(br)}" fill="${accent}"/>`;
  out += `<path d="M${n(bx - br)} ${n(by)} A${n(br)} ${n(br)} 0 0 0 ${n(bx + br)} ${n(by)} Z" fill="${darken(accent, 0.2)}"/>`;
  out += `<circle cx="${n(bx - br * 0.35)}" cy="${n(by - br * 0.4)}" r="${n(br * 0.18)}" fill="#ffffff" opacity="0.7"/>`;
  out += `<rect x="0" y="${n(h * 0.62)}" width="${n(w)}" height="${n(h * 0.38)}" fill="${darken(bg, 0.3)}" opacity="0.85"/>`;
  return out;
}

function motifGlobe(s: Scene): string {
  const { w, h, rand, mid, accent } = s;
  const cx = s.focus(0.4, 0.6);
  const cy = h * rand.range(0.32, 0.4);
  const r = Math.min(w, h) * 0.3;
  const tilt = rand.range(-25, 25);
  let out = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.25)}" fill="${accent}" opacity="0.18" filter="url(#blur-${s.id})"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${darken(mid, 0.35)}" opacity="0.8"/>`;
  let lines = "";
  for (let i = 1; i < 6; i++) {
    const rx = r * Math.abs(Math.cos((i / 6) * Math.PI));
    lines += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(r)}"/>`;
  }
  for (let i = 1; i < 6; i++) {
    const y = -r + (2 * r * i) / 6;
    const half = Math.sqrt(r * r - y * y);
    lines += `<path d="M${n(cx - half)} ${n(cy + y)} L${n(cx + half)} ${n(cy + y)}"/>`;
  }
  out += `<g fill="none" stroke="${lighten(mid, 0.5)}" stroke-width="1.4" opacity="0.7" transform="rotate(${n(tilt)} ${n(cx)} ${n(cy)})">${lines}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" stroke="${accent}" stroke-width="3"/></g>`;
  out += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r * 1.55)}" ry="${n(r * 0.45)}" fill="none" stroke="${accent}" stroke-width="1.6" stroke-dasharray="8 7" opacity="0.8" transform="rotate(${n(-tilt * 0.6 - 12)} ${n(cx)} ${n(cy)})"/>`;
  for (let i = 0; i < 7; i++) {
    const a = rand.range(0, Math.PI * 2);
    const d = rand.range(0, r * 0.85);
    out += `<circle cx="${n(cx + d * Math.cos(a))}" cy="${n(cy + d * Math.sin(a))}" r="${n(r * 0.025)}" fill="${lighten(accent, 0.4)}"/>`;
  }
  return out;
}

function motifWindow(s: Scene): string {
  const { w, h, rand, bg, mid, accent } = s;
  const ww = Math.min(w * 0.5, h * 0.36);
  const wx = s.focus(0.3, 0.7) - ww / 2;
  const wy = h * 0.12;
  const wh = ww * 1.45;
  const wall = darken(bg, 0.55);
  const arch = `M${n(wx)} ${n(wy + ww / 2)} A${n(ww / 2)} ${n(ww / 2)} 0 0 1 ${n(wx + ww)} ${n(wy + ww / 2)} L${n(wx + ww)} ${n(wy + wh)} L${n(wx)} ${n(wy + wh)} Z`;
  let out = `<path d="M0 0 L${n(w)} 0 L${n(w)} ${n(h)} L0 ${n(h)} Z ${arch}" fill="${wall}" fill-rule="evenodd" opacity="0.92"/>`;
  out += `<path d="${arch}" fill="${accent}" opacity="0.18"/>`;
  out += `<circle cx="${n(wx + ww * rand.range(0.3, 0.7))}" cy="${n(wy + wh * 0.45)}" r="${n(ww * 0.2)}" fill="${lighten(accent, 0.5)}" opacity="0.9"/>`;
  const floor = wy + wh + h * 0.12;
  out += `<path d="M${n(wx)} ${n(wy + wh)} L${n(wx + ww)} ${n(wy + wh)} L${n(wx + ww * 1.5)} ${n(floor + h * 0.25)} L${n(wx - ww * 0.1)} ${n(floor + h * 0.25)} Z" fill="${accent}" opacity="0.16"/>`;
  const bar = ww * 0.035;
  out += `<g fill="${wall}"><rect x="${n(wx + ww / 2 - bar / 2)}" y="${n(wy)}" width="${n(bar)}" height="${n(wh)}"/><rect x="${n(wx)}" y="${n(wy + wh * 0.55)}" width="${n(ww)}" height="${n(bar)}"/></g>`;
  out += `<path d="${arch}" fill="none" stroke="${lighten(mid, 0.2)}" stroke-width="${n(bar * 0.8)}" opacity="0.8"/>`;
  for (let i = 0; i < 24; i++) {
    const x = wx + rand.range(0, ww);
    const y = wy + rand.range(ww * 0.3, wh - 20);
    out += `<path d="M${n(x)} ${n(y)} l-3 14" stroke="#ffffff" stroke-width="1.2" opacity="${n(rand.range(0.2, 0.5))}"/>`;
  }
  return out;
}

function motifDoorway(s: Scene): string {
  const { w, h, bg, accent } = s;
  const dw = Math.min(w * 0.28, h * 0.2);
  const dh = dw * 2.3;
  const dx = s.focus(0.35, 0.65) - dw / 2;
  const floor = h * 0.62;
  const dy = floor - dh;
  const glow = lighten(accent, 0.35);
  let out = `<rect width="${n(w)}" height="${n(h)}" fill="${darken(bg, 0.75)}" opacity="0.85"/>`;
  out += `<rect x="${n(dx)}" y="${n(dy)}" width="${n(dw)}" height="${n(dh)}" fill="${glow}" opacity="0.95"/>`;
  out += `<rect x="${n(dx - dw * 0.6)}" y="${n(dy - dw * 0.6)}" width="${n(dw * 2.2)}" height="${n(dh + dw * 0.6)}" fill="${accent}" opacity="0.25" filter="url(#blur-${s.id})"/>`;
  out += `<path d="M${n(dx)} ${n(floor)} L${n(dx + dw)} ${n(floor)} L${n(dx + dw * 3)} ${n(h)} L${n(dx - dw * 2)} ${n(h)} Z" fill="${glow}" opacity="0.3"/>`;
  out += `<path d="M${n(dx + dw)} ${n(dy)} L${n(dx + dw * 0.55)} ${n(dy + dh * 0.06)} L${n(dx + dw * 0.55)} ${n(floor + dh * 0.04)} L${n(dx + dw)} ${n(floor)} Z" fill="${darken(bg, 0.6)}"/>`;
  const fx = dx + dw * 0.28;
  const fh = dh * 0.62;
  out += `<g fill="${darken(bg, 0.85)}"><circle cx="${n(fx)}" cy="${n(floor - fh)}" r="${n(fh * 0.09)}"/><path d="M${n(fx - fh * 0.12)} ${n(floor - fh * 0.88)} L${n(fx + fh * 0.12)} ${n(floor - fh * 0.88)} L${n(fx + fh * 0.16)} ${n(floor)} L${n(fx - fh * 0.16)} ${n(floor)} Z"/></g>`;
  out += `<path d="M${n(fx)} ${n(floor)} L${n(fx - fh * 0.3)} ${n(h)} L${n(fx + fh * 0.5)} ${n(h)} Z" fill="#000000" opacity="0.45"/>`;
  return out;
}

function motifCrescent(s: Scene): string {
  const { w, h, rand, bg, mid, accent } = s;
  let out = "";
  for (let i = 0; i < 70; i++) {
    out += `<circle cx="${n(rand.range(0, w))}" cy="${n(rand.range(0, h * 0.55))}" r="${n(rand.range(0.6, 2))}" fill="#ffffff" opacity="${n(rand.range(0.3, 0.9))}"/>`;
  }
  const mx = s.focus(0.55, 0.75);
  const my = h * rand.range(0.18, 0.26);
  const mr = Math.min(w, h) * 0.14;
  out += `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(mr * 2)}" fill="${accent}" opacity="0.22" filter="url(#blur-${s.id})"/>`;
  out += `<path d="M${n(mx)} ${n(my - mr)} A${n(mr)} ${n(mr)} 0 1 0 ${n(mx)} ${n(my + mr)} A${n(mr * 0.75)} ${n(mr)} 0 1 1 ${n(mx)} ${n(my - mr)} Z" fill="${lighten(accent, 0.55)}" transform="rotate(${n(rand.range(-30, 30))} ${n(mx)} ${n(my)})"/>`;
  const hill = h * 0.62;
  out += `<path d="M0 ${n(hill + h * 0.04)} Q${n(w * 0.45)} ${n(hill - h * 0.06)} ${n(w)} ${n(hill + h * 0.02)} L${n(w)} ${n(h)} L0 ${n(h)} Z" fill="${darken(bg, 0.6)}"/>`;
  const fx = s.focus(0.3, 0.45);
  const fy = hill - h * 0.015;
  const fh = h * 0.07;
  const fig = darken(bg, 0.8);
  for (const [dx, scale] of [
    [0, 1],
    [fh * 0.42, 0.9],
  ] as const) {
    const x = fx + dx;
    const hh = fh * scale;
    out += `<g fill="${fig}"><circle cx="${n(x)}" cy="${n(fy - hh)}" r="${n(hh * 0.13)}"/><path d="M${n(x - hh * 0.15)} ${n(fy - hh * 0.84)} L${n(x + hh * 0.15)} ${n(fy - hh * 0.84)} L${n(x + hh * 0.22)} ${n(fy)} L${n(x - hh * 0.22)} ${n(fy)} Z"/></g>`;
  }
  for (let i = 0; i < 12; i++) {
    out += `<circle cx="${n(rand.range(0, w))}" cy="${n(rand.range(h * 0.3, h * 0.7))}" r="${n(rand.range(8, 30) * (h / 900))}" fill="${rand.pick([accent, lighten(mid, 0.4)])}" opacity="${n(rand.range(0.08, 0.25))}" filter="url(#soft-${s.id})"/>`;
  }
  return out;
}

function motifPortal(s: Scene): string {
  const { w, h, rand, bg, mid, accent } = s;
  let out = "";
  for (let i = 0; i < 90; i++) {
    out += `<circle cx="${n(rand.range(0, w))}" cy="${n(rand.range(0, h))}" r="${n(rand.range(0.5, 1.8))}" fill="#ffffff" opacity="${n(rand.range(0.3, 0.9))}"/>`;
  }
  const cx = s.focus(0.4, 0.6);
  const cy = h * rand.range(0.36, 0.44);
  const r = Math.min(w, h) * 0.42;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.5)}" fill="${lighten(accent, 0.3)}" opacity="0.5" filter="url(#blur-${s.id})"/>`;
  const rings = 12;
  for (let i = 0; i < rings; i++) {
    const t = i / rings;
    const rr = r * Math.pow(1 - t, 1.6);
    const oy = cy - t * h * 0.05;
    out += `<ellipse cx="${n(cx)}" cy="${n(oy)}" rx="${n(rr)}" ry="${n(rr * 1.05)}" fill="none" stroke="${mix(lighten(mid, 0.3), accent, t)}" stroke-width="${n(2 + (1 - t) * 5)}" opacity="${n(0.35 + t * 0.6)}"/>`;
  }
  out += `<circle cx="${n(cx)}" cy="${n(cy - h * 0.05)}" r="${n(r * 0.06)}" fill="#ffffff"/>`;
  const fy = h * 0.72;
  const fh = h * 0.06;
  out += `<rect x="0" y="${n(fy)}" width="${n(w)}" height="${n(h - fy)}" fill="${darken(bg, 0.5)}"/>`;
  out += `<g fill="${darken(bg, 0.85)}"><circle cx="${n(cx)}" cy="${n(fy - fh)}" r="${n(fh * 0.13)}"/><path d="M${n(cx - fh * 0.15)} ${n(fy - fh * 0.85)} L${n(cx + fh * 0.15)} ${n(fy - fh * 0.85)} L${n(cx + fh * 0.2)} ${n(fy)} L${n(cx - fh * 0.2)} ${n(fy)} Z"/></g>`;
  out += `<path d="M${n(cx - w * 0.3)} ${n(fy)} L${n(cx + w * 0.3)} ${n(fy)}" stroke="${accent}" stroke-width="2" opacity="0.7"/>`;
  return out;
}

function motifVertigo(s: Scene): string {
  const { w, h, rand, mid, accent } = s;
  const cx = s.focus(0.4, 0.6);
  const cy = h * rand.range(0.34, 0.42);
  const turn = rand.pick([-1, 1]) * rand.range(7, 11);
  let out = "";
  const steps = 16;
  for (let i = 0; i < steps; i++) {
    const size = Math.max(w, h) * 0.9 * Math.pow(0.82, i);
    out += `<rect x="${n(cx - size / 2)}" y="${n(cy - size / 2)}" width="${n(size)}" height="${n(size)}" fill="none" stroke="${i % 3 === 0 ? accent : lighten(mid, 0.35)}" stroke-width="${n(Math.max(1.2, 6 * Math.pow(0.85, i)))}" opacity="${n(0.85 - i * 0.03)}" transform="rotate(${n(i * turn)} ${n(cx)} ${n(cy)})"/>`;
  }
  const fh = h * 0.05;
  const a = rand.range(-0.8, 0.8);
  out += `<g fill="#050505" transform="translate(${n(cx)} ${n(cy)}) rotate(${n((a * 180) / Math.PI)})"><circle cx="0" cy="${n(-fh * 0.55)}" r="${n(fh * 0.13)}"/><path d="M${n(-fh * 0.14)} ${n(-fh * 0.42)} L${n(fh * 0.14)} ${n(-fh * 0.42)} L${n(fh * 0.35)} ${n(fh * 0.2)} L${n(fh * 0.1)} ${n(fh * 0.5)} L0 ${n(fh * 0.1)} L${n(-fh * 0.1)} ${n(fh * 0.5)} L${n(-fh * 0.35)} ${n(fh * 0.2)} Z"/></g>`;
  return out;
}

type Motif = (scene: Scene) => string;

/** Two compositions per category; each movie gets one of them, chosen from its slug. */
const MOTIFS: Record<string, [Motif, Motif]> = {
  action: [motifAction, motifTarget],
  adventure: [motifAdventure, motifDunes],
  animation: [motifAnimation, motifRainbow],
  comedy: [motifComedy, motifSunbeams],
  documentary: [motifDocumentary, motifGlobe],
  drama: [motifDrama, motifWindow],
  horror: [motifHorror, motifDoorway],
  romance: [motifRomance, motifCrescent],
  "sci-fi": [motifSciFi, motifPortal],
  thriller: [motifThriller, motifVertigo],
};

function motifsFor(category: string): [Motif, Motif] {
  const key = category.trim().toLowerCase().replace(/\s+/g, "-");
  const known = MOTIFS[key];
  if (known) return known;
  // Unknown categories still get stable motifs.
  const all = Object.values(MOTIFS);
  return all[hashString(key) % all.length] ?? [motifDrama, motifWindow];
}

// ---------------------------------------------------------------------------------------------
// Shared scene: background, glow, motif, texture and defs.

type Texture = "none" | "halftone" | "hatch" | "scanlines";

/** Per-movie design choices, shared by the poster and the banner so the two look like one campaign. */
type Style = {
  motif: Motif;
  mirror: boolean;
  texture: Texture;
  frame: "inset" | "corners" | "none";
  align: "center" | "left";
};

// Any salt is deterministic; this one happens to give both compositions of every category
// at least twice in the demo catalogue, so its posters do not all look alike.
const STYLE_SALT = "style218";

function styleOf(movie: ArtMovie): Style {
  const rand = seededRandom(`${movie.slug}:${STYLE_SALT}`);
  const [first, second] = motifsFor(movie.category);
  return {
    motif: rand.next() < 0.5 ? first : second,
    mirror: rand.next() < 0.5,
    texture: rand.pick<Texture>(["none", "halftone", "hatch", "scanlines"]),
    frame: rand.pick(["inset", "corners", "none"] as const),
    align: rand.next() < 0.65 ? "center" : "left",
  };
}

function textureLayer(texture: Texture, w: number, h: number): string {
  // Print-like texture drawn as a few long stroked paths: far cheaper to rasterise than an SVG
  // <pattern> or feTurbulence grain, which dominated render time on the 1600px banners.
  if (texture === "none") return "";
  let d = "";
  if (texture === "hatch") {
    for (let x = 0; x < w + h; x += 17) d += `M${x} 0 L${x - h} ${h} `;
    return `<path d="${d}" stroke="#ffffff" stroke-width="2" opacity="0.06" fill="none"/>`;
  }
  if (texture === "scanlines") {
    for (let y = 1; y < h; y += 6) d += `M0 ${y} H${w} `;
    return `<path d="${d}" stroke="#000000" stroke-width="2" opacity="0.22" fill="none"/>`;
  }
  let odd = "";
  for (let y = 3.5, row = 0; y < h; y += 7, row++) {
    if (row % 2 === 0) d += `M3.5 ${y} H${w} `;
    else odd += `M10.5 ${y} H${w} `;
  }
  const dots = `stroke="#ffffff" stroke-width="3.2" stroke-linecap="round" stroke-dasharray="0 14" fill="none"`;
  return `<g opacity="0.06"><path d="${d}" ${dots}/><path d="${odd}" ${dots}/></g>`;
}

function backdrop(
  movie: ArtMovie,
  w: number,
  h: number,
  variant: string,
): { defs: string; body: string; scene: Scene; style: Style } {
  const [bg, mid, accent] = movie.palette;
  const style = styleOf(movie);
  const rand = seededRandom(`${movie.slug}:${variant}`);
  const id = `${variant}-${hashString(movie.slug).toString(36)}`;
  // Banners keep their focal shapes right of the title; posters use the full width.
  const [focusFrom, focusTo] = variant === "title" ? [0.42, 1] : [0, 1];
  const focus = (lo: number, hi: number): number => w * (focusFrom + (focusTo - focusFrom) * rand.range(lo, hi));
  const scene: Scene = { w, h, rand, bg, mid, accent, id, focus };
  const angle = rand.range(0, 360);
  const glowX = rand.range(0.2, 0.8);
  const glowY = rand.range(0.15, 0.4);
  const mirror = style.mirror && variant !== "title" ? ` transform="translate(${w} 0) scale(-1 1)"` : "";
  const defs = `
    <linearGradient id="bg-${id}" gradientTransform="rotate(${n(angle)} 0.5 0.5)">
      <stop offset="0" stop-color="${lighten(mid, 0.05)}"/>
      <stop offset="0.55" stop-color="${bg}"/>
      <stop offset="1" stop-color="${darken(bg, 0.55)}"/>
    </linearGradient>
    <radialGradient id="glow-${id}" cx="${n(glowX)}" cy="${n(glowY)}" r="0.75">
      <stop offset="0" stop-color="${accent}" stop-opacity="0.55"/>
      <stop offset="0.45" stop-color="${mid}" stop-opacity="0.25"/>
      <stop offset="1" stop-color="${bg}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="sun-${id}" cx="0.5" cy="0.35" r="0.7">
      <stop offset="0" stop-color="${lighten(accent, 0.55)}"/>
      <stop offset="1" stop-color="${accent}"/>
    </radialGradient>
    <radialGradient id="planet-${id}" cx="0.35" cy="0.3" r="0.85">
      <stop offset="0" stop-color="${lighten(accent, 0.35)}"/>
      <stop offset="0.6" stop-color="${mix(accent, mid, 0.6)}"/>
      <stop offset="1" stop-color="${darken(mid, 0.6)}"/>
    </radialGradient>
    <radialGradient id="vignette-${id}" cx="0.5" cy="0.45" r="0.75">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.6"/>
    </radialGradient>
    <filter id="blur-${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(Math.min(w, h) * 0.05)}"/></filter>
    <filter id="soft-${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(Math.min(w, h) * 0.008)}"/></filter>
    <filter id="shadow-${id}" x="-20%" y="-40%" width="140%" height="180%">
      <feDropShadow dx="0" dy="${n(h * 0.004)}" stdDeviation="${n(h * 0.006)}" flood-color="#000" flood-opacity="0.65"/>
    </filter>`;
  const body = `
  <rect width="${w}" height="${h}" fill="url(#bg-${id})"/>
  <rect width="${w}" height="${h}" fill="url(#glow-${id})"/>
  <g${mirror}>${style.motif(scene)}</g>
  ${textureLayer(style.texture, w, h)}
  <rect width="${w}" height="${h}" fill="url(#vignette-${id})"/>`;
  return { defs, body, scene, style };
}

function titleColour(accent: string): string {
  // A light tint of the accent reads as designed; plain white if the accent is too dark to tint.
  return luminance(accent) > 0.35 ? lighten(accent, 0.82) : "#ffffff";
}

function svgDocument(w: number, h: number, defs: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>${defs}
  </defs>${body}
</svg>
`;
}

// ---------------------------------------------------------------------------------------------
// Public API

/** Portrait 600x900 poster. */
export function posterSvg(movie: ArtMovie): string {
  const w = 600;
  const h = 900;
  const { defs, body, scene, style } = backdrop(movie, w, h, "poster");
  const { id, accent } = scene;
  const margin = 44;
  const centred = style.align === "center";
  const x = centred ? w / 2 : margin;
  const anchor = centred ? "middle" : "start";
  const layout = layoutTitle(movie.name, {
    width: w - 2 * margin,
    height: 250,
    maxSize: 96,
    maxLines: 4,
    lineHeight: 1.04,
  });
  const lineGap = layout.size * 1.04;
  const metaY = h - 58;
  const ruleY = metaY - 34;
  const lastBaseline = ruleY - 26;
  const firstBaseline = lastBaseline - lineGap * (layout.lines.length - 1);
  const scrimTop = Math.max(0, firstBaseline - layout.size - 120);
  const category = escapeXml(movie.category.toUpperCase());
  const titleLines = layout.lines
    .map((line, i) => `<text x="${n(x)}" y="${n(firstBaseline + i * lineGap)}">${escapeXml(line)}</text>`)
    .join("");
  const extraDefs = `
    <linearGradient id="scrim-${id}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/>
      <stop offset="0.45" stop-color="#000" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.85"/>
    </linearGradient>`;
  const frames: Record<Style["frame"], string> = {
    inset: `<rect x="14" y="14" width="${w - 28}" height="${h - 28}" fill="none" stroke="#ffffff" stroke-opacity="0.2" stroke-width="2"/>`,
    corners: `<path d="M18 60 V18 H60 M${w - 60} 18 H${w - 18} V60 M${w - 18} ${h - 60} V${h - 18} H${w - 60} M60 ${h - 18} H18 V${h - 60}" fill="none" stroke="${accent}" stroke-opacity="0.75" stroke-width="3"/>`,
    none: "",
  };
  const overlay = `
  <rect y="${n(scrimTop)}" width="${w}" height="${n(h - scrimTop)}" fill="url(#scrim-${id})"/>
  <text x="${n(x)}" y="56" text-anchor="${anchor}" font-family="${FONT}" font-size="15" font-weight="700" letter-spacing="6" fill="${lighten(accent, 0.5)}" opacity="0.9">MARQUEE · ${category}</text>
  <g font-family="${FONT}" font-weight="700" font-size="${layout.size}" text-anchor="${anchor}" fill="${titleColour(accent)}" filter="url(#shadow-${id})">${titleLines}</g>
  <rect x="${n(centred ? w / 2 - 40 : margin)}" y="${n(ruleY)}" width="80" height="4" rx="2" fill="${accent}"/>
  <text x="${n(x)}" y="${n(metaY)}" text-anchor="${anchor}" font-family="${FONT}" font-size="20" font-weight="700" letter-spacing="4" fill="#ffffff" opacity="0.92">${movie.year} · ${category}</text>
  ${frames[style.frame]}`;
  return svgDocument(w, h, defs + extraDefs, body + overlay);
}

/**
 * Landscape 1600x900 backdrop: the scene alone, darker on the left. No lettering: every page that
 * shows it (the home banner, the movie page's hero, the player's poster) prints the title, year and
 * category itself, beside or above it, and the art would only repeat them.
 */
export function titleImageSvg(movie: ArtMovie): string {
  const w = 1600;
  const h = 900;
  const { defs, body, scene } = backdrop(movie, w, h, "title");
  const { id } = scene;
  const extraDefs = `
    <linearGradient id="side-${id}" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity="0.8"/>
      <stop offset="0.45" stop-color="#000" stop-opacity="0.45"/>
      <stop offset="0.75" stop-color="#000" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="foot-${id}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.5" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.6"/>
    </linearGradient>`;
  const overlay = `
  <rect width="${w}" height="${h}" fill="url(#side-${id})"/>
  <rect width="${w}" height="${h}" fill="url(#foot-${id})"/>`;
  return svgDocument(w, h, defs + extraDefs, body + overlay);
}

function portrait(name: string, size: number, variant: "cast" | "user"): string {
  const rand = seededRandom(`${variant}:${name}`);
  const hue = hashString(name) % 360;
  const top = hslToHex(hue, 0.55, 0.52);
  const bottom = hslToHex((hue + rand.range(25, 60)) % 360, 0.6, 0.3);
  const id = `${variant}-${hashString(name).toString(36)}`;
  const initials = escapeXml(initialsOf(name));
  const fontSize = size * (initials.length > 1 ? 0.36 : 0.44);
  const silhouette = darken(bottom, 0.35);
  const s = size;
  // Head-and-shoulders silhouette behind the initials makes cast portraits read as people.
  const person =
    variant === "cast"
      ? `<g opacity="0.35" fill="${silhouette}">
    <circle cx="${n(s * 0.5)}" cy="${n(s * 0.42)}" r="${n(s * 0.2)}"/>
    <path d="M${n(s * 0.12)} ${n(s)} C${n(s * 0.12)} ${n(s * 0.7)} ${n(s * 0.3)} ${n(s * 0.64)} ${n(s * 0.5)} ${n(s * 0.64)} C${n(s * 0.7)} ${n(s * 0.64)} ${n(s * 0.88)} ${n(s * 0.7)} ${n(s * 0.88)} ${n(s)} Z"/>
  </g>`
      : `<circle cx="${n(s * rand.range(0.7, 0.9))}" cy="${n(s * rand.range(0.1, 0.3))}" r="${n(s * 0.35)}" fill="#ffffff" opacity="0.1"/>
  <circle cx="${n(s * rand.range(0.1, 0.3))}" cy="${n(s * rand.range(0.8, 0.95))}" r="${n(s * 0.28)}" fill="#000000" opacity="0.1"/>`;
  const defs = `
    <linearGradient id="bg-${id}" x1="0" y1="0" x2="${n(rand.range(0.3, 1))}" y2="1">
      <stop offset="0" stop-color="${top}"/>
      <stop offset="1" stop-color="${bottom}"/>
    </linearGradient>
    <filter id="shadow-${id}" x="-20%" y="-20%" width="140%" height="140%">
      <feDropShadow dx="0" dy="${n(s * 0.008)}" stdDeviation="${n(s * 0.012)}" flood-color="#000" flood-opacity="0.45"/>
    </filter>`;
  const body = `
  <rect width="${s}" height="${s}" fill="url(#bg-${id})"/>
  ${person}
  <text x="${n(s / 2)}" y="${n(s / 2 + fontSize * 0.36)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${n(fontSize)}" letter-spacing="${n(s * 0.01)}" fill="#ffffff" filter="url(#shadow-${id})">${initials}</text>`;
  return svgDocument(s, s, defs, body);
}

/** 400x400 cast portrait: a colour from the name, a silhouette and the initials. */
export function castSvg(person: { name: string }): string {
  return portrait(person.name, 400, "cast");
}

/** 256x256 user avatar with initials. */
export function avatarSvg(user: { fullName: string }): string {
  return portrait(user.fullName, 256, "user");
}

/**
 * Rendered art, by the digest of its SVG and the renderer's versions: drawing the demo catalogue's
 * 315 pictures takes about 40 s of CPU, and the same SVGs are drawn by every fresh database on this
 * checkout (a first `npm start`, the test suite's template, its fresh-start and Node 26 runs). Where
 * tools keep their caches (node_modules/.cache); a digest never goes stale, and a missing or
 * unwritable folder only means drawing again.
 */
const ART_CACHE = path.join(import.meta.dirname, "../../node_modules/.cache/marquee-seed-art");
const RENDERER = `webp-q82 sharp ${sharp.versions.sharp} vips ${sharp.versions.vips}`;

export async function renderWebp(svg: string): Promise<Buffer> {
  const file = path.join(
    ART_CACHE,
    `${createHash("sha256").update(RENDERER).update("\0").update(svg).digest("hex")}.webp`,
  );
  try {
    return await fs.promises.readFile(file);
  } catch {
    // not drawn yet
  }
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
  try {
    await fs.promises.mkdir(ART_CACHE, { recursive: true });
    // Written aside, then renamed: seeds running at once never read half a file.
    const partial = `${file}.${process.pid}.partial`;
    await fs.promises.writeFile(partial, webp);
    await fs.promises.rename(partial, file);
  } catch {
    // a read-only checkout: draw again next time
  }
  return webp;
}
