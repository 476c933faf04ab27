// The streaming half of `npm run bench:media` (issue 14): how fast this machine transcodes (seconds
// of video per second of wall time, the app's own ffmpeg pipeline) and how soon Chromium shows the
// first frame of the HLS ladder versus the original MP4, served by one static server so only the
// format differs. Sides alternate, several rounds; medians and spreads are printed.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium } from "@playwright/test";
import { ffmpegStatus, posterFrame, probe, seekPreview, transcodeToHls } from "@/lib/media/ffmpeg";
import { CONTENT_TYPES } from "@/lib/storage/keys";

type Figures = { median: number; min: number; max: number };
const summary = (values: number[]): Figures => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
};
const show = ({ median, min, max }: Figures, digits: number) =>
  `${median.toFixed(digits)} (${min.toFixed(digits)}-${max.toFixed(digits)})`;

/** A 60-second 1280×720 upload with sound, as a phone or an editor exports it (moov at the end). */
function makeSource(file: string, seconds: number) {
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...[
      "-f",
      "lavfi",
      "-i",
      `testsrc2=size=1280x720:rate=30:duration=${seconds}`,
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=440:duration=${seconds}`,
    ],
    ...[
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-b:v",
      "5M",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-shortest",
      file,
    ],
  ]);
}

/** The whole pipeline a transcode job runs (ladder, poster frame, seek preview), timed. */
async function transcodeOnce(source: string, outDir: string): Promise<{ seconds: number; videoSeconds: number }> {
  const tools = ffmpegStatus();
  if (!tools.available) throw new Error(tools.reason);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const signal = new AbortController().signal;
  const started = performance.now();
  const info = await probe(tools.ffprobe, source);
  await transcodeToHls({ ffmpeg: tools.ffmpeg, input: source, outDir, probe: info, signal, onProgress: () => {} });
  await posterFrame(tools.ffmpeg, source, path.join(outDir, "poster.jpg"), info.durationSeconds, signal);
  await seekPreview({ ffmpeg: tools.ffmpeg, input: source, outDir, probe: info, signal });
  return { seconds: (performance.now() - started) / 1000, videoSeconds: info.durationSeconds };
}

/** Static files with the app's content types and byte ranges (Chromium seeks an MP4 whose index is at the end). */
function startStaticServer(root: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const file = path.join(root, path.normalize(url.pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const size = fs.statSync(file).size;
    const type = url.pathname.endsWith(".html")
      ? "text/html"
      : url.pathname.endsWith(".js")
        ? "text/javascript"
        : (CONTENT_TYPES[path.extname(file).slice(1)] ?? "application/octet-stream");
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
    if (range) {
      const start = range[1] ? Number(range[1]) : size - Number(range[2]);
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      res.writeHead(206, {
        "Content-Type": type,
        "Content-Length": end - start + 1,
        "Content-Range": `bytes ${start}-${end}/${size}`,
        "Accept-Ranges": "bytes",
      });
      fs.createReadStream(file, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { "Content-Type": type, "Content-Length": size, "Accept-Ranges": "bytes" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Plays `src` (an MP4, or an HLS master through hls.js as the watch page does) and reports ms to the first painted frame. */
const PAGE = `<!doctype html><meta charset="utf-8"><video id="v" muted playsinline></video><script src="/hls.min.js"></script><script>
window.firstFrame = new Promise((resolve, reject) => {
  const params = new URLSearchParams(location.search);
  const video = document.getElementById("v");
  const start = performance.now();
  video.onerror = () => reject(new Error("video error"));
  video.requestVideoFrameCallback(() => resolve(performance.now() - start));
  if (params.get("kind") === "hls") {
    const hls = new Hls();
    hls.on(Hls.Events.ERROR, (_, data) => data.fatal && reject(new Error(data.details)));
    hls.loadSource(params.get("src"));
    hls.attachMedia(video);
  } else video.src = params.get("src");
  video.play().catch(reject);
});
</script>`;

export async function benchStreaming(work: string, rounds: number, log: (line: string) => void): Promise<string> {
  const tools = ffmpegStatus();
  if (!tools.available) {
    log(`Streaming: skipped (${tools.reason})`);
    return "Streaming: skipped, no ffmpeg.";
  }
  const root = path.join(work, "streaming");
  fs.mkdirSync(root, { recursive: true });
  const source = path.join(root, "upload.mp4");
  makeSource(source, 60);
  fs.copyFileSync(path.resolve("node_modules/hls.js/dist/hls.min.js"), path.join(root, "hls.min.js"));
  fs.writeFileSync(path.join(root, "index.html"), PAGE);

  const speeds: number[] = [];
  for (let round = 0; round < Math.min(rounds, 3); round++) {
    const { seconds, videoSeconds } = await transcodeOnce(source, path.join(root, "hls"));
    speeds.push(videoSeconds / seconds);
    log(`transcode round ${round + 1}: ${videoSeconds.toFixed(1)} s of 720p video in ${seconds.toFixed(1)} s`);
  }

  const server = await startStaticServer(root);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
  });
  const firstFrame = { mp4: [] as number[], hls: [] as number[] };
  try {
    for (let round = 0; round < rounds; round++) {
      // Alternate which side goes first, each in a fresh context (empty cache).
      const order: ("mp4" | "hls")[] = round % 2 ? ["hls", "mp4"] : ["mp4", "hls"];
      for (const kind of order) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const src = kind === "hls" ? "/hls/master.m3u8" : "/upload.mp4";
        await page.goto(`${base}/index.html?kind=${kind}&src=${encodeURIComponent(src)}`);
        firstFrame[kind].push(
          await page.evaluate(() => (window as unknown as { firstFrame: Promise<number> }).firstFrame),
        );
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  const lines = [
    `Transcoding (60 s 1280x720 source -> 360p + 720p ladder, poster frame, seek-preview sprites; ${speeds.length} rounds):`,
    `  ${show(summary(speeds), 2)} seconds of video per second`,
    `Time to first frame in Chromium (${rounds} rounds, alternated, fresh context each), ms, median (min-max):`,
    `  MP4 original: ${show(summary(firstFrame.mp4), 0)}`,
    `  HLS ladder:   ${show(summary(firstFrame.hls), 0)}`,
  ];
  return lines.join("\n");
}
