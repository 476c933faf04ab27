// ffmpeg and ffprobe, run as child processes: finding them, probing a video, and cutting it into
// an HLS ladder. Debian's ffmpeg (installed by .ci/run) or FFMPEG_PATH; without one the app still
// runs and plays the original MP4 (ffmpegStatus tells the admin why transcoding is off).
import { execFile, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { env } from "@/lib/env";

const run = promisify(execFile);

export type FfmpegStatus = { available: true; ffmpeg: string; ffprobe: string } | { available: false; reason: string };

let status: FfmpegStatus | undefined;

/** Looked up once per process: `-version` of ffmpeg and of the ffprobe beside it. */
export function ffmpegStatus(): FfmpegStatus {
  status ??= locate();
  return status;
}

function locate(): FfmpegStatus {
  const ffmpeg = env.FFMPEG_PATH ?? "ffmpeg";
  const ffprobe = env.FFMPEG_PATH ? path.join(path.dirname(env.FFMPEG_PATH), "ffprobe") : "ffprobe";
  for (const tool of [ffmpeg, ffprobe]) {
    const result = spawnSync(/*turbopackIgnore: true*/ tool, ["-version"], { stdio: "ignore", timeout: 10_000 });
    if (result.error || result.status !== 0) {
      const where = env.FFMPEG_PATH ? `FFMPEG_PATH=${env.FFMPEG_PATH}` : "the PATH";
      return {
        available: false,
        reason: `Transcoding is off: ${path.basename(tool)} was not found on ${where}. Install ffmpeg or set FFMPEG_PATH; videos play as uploaded.`,
      };
    }
  }
  return { available: true, ffmpeg, ffprobe };
}

export type Probe = { durationSeconds: number; width: number; height: number; hasAudio: boolean };

export async function probe(ffprobe: string, file: string): Promise<Probe> {
  const { stdout } = await run(/*turbopackIgnore: true*/ ffprobe, [
    "-v",
    "error",
    "-show_entries",
    "format=duration:stream=codec_type,width,height",
    "-of",
    "json",
    file,
  ]);
  const info = JSON.parse(stdout) as {
    format?: { duration?: string };
    streams?: { codec_type: string; width?: number; height?: number }[];
  };
  const video = info.streams?.find((stream) => stream.codec_type === "video");
  const durationSeconds = Number(info.format?.duration);
  if (!video?.width || !video.height || !Number.isFinite(durationSeconds) || durationSeconds <= 0)
    throw new Error("The file has no playable video stream.");
  return {
    durationSeconds,
    width: video.width,
    height: video.height,
    hasAudio: info.streams!.some((stream) => stream.codec_type === "audio"),
  };
}

/** Rendition heights offered to players; each is made only when the source is at least that tall. */
const LADDER = [360, 720, 1080];

export type Rendition = { name: string; height: number; videoKbps: number };

/**
 * The ladder for a source of this height: every standard height below it plus the source's own
 * (capped at 1080p), so nothing is ever scaled up. A 480p source gives 360p and 480p.
 */
export function ladderFor(sourceHeight: number): Rendition[] {
  const top = Math.min(sourceHeight - (sourceHeight % 2), 1080);
  const heights = [...LADDER.filter((height) => height < top), top];
  // About 0.1 bits per pixel at 30 fps for 16:9 pictures: 360p ≈ 720 kb/s, 720p ≈ 2.9 Mb/s, 1080p 5 Mb/s.
  return heights.map((height) => ({
    name: `${height}p`,
    height,
    videoKbps: Math.min(5000, Math.round((height * height) / 180)),
  }));
}

/** Target segment length: players switch quality at segment boundaries. */
export const SEGMENT_SECONDS = 4;

/**
 * Writes `master.m3u8`, `<rendition>.m3u8` and `<rendition>_NNNNN.ts` into `outDir` in one ffmpeg
 * run (one decode, one scaler per rendition). Keyframes every SEGMENT_SECONDS in every rendition,
 * so segments line up across qualities. Calls `onProgress` with the seconds done so far.
 */
export function transcodeToHls(options: {
  ffmpeg: string;
  input: string;
  outDir: string;
  probe: Probe;
  signal: AbortSignal;
  onProgress: (secondsDone: number) => void;
}): Promise<void> {
  const { ffmpeg, input, outDir, probe: source, signal, onProgress } = options;
  const renditions = ladderFor(source.height);
  const splits = renditions.map((_, i) => `[s${i}]`).join("");
  const filter = [
    `[0:v]split=${renditions.length}${splits}`,
    ...renditions.map((r, i) => `[s${i}]scale=-2:${r.height}[v${i}]`),
  ].join(";");
  const args = [
    "-hide_banner",
    "-nostdin",
    "-nostats",
    "-loglevel",
    "error",
    "-y",
    "-i",
    input,
    "-filter_complex",
    filter,
  ];
  renditions.forEach((rendition, i) => {
    args.push("-map", `[v${i}]`);
    if (source.hasAudio) args.push("-map", "0:a:0");
    args.push(
      `-b:v:${i}`,
      `${rendition.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(rendition.videoKbps * 1.1)}k`,
      `-bufsize:v:${i}`,
      `${rendition.videoKbps * 2}k`,
    );
  });
  args.push(
    ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-pix_fmt", "yuv420p"],
    ...["-sc_threshold", "0", "-force_key_frames", `expr:gte(t,n_forced*${SEGMENT_SECONDS})`],
    ...(source.hasAudio ? ["-c:a", "aac", "-b:a", "128k", "-ac", "2"] : []),
    ...[
      "-f",
      "hls",
      "-hls_time",
      String(SEGMENT_SECONDS),
      "-hls_playlist_type",
      "vod",
      "-hls_flags",
      "independent_segments",
    ],
    ...["-hls_segment_filename", path.join(outDir, "%v_%05d.ts"), "-master_pl_name", "master.m3u8"],
    ...[
      "-var_stream_map",
      renditions.map((r, i) => (source.hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`)).join(" "),
    ],
    ...["-progress", "pipe:1", path.join(outDir, "%v.m3u8")],
  );
  return runFfmpeg(ffmpeg, args, signal, (line) => {
    // -progress writes key=value lines; out_time_us is the position reached, in microseconds.
    const match = /^out_time_us=(\d+)$/.exec(line);
    if (match) onProgress(Number(match[1]) / 1e6);
  });
}

/** One JPEG frame a tenth of the way in (past black openings), at most 720 pixels tall. */
export function posterFrame(
  ffmpeg: string,
  input: string,
  output: string,
  durationSeconds: number,
  signal: AbortSignal,
): Promise<void> {
  const at = Math.min(durationSeconds * 0.1, 10).toFixed(2);
  const args = [
    "-hide_banner",
    "-nostdin",
    "-loglevel",
    "error",
    "-y",
    "-ss",
    at,
    "-i",
    input,
    "-frames:v",
    "1",
    "-vf",
    "scale=-2:'min(720,ih)'",
    "-q:v",
    "3",
    output,
  ];
  return runFfmpeg(ffmpeg, args, signal, () => {});
}

/** Seek-preview thumbnails: frames this wide, tiled into JPEG sprites of this many columns and rows. */
export const THUMBNAIL_WIDTH = 160;
const SPRITE_COLUMNS = 10;
const SPRITE_ROWS = 10;

/** Seconds between two thumbnails: one a second for short clips, at most every 10 s (about 200 a film). */
export function thumbnailInterval(durationSeconds: number): number {
  return Math.min(10, Math.max(1, Math.ceil(durationSeconds / 200)));
}

/**
 * Seek-preview sprites `thumbs_001.jpg`, ... in `outDir` (one frame every `thumbnailInterval`
 * seconds, 160 px wide, 10×10 a sprite) and `thumbnails.vtt`, the WebVTT thumbnails track players
 * read (Vidstack, Video.js, JW Player): one cue per frame naming its sprite and `#xywh=` tile.
 * The sprites are named relatively, like the playlists, so the folder works behind any URL.
 */
export async function seekPreview(options: {
  ffmpeg: string;
  input: string;
  outDir: string;
  probe: Probe;
  signal: AbortSignal;
}): Promise<void> {
  const { ffmpeg, input, outDir, probe: source, signal } = options;
  const interval = thumbnailInterval(source.durationSeconds);
  const width = THUMBNAIL_WIDTH;
  const height = 2 * Math.round((width * source.height) / source.width / 2);
  const perSprite = SPRITE_COLUMNS * SPRITE_ROWS;
  const filter = `fps=1/${interval},scale=${width}:${height},tile=${SPRITE_COLUMNS}x${SPRITE_ROWS}`;
  await runFfmpeg(
    ffmpeg,
    [
      "-hide_banner",
      "-nostdin",
      "-loglevel",
      "error",
      "-y",
      "-i",
      input,
      "-an",
      "-vf",
      filter,
      "-q:v",
      "5",
      path.join(outDir, "thumbs_%03d.jpg"),
    ],
    signal,
    () => {},
  );
  // fps= gives a frame at 0, interval, 2·interval, ... (timestamps rounded to the nearest frame).
  const sprites = (await fs.promises.readdir(outDir)).filter((name) => /^thumbs_\d{3}\.jpg$/.test(name)).length;
  const count = Math.min(Math.max(1, Math.round(source.durationSeconds / interval)), sprites * perSprite);
  const cues = Array.from({ length: count }, (_, index) => {
    const start = index * interval;
    const end = Math.min((index + 1) * interval, source.durationSeconds);
    const sprite = `thumbs_${String(Math.floor(index / perSprite) + 1).padStart(3, "0")}.jpg`;
    const tile = index % perSprite;
    const xywh = `${(tile % SPRITE_COLUMNS) * width},${Math.floor(tile / SPRITE_COLUMNS) * height},${width},${height}`;
    return `${vttTime(start)} --> ${vttTime(end)}\n${sprite}#xywh=${xywh}`;
  });
  await fs.promises.writeFile(path.join(outDir, "thumbnails.vtt"), `WEBVTT\n\n${cues.join("\n\n")}\n`);
}

/** 75.5 -> "00:01:15.500" */
function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

function runFfmpeg(ffmpeg: string, args: string[], signal: AbortSignal, onLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(/*turbopackIgnore: true*/ ffmpeg, args, { stdio: ["ignore", "pipe", "pipe"], signal });
    // Below the web server's priority: a worker inside the app (the default) must not make pages
    // wait while it uses every core; on a machine of its own it still gets all the idle CPU.
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // not permitted here: runs at normal priority
      }
    }
    let stderr = "";
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split("\n");
      pending = lines.pop() ?? "";
      lines.forEach((line) => onLine(line.trim()));
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `ffmpeg exited with code ${code}: ${stderr.trim().split("\n").slice(-3).join(" ") || "no message"}`,
          ),
        );
    });
  });
}
