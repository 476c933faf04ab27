// lib/metrics: route patterns as labels (bounded, whatever the path), and the one-line observations
// the upload and transcode code make.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { countUpload, metrics, timeTranscode } from "@/lib/metrics";
import { createRouteMatcher } from "@/lib/metrics/http";

let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-metrics-"));
  fs.mkdirSync(path.join(root, ".next-x"));
  fs.mkdirSync(path.join(root, "public", "icons"), { recursive: true });
  fs.writeFileSync(path.join(root, "public", "icons", "icon-192.png"), "");
  fs.writeFileSync(
    path.join(root, ".next-x", "routes-manifest.json"),
    JSON.stringify({
      staticRoutes: [{ page: "/" }, { page: "/api/movie" }, { page: "/movies-catalogue" }],
      dynamicRoutes: [
        { page: "/api/movie/[id]", regex: "^/api/movie/([^/]+?)(?:/)?$" },
        { page: "/movie/[id]", regex: "^/movie/([^/]+?)(?:/)?$" },
        { page: "/api/upload/hls/[...path]", regex: "^/api/upload/hls/(.+?)(?:/)?$" },
      ],
    }),
  );
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("route labels", () => {
  test("paths become their route's pattern; unknown paths share one label", () => {
    const route = createRouteMatcher(root, ".next-x");
    expect(route("/")).toBe("/");
    expect(route("/api/movie")).toBe("/api/movie");
    expect(route("/api/movie/")).toBe("/api/movie");
    expect(route("/api/movie/3f2c1e9a-0000-4000-8000-000000000000")).toBe("/api/movie/[id]");
    expect(route("/movie/abc.rsc")).toBe("/movie/[id]");
    expect(route("/api/upload/hls/a/b/master.m3u8")).toBe("/api/upload/hls/[...path]");
    expect(route("/_next/static/chunks/abc123.js")).toBe("/_next/static");
    expect(route("/_next/image")).toBe("/_next/image");
    expect(route("/icons/icon-192.png")).toBe("(public file)");
    expect(route("/wp-login.php")).toBe("(no route)");
    expect(route("/anything/at/all/123")).toBe("(no route)");
  });

  test("without a build's manifest (next dev) every page is one label, and nothing throws", () => {
    const route = createRouteMatcher(root, ".no-such-build");
    expect(route("/movie/1")).toBe("(no route)");
    expect(route("/_next/static/x.js")).toBe("/_next/static");
  });
});

describe("observations", () => {
  test("upload bytes are counted by the kind their storage key says", async () => {
    const { uploadBytes } = metrics();
    const value = async (kind: string) =>
      (await uploadBytes.get()).values.find((sample) => sample.labels.kind === kind)?.value ?? 0;
    const [images, videos, subtitles] = [await value("image"), await value("video"), await value("subtitle")];
    countUpload("image/a.webp", 100);
    countUpload("movie/b.mp4", 5000);
    countUpload("subtitle/c.vtt", 42);
    expect([await value("image"), await value("video"), await value("subtitle")]).toEqual([
      images + 100,
      videos + 5000,
      subtitles + 42,
    ]);
  });

  test("transcodes are timed by their outcome, a thrown error as error", async () => {
    const count = async (outcome: string) =>
      (await metrics().transcodes.get()).values.find(
        (sample) => sample.labels.outcome === outcome && sample.metricName?.endsWith("_count"),
      )?.value ?? 0;
    const [ready, error] = [await count("ready"), await count("error")];
    await expect(timeTranscode(() => Promise.resolve({ outcome: "ready" }))).resolves.toEqual({ outcome: "ready" });
    await expect(timeTranscode(() => Promise.reject(new Error("ffmpeg died")))).rejects.toThrow("ffmpeg died");
    expect([await count("ready"), await count("error")]).toEqual([ready + 1, error + 1]);
  });

  test("one registry per process, whoever asks", () => {
    expect(metrics()).toBe(metrics());
    expect(metrics().registry.getSingleMetric("marquee_http_request_duration_seconds")).toBeDefined();
  });
});
