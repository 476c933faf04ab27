// The HLS ladder never scales a video up: standard heights below the source, plus the source's own.
import { describe, expect, test } from "vitest";
import { ladderFor } from "@/lib/media/ffmpeg";

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
