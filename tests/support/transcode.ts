// Transcode tests' tools: videos made by ffmpeg from its test sources (nothing big is committed),
// uploads over node:http, the admin's view of a movie's transcode, and the ffmpeg processes a job
// runs (read from /proc: Linux only, as the test machines are).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect } from "vitest";
import { api, baseUrl } from "./http";
import { adminToken } from "./users";

const quiet = ["-hide_banner", "-loglevel", "error", "-y"];

/** A clip of testsrc (and a tone, unless `silent`), `seconds` long, `size` (e.g. "854x480"), H.264 in MP4. */
export function makeClip(file: string, seconds: number, size = "854x480", silent = false): string {
  execFileSync("ffmpeg", [
    ...quiet,
    ...["-f", "lavfi", "-i", `testsrc=size=${size}:rate=24:duration=${seconds}`],
    ...(silent ? [] : ["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`]),
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    ...(silent ? [] : ["-c:a", "aac", "-shortest"]),
    file,
  ]);
  return file;
}

/**
 * A tiny MKV (a few KB) whose second frame is `gapSeconds` after its first: ffprobe says it lasts
 * that long, and ffmpeg fills the gap with copies of the frame, 25 a second, for as long as it lasts.
 * A long job for a few bytes: the hostile file, and a job that is sure to be running when a
 * test stops it.
 */
export function makeGapClip(file: string, gapSeconds: number, size = "320x240"): string {
  execFileSync("ffmpeg", [
    ...quiet,
    ...["-f", "lavfi", "-i", `testsrc=size=${size}:rate=25:duration=1`],
    ...["-vf", `setpts='if(eq(N,0),PTS,PTS+${gapSeconds}/TB)'`, "-fps_mode", "passthrough"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", file],
  ]);
  return file;
}

/**
 * A small file (a few hundred KB for 320×240) of `seconds` that ffmpeg works on for minutes, within
 * every limit: a pair of keyframes 0.04 s apart (so its frame rate reads 25) every `everySeconds`,
 * which ffmpeg repeats 25 times a second to fill the time between, reporting progress at each pair.
 * A stand-in for a long film, cheap to make and to upload.
 */
export function makeSparseClip(file: string, seconds: number, everySeconds: number, size = "320x240"): string {
  const pairs = Math.floor(seconds / everySeconds) + 1;
  execFileSync("ffmpeg", [
    ...quiet,
    ...["-f", "lavfi", "-i", `testsrc=size=${size}:rate=25`, "-frames:v", String(2 * pairs)],
    ...["-vf", `setpts='(floor(N/2)*${everySeconds}+mod(N\,2)*0.04)/TB'`, "-fps_mode", "passthrough"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-x264-params", "keyint=1", "-pix_fmt", "yuv420p", file],
  ]);
  return file;
}

/**
 * An MP4 of `heldSeconds` (tiny, no sound) whose header says it lasts `declaredSeconds`: the
 * durations in its movie, track and media headers (mvhd, tkhd, mdhd) are rewritten, as a hand
 * editing the file would. ffprobe then reads the declared length.
 */
export function makeOverstatedMp4(file: string, heldSeconds: number, declaredSeconds: number, size = "64x64"): string {
  execFileSync("ffmpeg", [
    ...quiet,
    ...["-f", "lavfi", "-i", `testsrc=size=${size}:rate=25:duration=${heldSeconds}`],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "+faststart", file],
  ]);
  const bytes = fs.readFileSync(file);
  // Version-0 boxes: after the type, 1 byte version + 3 flags, creation and modification times (4 each).
  const at = (box: string) => bytes.indexOf(box, 0, "latin1") + 4;
  const movieScale = bytes.readUInt32BE(at("mvhd") + 12);
  bytes.writeUInt32BE(declaredSeconds * movieScale, at("mvhd") + 16);
  bytes.writeUInt32BE(declaredSeconds * movieScale, at("tkhd") + 20); // after the track id and 4 reserved bytes
  const mediaScale = bytes.readUInt32BE(at("mdhd") + 12);
  bytes.writeUInt32BE(declaredSeconds * mediaScale, at("mdhd") + 16);
  fs.writeFileSync(file, bytes);
  return file;
}

/** POST /api/upload over node:http: the answer is read even when the server answers before the whole body. */
export async function uploadFile(
  bytes: Buffer,
  fileName: string,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/octet-stream" }), fileName);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const headers = {
    authorization: `Bearer ${token ?? (await adminToken())}`,
    "content-type": encoded.headers.get("content-type")!,
    "content-length": String(body.length),
  };
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}/api/upload`, { method: "POST", headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body: JSON.parse(text) as unknown }));
    });
    request.on("error", (error) => (request.writableFinished ? reject(error) : undefined));
    request.end(body);
  });
}

/** Uploads a video file as the admin; its URL. */
export async function uploadVideo(file: string): Promise<string> {
  const { status, body } = await uploadFile(fs.readFileSync(file), path.basename(file));
  expect(status, JSON.stringify(body)).toBe(200);
  return body as string;
}

export type MediaState = { state: string; progress: number; error: string | null };

/** The movie's transcode as the admin list shows it (undefined: none). */
export async function mediaState(movieId: string): Promise<MediaState | undefined> {
  const media = await api<{ movies: Record<string, MediaState> }>("GET", "/api/admin/media", {
    token: await adminToken(),
  });
  return media.body.movies[movieId];
}

/** Polls the admin's view until `done`, for at most `seconds`. */
export async function waitForMedia(
  movieId: string,
  done: (state: MediaState | undefined) => boolean,
  seconds = 240,
): Promise<MediaState | undefined> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const state = await mediaState(movieId);
    if (done(state)) return state;
    if (Date.now() > deadline)
      throw new Error(`Movie ${movieId}'s transcode did not get there in ${seconds} s: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export const settled = (state: MediaState | undefined) =>
  state?.state === "ready" || state?.state === "failed" || state?.state === "cancelled";

/** Where a data folder's jobs keep their temp folders (lib/media/transcode.ts). */
export const transcodeRoot = (dataDir: string) => path.join(path.resolve(dataDir), "transcode");

/** Pids of the processes whose command line names a path under `folder`, and that match `program` (its first word). */
export function processesUsing(folder: string, program = /./): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    if (!program.test(args[0] ?? "")) continue;
    if (args.some((arg) => arg.startsWith(folder))) pids.push(Number(name));
  }
  return pids;
}

/** The ffmpeg and ffprobe processes working under `folder` (a job's temp folder, or every job's: transcodeRoot). */
export const toolsUsing = (folder: string) => processesUsing(folder, /ff(mpeg|probe)$/);

/** Temp folders of `jobId` under a data folder's transcode root (one per attempt). */
export function jobFolders(dataDir: string, jobId: string): string[] {
  const root = transcodeRoot(dataDir);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((name) => name.startsWith(`${jobId}.`))
    .map((name) => path.join(root, name));
}

/** Polls `condition` every 100 ms for at most `ms`; its last value. */
export async function within(ms: number, condition: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}
