// Adaptive streaming: an uploaded video is transcoded by the `transcode` job (running in the test
// app) into an HLS ladder never above the source, served with HLS content types; the movie gets
// its real duration, and replacing or deleting the video removes the old ladder.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, baseUrl } from "../support/http";
import { createTestCategory, movieBody } from "../support/catalogue";
import { adminToken, memberToken } from "../support/users";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-hls-test-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A 10-second 854×480 clip with a tone, made by ffmpeg: a real source, small enough to be quick. */
function makeClip(): Buffer {
  const file = path.join(work, "clip.mp4");
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...[
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=854x480:rate=24:duration=10",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=10",
    ],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", file],
  ]);
  return fs.readFileSync(file);
}

/**
 * POST /api/upload with node:http rather than fetch: a server that answers before reading the whole
 * body makes fetch fail with EPIPE and hide the answer; here the answer is read whatever happens.
 */
async function uploadVideo(bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "video/mp4" }), "clip.mp4");
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const headers = {
    authorization: `Bearer ${await adminToken()}`,
    "content-type": encoded.headers.get("content-type")!,
    "content-length": String(body.length),
  };
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(`${baseUrl}/api/upload`, { method: "POST", headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, text }));
    });
    request.on("error", (error) => (request.writableFinished ? reject(error) : undefined));
    request.end(body);
  });
  expect(status, text).toBe(200);
  return JSON.parse(text) as string;
}

type Detail = {
  hls: string | null;
  posterFrame: string | null;
  thumbnails: string | null;
  durationSeconds: number | null;
};
type Media = {
  transcoding: { available: boolean };
  movies: Record<string, { state: string; progress: number; error: string | null }>;
};

