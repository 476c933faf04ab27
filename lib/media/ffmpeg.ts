// ffmpeg and ffprobe, run as child processes: finding them, probing a video, checking it against the
// limits, and cutting it into an HLS ladder. Debian's ffmpeg (installed by .ci/run) or FFMPEG_PATH;
// without one the app still runs and plays the original MP4 (ffmpegStatus tells the admin why
// transcoding is off).
//
// Every tool runs in a process group of its own, killed as a whole when its work is cancelled, when
// it outlives its time, and when this process exits for any reason: an ffmpeg must never be left
// running for a job nobody waits for (docs/media.md "Limits").
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { runInBackground } from "@/lib/background-priority";
import { env } from "@/lib/env";
import { processState } from "@/lib/process-state";

export type FfmpegStatus = { available: true; ffmpeg: string; ffprobe: string } | { available: false; reason: string };

let status: FfmpegStatus | undefined;

/** Looked up once per process: `-version` of ffmpeg and of the ffprobe beside it. */
export function ffmpegStatus(): FfmpegStatus {
  status ??= locate();
  return status;
}

export type TranscodingStatus = { available: true; reason: null } | { available: false; reason: string };

/**
 * Whether this process may queue transcodes, as the admin is told: ffmpeg is here, or the jobs run in
 * workers elsewhere (JOBS_IN_APP=false), each of which looks for its own ffmpeg. Web hosts then need
 * none (docs/media.md "Transcoding on several hosts").
 */
export function transcodingStatus(): TranscodingStatus {
  const ffmpeg = ffmpegStatus();
  if (ffmpeg.available || !env.JOBS_IN_APP) return { available: true, reason: null };
  return { available: false, reason: ffmpeg.reason };
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

export type Probe = {
  durationSeconds: number;
  width: number;
  height: number;
  /** Frames per second, as the container declares them (null when it does not say). */
  frameRate: number | null;
  hasAudio: boolean;
};

/** ffprobe reads headers (and, for some containers, an index); a file that keeps it longer is refused. */
const PROBE_TIMEOUT_MS = 60_000;

export const NO_VIDEO_STREAM = "The file has no playable video stream.";

export async function probe(ffprobe: string, file: string, signal?: AbortSignal): Promise<Probe> {
  let stdout = "";
  await runTool(
    ffprobe,
    [
      "-v",
      "error",
      "-show_entries",
      "format=duration:stream=codec_type,width,height,avg_frame_rate,r_frame_rate",
      "-of",
      "json",
      file,
    ],
    { signal, timeoutMs: PROBE_TIMEOUT_MS, onOutput: (chunk) => (stdout += chunk) },
  );
  const info = JSON.parse(stdout) as {
    format?: { duration?: string };
    streams?: { codec_type: string; width?: number; height?: number; avg_frame_rate?: string; r_frame_rate?: string }[];
  };
  const video = info.streams?.find((stream) => stream.codec_type === "video");
  const durationSeconds = Number(info.format?.duration);
  if (!video?.width || !video.height || !Number.isFinite(durationSeconds) || durationSeconds <= 0)
    throw new Error(NO_VIDEO_STREAM);
  return {
    durationSeconds,
    width: video.width,
    height: video.height,
    // The average over the file when the container knows it, else the base rate of its timestamps.
    frameRate: rateOf(video.avg_frame_rate) ?? rateOf(video.r_frame_rate),
    hasAudio: info.streams!.some((stream) => stream.codec_type === "audio"),
  };
}

/** "30000/1001" -> 29.97; "0/0" (unknown) -> null. */
function rateOf(fraction: string | undefined): number | null {
  const [numerator, denominator] = (fraction ?? "").split("/").map(Number);
  if (!numerator || !denominator || !Number.isFinite(numerator / denominator)) return null;
  return numerator / denominator;
}

/** What a video may be for Marquee to transcode it (TRANSCODE_MAX_* settings). */
export type SourceLimits = { maxDurationSeconds: number; maxFramePixels: number; maxFrameRate: number };

const sourceLimits = (): SourceLimits => ({
  maxDurationSeconds: env.TRANSCODE_MAX_DURATION_SECONDS,
  maxFramePixels: env.TRANSCODE_MAX_FRAME_PIXELS,
  maxFrameRate: env.TRANSCODE_MAX_FRAME_RATE,
});

/** 36000 -> "10:00:00" */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
}

