// Five hostile files through upload and transcode, as an attacker or a careless admin would send
// them (issue 24): a timestamp gap of 10 hours, a 10-hour tiny clip, 8000×8000 frames, a truncated
// file and garbage with a video extension. Each ends refused or failed with a reason the admin can
// read (or ready within its limits), no ffmpeg is left running, and /api/health stays fast
// throughout. The files are made here by ffmpeg from its test sources, never committed.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { UNSUPPORTED_TYPE_MESSAGE } from "@/lib/media/file-types";
import { createPrismaClient } from "@/lib/database/prisma";
import { createTestCategory, movieBody } from "../support/catalogue";
import { HEALTH_BOUND_MS, healthDuring } from "../support/health";
import { api } from "../support/http";
import {
  jobFolders,
  makeClip,
  makeGapClip,
  settled,
  toolsUsing,
  transcodeRoot,
  uploadFile,
  waitForMedia,
  type MediaState,
} from "../support/transcode";
import { adminToken } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
const dataDir = process.env.MARQUEE_DATA_DIR!;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-hostile-media-"));
const quiet = ["-hide_banner", "-loglevel", "error", "-y"];

/** The hostile files, by name, with what must become of each. */
type Case = { file: string; expect: (outcome: Outcome) => void };
type Outcome = { upload: { status: number; body: unknown }; media?: MediaState; clipSeconds?: number };
const cases: Record<string, Case> = {};

function ffmpeg(...args: string[]) {
  execFileSync("ffmpeg", [...quiet, ...args]);
}

beforeAll(() => {
  // 1. 64×64, one second of frames, the second 10 hours after the first: a 2 KB "ten-hour film".
  cases["a timestamp gap of 10 hours"] = {
    file: makeGapClip(path.join(work, "gap.mkv"), 36_000, "64x64"),
    expect: ({ media }) =>
      expect(media).toEqual({
        state: "failed",
        progress: 0,
        error: "Refused: The video lasts 10:00:01, longer than the 6:00:00 allowed (TRANSCODE_MAX_DURATION_SECONDS).",
      }),
  };
  // 2. Ten real hours of 16×16 black at one frame a second: 470 KB that made 9,040 files.
  const tenHours = path.join(work, "ten-hours.mp4");
  ffmpeg("-f", "lavfi", "-i", "color=c=black:s=16x16:r=1:d=36000", "-c:v", "libx264", "-preset", "ultrafast", tenHours);
  cases["a 10-hour tiny clip"] = {
    file: tenHours,
    expect: ({ media }) =>
      expect(media).toEqual({
        state: "failed",
        progress: 0,
        error: "Refused: The video lasts 10:00:00, longer than the 6:00:00 allowed (TRANSCODE_MAX_DURATION_SECONDS).",
      }),
  };
  // 3. Two 8000×8000 frames (MPEG-4 Part 2 in AVI: H.264 levels stop below this size).
  const huge = path.join(work, "huge.avi");
  ffmpeg("-f", "lavfi", "-i", "color=c=blue:s=8000x8000:r=1:d=2", "-c:v", "mpeg4", "-q:v", "31", huge);
  cases["8000×8000 frames"] = {
    file: huge,
    expect: ({ media }) =>
      expect(media).toEqual({
        state: "failed",
        progress: 0,
        error:
          "Refused: Its frames are 8000×8000, more than the 33,177,600 pixels allowed (TRANSCODE_MAX_FRAME_PIXELS).",
      }),
  };
  // 4. A 6-second clip cut off halfway: its index (the moov box, written last) is gone.
  const whole = makeClip(path.join(work, "whole.mp4"), 6, "320x240");
  const bytes = fs.readFileSync(whole);
  const truncated = path.join(work, "truncated.mp4");
  fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
  cases["a truncated file"] = {
    file: truncated,
    expect: ({ media }) => {
      // Failed with the reason, or (had the index survived) a ladder of what is there.
      if (media?.state === "ready") expect(media.error).toBeNull();
      else expect(media).toEqual({ state: "failed", progress: 0, error: "ffprobe could not read the video." });
    },
  };
  // 5. Random bytes named like a video: refused by their content at upload.
  const garbage = path.join(work, "garbage.mp4");
  fs.writeFileSync(garbage, randomBytes(256 * 1024));
  cases["garbage with a video extension"] = {
    file: garbage,
    expect: ({ upload, media }) => {
      expect(upload).toEqual({ status: 415, body: { message: UNSUPPORTED_TYPE_MESSAGE } });
      expect(media).toBeUndefined();
    },
  };
}, 300_000);

afterAll(async () => {
  await db.$disconnect();
  fs.rmSync(work, { recursive: true, force: true });
});

test(
  "five hostile files: each refused or failed with a reason, no ffmpeg left, /api/health fast throughout",
  {
    timeout: 600_000,
  },
  async () => {
    const token = await adminToken();
    const categoryId = (await createTestCategory())._id;

    const jobs: string[] = [];
    // All five at once, as an attacker would send them, while /api/health is watched.
    const sendAll = () =>
      Promise.all(
        Object.entries(cases).map(async ([label, hostile]) => {
          const upload = await uploadFile(fs.readFileSync(hostile.file), path.basename(hostile.file), token);
          let media: MediaState | undefined;
          if (upload.status === 200) {
            const created = await api("POST", "/api/movie", {
              token,
              body: movieBody(categoryId, { video: upload.body, name: `Hostile: ${label}` }),
            });
            expect(created.status, label).toBe(201);
            const movieId = created.body._id as string;
            const { mediaJobId } = await db.movie.findUniqueOrThrow({
              where: { id: movieId },
              select: { mediaJobId: true },
            });
            jobs.push(mediaJobId!);
            media = await waitForMedia(movieId, settled, 300);
          }
          try {
            hostile.expect({ upload, media });
          } catch (error) {
            throw new Error(`${label}: ${(error as Error).message}`);
          }
        }),
      );
    const { slowestMs, answers, statuses } = await healthDuring(sendAll);
    // Nothing of these jobs is running, nor left on disk.
    for (const jobId of jobs) {
      expect(toolsUsing(path.join(transcodeRoot(dataDir), `${jobId}.`))).toEqual([]);
      expect(jobFolders(dataDir, jobId)).toEqual([]);
    }
    // Each ended at its first attempt: a refusal, or a file ffprobe cannot read, fails for good
    // (another attempt would end the same) instead of holding the queue through two retries.
    for (const jobId of jobs)
      await expect
        .poll(
          async () =>
            (
              await db.$queryRaw<{ state: string; retry_count: number }[]>`
                SELECT state::text, retry_count FROM pgboss.job WHERE id = ${jobId}::uuid`
            )[0],
          { timeout: 10_000 },
        )
        .toEqual({ state: "completed", retry_count: 0 });
    expect(answers).toBeGreaterThan(5);
    expect([...statuses]).toEqual([200]);
    expect(slowestMs).toBeLessThan(HEALTH_BOUND_MS);
  },
);