/** Polls the admin media list until the movie's job settles (ready or failed). */
async function waitForTranscode(movieId: string): Promise<{ state: string; error: string | null }> {
  for (let i = 0; i < 240; i++) {
    const media = await api<Media>("GET", "/api/admin/media", { token: await adminToken() });
    const status = media.body.movies[movieId];
    if (status && (status.state === "ready" || status.state === "failed")) return status;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The transcode of ${movieId} did not finish`);
}

const fetchText = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
};

const playlistUris = (playlist: string) => playlist.split("\n").filter((line) => line && !line.startsWith("#"));

let categoryId: string;
let clip: Buffer;
beforeAll(async () => {
  categoryId = (await createTestCategory())._id;
  clip = makeClip();
});

describe("HLS transcoding", () => {
  test(
    "an uploaded 10 s clip becomes a 360p + 480p ladder whose segments add up to its duration",
    { timeout: 180_000 },
    async () => {
      const video = await uploadVideo(clip);
      const created = await api("POST", "/api/movie", {
        token: await adminToken(),
        body: movieBody(categoryId, { video }),
      });
      expect(created.status).toBe(201);
      expect(created.body.hls).toBeNull();
      const movieId = created.body._id as string;
      // Read (and so cached) before the ladder exists: the job must expire what was cached.
      expect((await api<Detail>("GET", `/api/movie/${movieId}`)).body.hls).toBeNull();
      expect(await (await fetch(`${baseUrl}/movie/${movieId}`)).text()).toMatch(/<time datetime="PT2H">2h<\/time>/i);

      expect(await waitForTranscode(movieId)).toMatchObject({ state: "ready", error: null });
      expect(await (await fetch(`${baseUrl}/movie/${movieId}`)).text()).toMatch(/<time datetime="PT10S">10s<\/time>/i);
      const detail = (await api<Detail>("GET", `/api/movie/${movieId}`)).body;
      expect(detail.hls).toMatch(new RegExp(`^${baseUrl}/api/upload/hls/${movieId}/[0-9a-f-]{36}/master\\.m3u8$`));
      expect(detail.durationSeconds).toBeCloseTo(10, 0);

      const masterUrl = new URL(detail.hls!, baseUrl);
      const master = await fetchText(masterUrl.href);
      expect(master.status).toBe(200);
      expect(master.type).toBe("application/vnd.apple.mpegurl");
      expect(master.text.startsWith("#EXTM3U")).toBe(true);
      // Never above the source: 360p from the standard ladder, then the source's own 480p.
      expect([...master.text.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((match) => match[1])).toEqual([
        "640x360",
        "854x480",
      ]);
      expect(playlistUris(master.text)).toEqual(["360p.m3u8", "480p.m3u8"]);

      for (const uri of playlistUris(master.text)) {
        const playlist = await fetchText(new URL(uri, masterUrl).href);
        expect(playlist.type).toBe("application/vnd.apple.mpegurl");
        const durations = [...playlist.text.matchAll(/#EXTINF:([\d.]+),/g)].map((match) => Number(match[1]));
        expect(durations.every((seconds) => seconds >= 1 && seconds <= 6)).toBe(true);
        expect(Math.abs(durations.reduce((sum, seconds) => sum + seconds, 0) - 10)).toBeLessThanOrEqual(0.5);
        const segments = playlistUris(playlist.text);
        expect(segments).toHaveLength(durations.length);
        for (const segment of segments) {
          const response = await fetch(new URL(segment, masterUrl), { method: "HEAD" });
          expect([segment, response.status, response.headers.get("content-type")]).toEqual([
            segment,
            200,
            "video/mp2t",
          ]);
        }
      }
      const poster = await fetch(new URL(detail.posterFrame!, baseUrl));
      expect([poster.status, poster.headers.get("content-type")]).toEqual([200, "image/jpeg"]);

      // Seek preview: a thumbnail a second (10 s clip), 160×90 tiles of a 10×10 sprite, covering the clip.
      const thumbnailsUrl = new URL(detail.thumbnails!);
      const thumbnails = await fetchText(thumbnailsUrl.href);
      expect([thumbnails.status, thumbnails.type]).toEqual([200, "text/vtt; charset=utf-8"]);
      const cues = [...thumbnails.text.matchAll(/^(\S+) --> (\S+)\n(\S+)$/gm)].map(([, start, end, target]) => ({
        start,
        end,
        target,
      }));
      expect(thumbnails.text.startsWith("WEBVTT\n")).toBe(true);
      expect(cues).toHaveLength(10);
      expect(cues[0]).toEqual({ start: "00:00:00.000", end: "00:00:01.000", target: "thumbs_001.jpg#xywh=0,0,160,90" });
      expect(cues[9]).toEqual({
        start: "00:00:09.000",
        end: "00:00:10.000",
        target: "thumbs_001.jpg#xywh=1440,0,160,90",
      });
      const sprite = await fetch(new URL("thumbs_001.jpg", thumbnailsUrl));
      expect([sprite.status, sprite.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
      expect(
        execFileSync("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", "-"], {
          input: Buffer.from(await sprite.arrayBuffer()),
        })
          .toString()
          .trim(),
      ).toBe("1600,900");

      // A new video: the old ladder's files go, and the new one is transcoded in a new folder.
      const replaced = await api("PUT", `/api/movie/${movieId}`, {
        token: await adminToken(),
        body: { video: await uploadVideo(clip) },
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.hls).toBeNull();
      expect((await fetch(masterUrl)).status).toBe(404);
      expect(await waitForTranscode(movieId)).toMatchObject({ state: "ready" });
      const newHls = (await api<Detail>("GET", `/api/movie/${movieId}`)).body.hls!;
      expect(newHls).not.toBe(detail.hls);

      // Deleting the movie deletes its ladder.
      expect((await api("DELETE", `/api/movie/${movieId}`, { token: await adminToken() })).status).toBe(200);
      expect((await fetch(new URL(newHls, baseUrl))).status).toBe(404);
    },
  );

  test("a video that is not a stored file is not transcoded; retry says why", async () => {
    const created = await api("POST", "/api/movie", {
      token: await adminToken(),
      body: movieBody(categoryId, { video: "https://videos.example.test/a.mp4" }),
    });
    expect(created.status).toBe(201);
    expect(created.body.hls).toBeNull();
    const media = await api<Media>("GET", "/api/admin/media", { token: await adminToken() });
    expect(media.body.transcoding.available).toBe(true);
    expect(media.body.movies[created.body._id]).toBeUndefined();
    const retry = await api("POST", `/api/movie/${created.body._id}/transcode`, { token: await adminToken() });
    expect(retry).toMatchObject({
      status: 400,
      body: { message: "This movie's video is not a file stored here, so it cannot be transcoded." },
    });
  });

  test("only admins see media states or retry", async () => {
    expect((await api("GET", "/api/admin/media", { token: await memberToken() })).status).toBe(403);
    expect((await api("GET", "/api/admin/media")).status).toBe(401);
    expect(
      (await api("POST", `/api/movie/00000000-0000-4000-8000-000000000000/transcode`, { token: await memberToken() }))
        .status,
    ).toBe(403);
    expect(
      await api("POST", `/api/movie/00000000-0000-4000-8000-000000000000/transcode`, { token: await adminToken() }),
    ).toMatchObject({
      status: 404,
      body: { message: "Movie not found" },
    });
  });

  test("HLS paths outside the allowed names are 404", async () => {
    for (const bad of [
      "/api/upload/hls/x/y/master.m3u8",
      "/api/upload/hls/00000000-0000-4000-8000-000000000000/master.m3u8",
      "/api/upload/hls/a/../../movie/x.mp4",
    ]) {
      expect((await fetch(`${baseUrl}${bad}`)).status).toBe(404);
    }
  });
});
