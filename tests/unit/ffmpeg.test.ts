// The HLS ladder never scales a video up: standard heights below the source, plus the source's own.
// Without ffmpeg, transcoding is off and says why.
import { afterEach, describe, expect, test, vi } from "vitest";
import { ladderFor, thumbnailInterval } from "@/lib/media/ffmpeg";

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
