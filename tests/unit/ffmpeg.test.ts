// The HLS ladder never scales a video up: standard heights below the source, plus the source's own.
// Without ffmpeg, transcoding is off and says why. A video out of bounds is refused before ffmpeg
// reads it, every job has a time and an output limit, and a tool's whole process group goes when
// its work is cancelled or runs out of time.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, test, vi } from "vitest";
import {
  implausible,
  killProcessesUsing,
  ladderFor,
  maxFramesOf,
  outOfBounds,
  outputLimits,
  probe,
  runTool,
  scanFrames,
  thumbnailInterval,
  timeLimitSeconds,
} from "@/lib/media/ffmpeg";

describe("thumbnailInterval", () => {
  test.each([
    [10, 1],
    [200, 1],
    [201, 2],
    [20 * 60, 6],
    [2 * 3600, 10],
    [5 * 3600, 10],
  ])("a %s s video gets a seek thumbnail every %s s", (duration, interval) => {
    expect(thumbnailInterval(duration)).toBe(interval);
  });
});

describe("ladderFor", () => {
  test.each([
    [2160, ["360p", "720p", "1080p"]],
    [1080, ["360p", "720p", "1080p"]],
    [720, ["360p", "720p"]],
    [480, ["360p", "480p"]],
    [360, ["360p"]],
    [90, ["90p"]],
    [481, ["360p", "480p"]],
  ])("a %ip source gives %j", (height, names) => {
    expect(ladderFor(height).map((rendition) => rendition.name)).toEqual(names);
  });

  test("bitrates grow with height and stop at 5 Mb/s", () => {
    expect(ladderFor(1080).map((rendition) => rendition.videoKbps)).toEqual([720, 2880, 5000]);
  });
});

describe("ffmpegStatus", () => {
  afterEach(() => {
    delete process.env.FFMPEG_PATH;
    vi.resetModules();
  });

  test("an FFMPEG_PATH that leads nowhere turns transcoding off, with the reason the admin sees", async () => {
    process.env.FFMPEG_PATH = "/nonexistent/bin/ffmpeg";
    vi.resetModules();
    const { ffmpegStatus } = await import("@/lib/media/ffmpeg");
    expect(ffmpegStatus()).toEqual({
      available: false,
      reason:
        "Transcoding is off: ffmpeg was not found on FFMPEG_PATH=/nonexistent/bin/ffmpeg. Install ffmpeg or set FFMPEG_PATH; videos play as uploaded.",
    });
  });

  test("FFMPEG_PATH's ffprobe is the one beside it", async () => {
    process.env.FFMPEG_PATH = "/usr/bin/ffmpeg";
    vi.resetModules();
    const { ffmpegStatus } = await import("@/lib/media/ffmpeg");
    expect(ffmpegStatus()).toEqual({ available: true, ffmpeg: "/usr/bin/ffmpeg", ffprobe: "/usr/bin/ffprobe" });
  });
});

describe("the limits a video must be within (issue 24 item 3)", () => {
  const film = { durationSeconds: 2 * 3600, width: 1920, height: 1080, frameRate: 24, hasAudio: true };
  const limits = { maxDurationSeconds: 6 * 3600, maxFramePixels: 7680 * 4320, maxFrameRate: 120 };

  test("a two-hour 1080p film at 24 frames a second passes", () => {
    expect(outOfBounds(film, limits)).toBeNull();
    expect(outOfBounds({ ...film, width: 7680, height: 4320, frameRate: 60 }, limits)).toBeNull();
  });

  test.each([
    [
      "ten hours",
      { durationSeconds: 36_000 },
      "The video lasts 10:00:00, longer than the 6:00:00 allowed (TRANSCODE_MAX_DURATION_SECONDS).",
    ],
    [
      "8000×8000 frames",
      { width: 8000, height: 8000 },
      "Its frames are 8000×8000, more than the 33,177,600 pixels allowed (TRANSCODE_MAX_FRAME_PIXELS).",
    ],
    [
      "1000 frames a second",
      { frameRate: 1000 },
      "It has 1000 frames a second, more than the 120 allowed (TRANSCODE_MAX_FRAME_RATE).",
    ],
  ])("%s is refused with the reason and the setting", (_label, change, reason) => {
    expect(outOfBounds({ ...film, ...change }, limits)).toBe(reason);
  });

  test("a job may take 10 minutes plus four times the video's length, never more than 23 hours", () => {
    expect(timeLimitSeconds(10)).toBe(640);
    expect(timeLimitSeconds(2 * 3600)).toBe(600 + 8 * 3600);
    expect(timeLimitSeconds(6 * 3600)).toBe(23 * 3600);
  });

  test("a job's output may come to twice its ladder's bitrates, and twice its segments in files", () => {
    // 480p with sound: 360p (720 kb/s) and 480p (1280 kb/s), each capped 10% above, plus 128 kb/s audio each.
    const { maxBytes, maxFiles } = outputLimits({ ...film, durationSeconds: 100, width: 854, height: 480 });
    expect(maxBytes).toBe(Math.ceil(((792 + 128 + 1408 + 128) * 1000) / 8) * 100 * 2 + 64 * 1024 * 1024);
    expect(maxFiles).toBe(2 * 2 * 26 + 100);
  });
});