/**
 * Why a probed video is out of bounds, in words for the admin (naming the setting that allows
 * more), or null when it may be transcoded. Checked before ffmpeg reads a single frame: a 4 KB
 * file may declare ten hours, and an 8000×8000 frame takes ffmpeg hundreds of megabytes.
 */
export function outOfBounds(source: Probe, limits: SourceLimits = sourceLimits()): string | null {
  if (source.durationSeconds > limits.maxDurationSeconds)
    return `The video lasts ${formatDuration(source.durationSeconds)}, longer than the ${formatDuration(limits.maxDurationSeconds)} allowed (TRANSCODE_MAX_DURATION_SECONDS).`;
  if (source.width * source.height > limits.maxFramePixels)
    return `Its frames are ${source.width}×${source.height}, more than the ${limits.maxFramePixels.toLocaleString("en-US")} pixels allowed (TRANSCODE_MAX_FRAME_PIXELS).`;
  if (source.frameRate !== null && source.frameRate > limits.maxFrameRate)
    return `It has ${Math.round(source.frameRate)} frames a second, more than the ${limits.maxFrameRate} allowed (TRANSCODE_MAX_FRAME_RATE).`;
  return null;
}

/** What a video's frames hold, read from its packets (demuxed, never decoded): lib/media/transcode.ts checks it with `implausible`. */
export type FrameScan = {
  /** Video packets (frames) read; when `cut`, the scan stopped there. */
  frames: number;
  /** Their bytes. */
  bytes: number;
  /** Seconds from the first frame to the end of the last. */
  coveredSeconds: number;
  /** The longest stretch between the end of a frame and the next one: where it starts, how long it lasts. */
  longestGap: { fromSeconds: number; seconds: number };
  /** The scan stopped at `frames`: more than the declared length can hold at the highest frame rate allowed. */
  cut: boolean;
};

/** Frames an encoder may hold back to reorder them (H.264 and HEVC allow 16): ample. */
const REORDER_WINDOW = 64;

/** Reading every packet of a 4 GB film takes seconds to a minute (no decoding): past this, the file is refused. */
const SCAN_TIMEOUT_MS = 10 * 60_000;

/** The most frames a video of this length may have: two packets per frame (interlaced fields) at the highest rate. */
export const maxFramesOf = (durationSeconds: number, maxFrameRate = env.TRANSCODE_MAX_FRAME_RATE) =>
  Math.ceil(durationSeconds * maxFrameRate * 2) + 1000;

/**
 * Reads the timestamps and sizes of every packet of the video stream ffmpeg will transcode (the
 * first), streaming ffprobe's lines: nothing is decoded and nothing but a few numbers is kept.
 * Stops (`cut`) past `maxFrames`, so a file of countless tiny packets costs no more than a real film.
 */
export async function scanFrames(
  ffprobe: string,
  file: string,
  maxFrames: number,
  signal?: AbortSignal,
): Promise<FrameScan> {
  const scan: FrameScan = {
    frames: 0,
    bytes: 0,
    coveredSeconds: 0,
    longestGap: { fromSeconds: 0, seconds: 0 },
    cut: false,
  };
  let first: number | null = null;
  let end = -Infinity;
  let pending = "";
  const enough = new AbortController();
  // Packets come in decoding order, which B-frames make differ from presentation order: they are
  // placed in presentation order through a window deeper than any encoder reorders.
  const window: { at: number; end: number }[] = [];
  const place = ({ at, end: frameEnd }: { at: number; end: number }) => {
    first ??= at;
    if (end !== -Infinity && at - end > scan.longestGap.seconds)
      scan.longestGap = { fromSeconds: end, seconds: at - end };
    end = Math.max(end, frameEnd);
  };
  const count = (line: string) => {
    if (scan.cut || !line) return;
    // pts_time,dts_time,duration_time,size (ffprobe's order); "N/A" where the container says nothing.
    const [pts, dts, duration, size] = line.split(",").map(Number);
    scan.frames++;
    scan.bytes += Number.isFinite(size) ? size! : 0;
    const at = Number.isFinite(pts) ? pts! : dts!;
    if (Number.isFinite(at)) {
      const frame = { at, end: at + (Number.isFinite(duration) ? duration! : 0) };
      const later = window.findIndex((other) => other.at > at);
      window.splice(later === -1 ? window.length : later, 0, frame);
      if (window.length > REORDER_WINDOW) place(window.shift()!);
    }
    if (scan.frames > maxFrames) {
      scan.cut = true;
      enough.abort(new Error("enough frames"));
    }
  };
  await runTool(
    ffprobe,
    [
      ...["-v", "error", "-select_streams", "v:0"],
      ...["-show_entries", "packet=pts_time,dts_time,duration_time,size", "-of", "csv=p=0", file],
    ],
    {
      signal: signal ? AbortSignal.any([signal, enough.signal]) : enough.signal,
      timeoutMs: SCAN_TIMEOUT_MS,
      onOutput: (chunk) => {
        const lines = (pending + chunk).split("\n");
        pending = lines.pop() ?? "";
        lines.forEach(count);
      },
    },
  ).catch((error: unknown) => {
    if (!scan.cut || signal?.aborted) throw error;
  });
  count(pending);
  window.forEach(place);
  if (first !== null) scan.coveredSeconds = end - first;
  return scan;
}

/** What a video's content must be to be worth its declared length (TRANSCODE_* settings). */
export type ContentLimits = { maxFrameGapSeconds: number; minVideoBytesPerSecond: number; maxFrameRate: number };

const contentLimits = (): ContentLimits => ({
  maxFrameGapSeconds: env.TRANSCODE_MAX_FRAME_GAP_SECONDS,
  minVideoBytesPerSecond: env.TRANSCODE_MIN_VIDEO_BYTES_PER_SECOND,
  maxFrameRate: env.TRANSCODE_MAX_FRAME_RATE,
});

/**
 * Why a video's frames cannot be the video its container declares, in words for the admin (naming
 * the setting), or null. A few KB may declare hours: ffmpeg would then fill the hours with copies
 * of a frame, for hours, its progress at 0 (it reports only between the frames it reads), holding a
 * slot while real films wait. So the declared length is judged by what the file holds: frames
 * throughout it (no stretch without a picture longer than TRANSCODE_MAX_FRAME_GAP_SECONDS, the
 * length not covered by frames included) and at least TRANSCODE_MIN_VIDEO_BYTES_PER_SECOND of video
 * for each second (a still 1080p picture, one frame a second, takes about 80 with H.264).
 */
export function implausible(source: Probe, scan: FrameScan, limits: ContentLimits = contentLimits()): string | null {
  const declared = formatDuration(source.durationSeconds);
  if (scan.frames === 0) return NO_VIDEO_STREAM;
  if (scan.cut)
    return `It holds more than ${maxFramesOf(source.durationSeconds, limits.maxFrameRate).toLocaleString("en-US")} frames, more than the ${declared} it declares can at ${limits.maxFrameRate} a second (TRANSCODE_MAX_FRAME_RATE).`;
  const allowed = formatDuration(limits.maxFrameGapSeconds);
  const uncovered = source.durationSeconds - scan.coveredSeconds;
  if (scan.longestGap.seconds > limits.maxFrameGapSeconds && scan.longestGap.seconds >= uncovered) {
    const { fromSeconds, seconds } = scan.longestGap;
    return `It declares ${declared} but has no picture from ${formatDuration(fromSeconds)} to ${formatDuration(fromSeconds + seconds)}, longer than the ${allowed} allowed without one (TRANSCODE_MAX_FRAME_GAP_SECONDS).`;
  }
  if (uncovered > limits.maxFrameGapSeconds)
    return `It declares ${declared} but its frames cover ${formatDuration(scan.coveredSeconds)}, leaving ${formatDuration(uncovered)} without a picture, longer than the ${allowed} allowed (TRANSCODE_MAX_FRAME_GAP_SECONDS).`;
  const perSecond = scan.bytes / source.durationSeconds;
  if (perSecond < limits.minVideoBytesPerSecond)
    return `It holds ${scan.bytes.toLocaleString("en-US")} bytes of video for the ${declared} it declares, ${perSecond < 10 ? perSecond.toFixed(1) : Math.round(perSecond)} a second, fewer than the ${limits.minVideoBytesPerSecond} any real video has (TRANSCODE_MIN_VIDEO_BYTES_PER_SECOND).`;
  return null;
}

/** The longest any job may take: the queue expires a job after 24 hours (pg-boss's maximum). */
const MAX_TIME_LIMIT_SECONDS = 23 * 60 * 60;

/** How long a job may take: a fixed allowance plus a multiple of the video's length (TRANSCODE_TIME_LIMIT_*). */
export function timeLimitSeconds(durationSeconds: number): number {
  return Math.min(
    MAX_TIME_LIMIT_SECONDS,
    Math.ceil(env.TRANSCODE_TIME_LIMIT_MIN_SECONDS + durationSeconds * env.TRANSCODE_TIME_LIMIT_FACTOR),
  );
}