describe("what a video holds against what it declares (issue 38)", () => {
  const film = { durationSeconds: 2 * 3600, width: 1920, height: 1080, frameRate: 24, hasAudio: true };
  const limits = { maxFrameGapSeconds: 300, minVideoBytesPerSecond: 8, maxFrameRate: 120 };
  const filled = {
    frames: 2 * 3600 * 24,
    bytes: 4_000_000_000,
    coveredSeconds: 2 * 3600,
    longestGap: { fromSeconds: 0, seconds: 0.042 },
    cut: false,
  };

  test("a film whose frames fill its length passes, and so does a slideshow holding each picture for minutes", () => {
    expect(implausible(film, filled, limits)).toBeNull();
    const slides = { ...filled, frames: 1200, bytes: 60_000_000, longestGap: { fromSeconds: 600, seconds: 299 } };
    expect(implausible(film, slides, limits)).toBeNull();
  });

  test.each([
    [
      "a gap of 5:48:00 between two frames",
      { durationSeconds: 20_881 },
      { frames: 25, bytes: 2_000, coveredSeconds: 20_881, longestGap: { fromSeconds: 0.04, seconds: 20_880 } },
      "It declares 5:48:01 but has no picture from 0:00:00 to 5:48:00, longer than the 0:05:00 allowed without one (TRANSCODE_MAX_FRAME_GAP_SECONDS).",
    ],
    [
      "frames covering one second of 5:48:00",
      { durationSeconds: 20_880 },
      { frames: 25, bytes: 9_000, coveredSeconds: 1, longestGap: { fromSeconds: 0.28, seconds: 0 } },
      "It declares 5:48:00 but its frames cover 0:00:01, leaving 5:47:59 without a picture, longer than the 0:05:00 allowed (TRANSCODE_MAX_FRAME_GAP_SECONDS).",
    ],
    [
      "a few bytes a second",
      { durationSeconds: 20_880 },
      { frames: 234, bytes: 32_052, coveredSeconds: 20_880, longestGap: { fromSeconds: 600, seconds: 179.96 } },
      "It holds 32,052 bytes of video for the 5:48:00 it declares, 1.5 a second, fewer than the 8 any real video has (TRANSCODE_MIN_VIDEO_BYTES_PER_SECOND).",
    ],
    [
      "more packets than its length can hold",
      { durationSeconds: 10 },
      { frames: 3401, cut: true },
      "It holds more than 3,400 frames, more than the 0:00:10 it declares can at 120 a second (TRANSCODE_MAX_FRAME_RATE).",
    ],
    ["no frame at all", {}, { frames: 0, bytes: 0, coveredSeconds: 0 }, "The file has no playable video stream."],
  ])("%s is refused with the reason and the setting", (_label, declared, held, reason) => {
    expect(implausible({ ...film, ...declared }, { ...filled, ...held }, limits)).toBe(reason);
  });

  test("a floor of 0 bytes a second turns that rule off", () => {
    const tiny = { ...filled, bytes: 10 };
    expect(implausible(film, tiny, limits)).toMatch(/TRANSCODE_MIN_VIDEO_BYTES_PER_SECOND/);
    expect(implausible(film, tiny, { ...limits, minVideoBytesPerSecond: 0 })).toBeNull();
  });
});

describe("scanFrames", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-scan-test-"));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  test("reads every frame's time and size: the gap of a file declaring hours, and a real clip's", async () => {
    const gap = path.join(work, "gap.mkv");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=gray:s=64x64:r=25:d=1"],
      ...["-vf", "setpts='if(eq(N,0),0,(20880+N)/TB)'", "-fps_mode", "passthrough", "-c:v", "libx264", gap],
    ]);
    const scanned = await scanFrames("ffprobe", gap, maxFramesOf(20_881));
    expect(scanned).toMatchObject({ frames: 25, cut: false });
    expect(scanned.bytes).toBeLessThan(fs.statSync(gap).size);
    expect(scanned.longestGap.fromSeconds).toBeCloseTo(0.04, 2);
    expect(scanned.longestGap.seconds).toBeCloseTo(20_880.96, 1);
    expect(implausible(await probe("ffprobe", gap), scanned)).toMatch(
      /^It declares 5:48:\d\d but has no picture from 0:00:00 to 5:48:01,/,
    );

    const clip = path.join(work, "clip.mp4");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=s=160x120:r=24:d=3"],
      ...["-c:v", "libx264", "-preset", "ultrafast", clip],
    ]);
    const real = await scanFrames("ffprobe", clip, maxFramesOf(3));
    expect(real).toMatchObject({ frames: 72, cut: false });
    expect(real.coveredSeconds).toBeCloseTo(3, 2);
    expect(real.longestGap.seconds).toBeLessThan(0.01);
    expect(implausible(await probe("ffprobe", clip), real)).toBeNull();
  });

  test("stops reading past the most frames allowed, and says so", async () => {
    const clip = path.join(work, "many.mp4");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=16x16:r=100:d=20"],
      ...["-c:v", "libx264", "-preset", "ultrafast", clip],
    ]);
    expect(await scanFrames("ffprobe", clip, 500)).toMatchObject({ frames: 501, cut: true });
  });
});