/**
 * What a job's output may come to: the ladder's bitrates (each rendition's cap, plus audio) over
 * the video's length, twice over, plus room for the playlists, the poster and the seek preview;
 * and one file per segment of each rendition, plus the same again. A job writing past either is
 * not making the ladder it was asked for.
 */
export function outputLimits(source: Probe): { maxBytes: number; maxFiles: number } {
  const renditions = ladderFor(source.height);
  const kbps = renditions.reduce((sum, r) => sum + Math.round(r.videoKbps * 1.1) + (source.hasAudio ? 128 : 0), 0);
  const segments = Math.ceil(source.durationSeconds / SEGMENT_SECONDS) + 1;
  return {
    maxBytes: Math.ceil(((kbps * 1000) / 8) * source.durationSeconds * 2) + 64 * 1024 * 1024,
    maxFiles: 2 * renditions.length * segments + 100,
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
const SEGMENT_SECONDS = 4;

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
const THUMBNAIL_WIDTH = 160;
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

declare module "@/lib/process-state" {
  interface ProcessState {
    /** Process groups of the tools running now (their leaders' pids), all killed if this process exits. */
    toolGroups: Set<number>;
  }
}

function killGroup(pid: number) {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/**
 * Runs ffmpeg or ffprobe as the leader of a new process group (so the whole group can be killed,
 * whatever it starts), below the web server's priority. Rejects with the tool's last error lines;
 * on `signal`, or past `timeoutMs`, kills the group and rejects with the signal's reason (or a
 * time-out error) once the process has gone.
 */
export function runTool(
  tool: string,
  args: string[],
  options: { signal?: AbortSignal; timeoutMs?: number; onOutput?: (chunk: string) => void },
): Promise<void> {
  const { signal, timeoutMs, onOutput } = options;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  if (!processState.toolGroups) {
    const groups = (processState.toolGroups = new Set<number>());
    // Runs on process.exit() and on a normal end; SIGTERM and SIGINT end in process.exit in server.ts
    // and scripts/worker.ts. Only a SIGKILL leaves a group behind: startup sweeps find it (transcode.ts).
    process.on("exit", () => groups.forEach(killGroup));
  }
  const runningGroups = processState.toolGroups;
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(/*turbopackIgnore: true*/ tool, args, {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const pid = child.pid;
    let stopped: Error | null = null;
    const stop = (reason: Error) => {
      if (stopped) return;
      stopped = reason;
      if (pid !== undefined) killGroup(pid);
    };
    if (pid !== undefined) {
      runningGroups.add(pid);
      runInBackground(pid);
    }
    const onAbort = () => stop(signal!.reason instanceof Error ? signal!.reason : new Error(String(signal!.reason)));
    signal?.addEventListener("abort", onAbort, { once: true });
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => stop(new Error(`${path.basename(tool)} took longer than ${timeoutMs / 1000} s.`)),
            timeoutMs,
          );
    let stderr = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => onOutput?.(chunk));
    child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    const settle = (error: Error | null) => {
      if (pid !== undefined) runningGroups.delete(pid);
      signal?.removeEventListener("abort", onAbort);
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    child.on("error", (error) => settle(stopped ?? error));
    child.on("close", (code) => {
      if (stopped) return settle(stopped);
      if (code === 0) return settle(null);
      settle(
        new Error(
          `${path.basename(tool)} exited with code ${code}: ${stderr.trim().split("\n").slice(-3).join(" ") || "no message"}`,
        ),
      );
    });
  });
}

function runFfmpeg(ffmpeg: string, args: string[], signal: AbortSignal, onLine: (line: string) => void): Promise<void> {
  let pending = "";
  return runTool(ffmpeg, args, {
    signal,
    onOutput: (chunk) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      lines.forEach((line) => onLine(line.trim()));
    },
  });
}

/**
 * Kills every process whose command line names `folder` (an ffmpeg a crashed worker left running
 * into its temp folder, re-parented to PID 1), with its process group. Linux only (it reads /proc);
 * elsewhere nothing is found. Returns how many were killed.
 */
export function killProcessesUsing(folder: string): number {
  let killed = 0;
  let pids: string[];
  try {
    pids = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let commandLine: string;
    try {
      commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      continue; // ended meanwhile, or not ours to read
    }
    if (!commandLine.split("\0").some((arg) => arg.startsWith(folder + path.sep))) continue;
    killGroup(Number(pid));
    try {
      process.kill(Number(pid), "SIGKILL");
    } catch {
      // already gone with its group
    }
    killed++;
  }
  return killed;
}