describe("probe", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-probe-test-"));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  test("a 2 KB file declaring a ten-hour timestamp gap probes as ten hours, and is refused", async () => {
    const file = path.join(work, "gap.mkv");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=gray:s=64x64:r=25:d=1"],
      ...["-vf", "setpts='if(eq(N,0),0,(36000+N)/TB)'", "-fps_mode", "passthrough", "-c:v", "libx264", file],
    ]);
    expect(fs.statSync(file).size).toBeLessThan(4096);
    const probed = await probe("ffprobe", file);
    expect(probed).toMatchObject({ width: 64, height: 64, hasAudio: false });
    expect(probed.durationSeconds).toBeGreaterThan(36_000);
    expect(outOfBounds(probed)).toMatch(/^The video lasts 10:00:\d\d, longer than the 6:00:00 allowed/);
  });

  test("the frame rate is read from the container", async () => {
    const file = path.join(work, "fast.mp4");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=32x32:r=240:d=0.5"],
      ...["-c:v", "libx264", "-preset", "ultrafast", file],
    ]);
    const probed = await probe("ffprobe", file);
    expect(probed.frameRate).toBe(240);
    expect(outOfBounds(probed)).toBe(
      "It has 240 frames a second, more than the 120 allowed (TRANSCODE_MAX_FRAME_RATE).",
    );
  });
});

/** Pids of the processes whose command line has `marker` as one of its arguments. */
function processesWith(marker: string): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(condition: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe("runTool (issue 24 items 4 and 5)", () => {
  test("an abort kills the tool's whole process group, grandchildren included, and rejects with the reason", async () => {
    const marker = `marquee-group-${process.pid}-${Date.now()}`;
    const controller = new AbortController();
    // A shell that starts two sleeps of its own: the group is the shell and both.
    const running = runTool("/bin/sh", ["-c", "sleep 60 & sleep 60 & wait", marker], { signal: controller.signal });
    expect(await until(() => processesWith(marker).length === 1)).toBe(true);
    const shell = processesWith(marker)[0]!;
    // Field 5 of /proc/<pid>/stat is the process group.
    const group = () =>
      fs
        .readdirSync("/proc")
        .filter((name) => /^\d+$/.test(name))
        .filter((pid) => {
          try {
            return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(" ")[4] === String(shell);
          } catch {
            return false;
          }
        });
    expect(await until(() => group().length === 3)).toBe(true);
    const groupMembers = group();
    controller.abort(new Error("Cancelled by an admin."));
    await expect(running).rejects.toThrow("Cancelled by an admin.");
    expect(processesWith(marker)).toEqual([]);
    expect(await until(() => groupMembers.every((pid) => !fs.existsSync(`/proc/${pid}`)))).toBe(true);
  });

  test("a tool past its time is killed and rejects saying so", async () => {
    const marker = `marquee-timeout-${process.pid}-${Date.now()}`;
    await expect(runTool("/bin/sh", ["-c", "sleep 60", marker], { timeoutMs: 300 })).rejects.toThrow(
      "sh took longer than 0.3 s.",
    );
    expect(processesWith(marker)).toEqual([]);
  });

  test("killProcessesUsing ends a process left running in a folder (an ffmpeg whose worker was killed)", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-orphan-"));
    const input = path.join(folder, "source");
    fs.writeFileSync(input, "");
    // One process that names the file, as ffmpeg's `-i <folder>/source` does. (A shell running a sleep
    // forks first: its child names the file too until it becomes the sleep, and a busy machine saw both.)
    const orphan = spawn("tail", ["-f", input], { detached: true, stdio: "ignore" });
    orphan.unref();
    expect(await until(() => processesWith(input).length === 1)).toBe(true);
    expect(killProcessesUsing(folder)).toBe(1);
    expect(await until(() => processesWith(input).length === 0)).toBe(true);
    expect(killProcessesUsing(folder)).toBe(0);
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
