// Subtitle files: POST /api/upload/subtitle converts SRT to WebVTT (and checks WebVTT), refuses
// malformed files with a 400 and stores nothing then; movies carry `subtitles` in their detail.
import { describe, expect, test } from "vitest";
import { api, baseUrl } from "../support/http";
import { createTestCategory, createTestMovie, movieBody, uniqueName } from "../support/catalogue";
import { HEALTH_BOUND_MS, healthDuring } from "../support/health";
import { newFilesSince, storedFiles, tinyCues } from "../support/media";
import { adminToken, memberToken } from "../support/users";

async function uploadSubtitle(content: string | Uint8Array, token?: string, fileName = "movie.srt") {
  const form = new FormData();
  form.append(
    "file",
    new Blob([typeof content === "string" ? content : new Uint8Array(content)], { type: "application/octet-stream" }),
    fileName,
  );
  const response = await fetch(`${baseUrl}/api/upload/subtitle`, {
    method: "POST",
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const SRT =
  "\uFEFF1\r\n00:00:01,000 --> 00:00:03,500\r\nHello, <i>world</i>\r\n\r\n2\r\n00:00:04,000 --> 00:01:02,250\r\nTwo lines\r\nof text\r\n";
const SRT_AS_VTT =
  "WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nHello, <i>world</i>\n\n00:00:04.000 --> 00:01:02.250\nTwo lines\nof text\n";
const STORED_URL = /^(?:https?:\/\/[^/]+)?\/api\/upload\/subtitle\/[0-9a-f-]{36}\.vtt$/;

describe("POST /api/upload/subtitle", () => {
  test("an SRT file is stored as WebVTT and served as text/vtt", async () => {
    const uploaded = await uploadSubtitle(SRT, await adminToken());
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatch(STORED_URL);
    const served = await fetch(new URL(uploaded.body as string, baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await served.text()).toBe(SRT_AS_VTT);
  });

  test("a valid WebVTT file is stored as it came, cue settings and all", async () => {
    const vtt = "WEBVTT - French\n\nintro\n00:01.000 --> 00:02.000 align:start\nBonjour\n";
    const uploaded = await uploadSubtitle(vtt, await adminToken(), "fr.vtt");
    expect(uploaded.status).toBe(200);
    expect(await (await fetch(new URL(uploaded.body as string, baseUrl))).text()).toBe(vtt);
  });

  test.each([
    ["an empty file", "", "The subtitle file is empty."],
    [
      "prose",
      "This is not a subtitle file.\nJust words.\n",
      "The subtitle file has no cues: it must be SRT or WebVTT.",
    ],
    [
      "a bad SRT timestamp",
      "1\n00:00:0x,000 --> 00:00:02,000\nHello\n",
      "The subtitle file is not valid SRT: cue start timestamp `00:00:0x.000` is invalid on line 2.",
    ],
    [
      "a WebVTT file with a bad timestamp",
      "WEBVTT\n\n00:01.000 --> nonsense\nHi\n",
      "The subtitle file is not valid WebVTT: cue end timestamp `nonsense` is invalid on line 3.",
    ],
    [
      "a WebVTT file with an unknown cue setting",
      "WEBVTT\n\n00:01.000 --> 00:02.000 foo:bar\nHi\n",
      "The subtitle file is not valid WebVTT: unknown cue setting `foo` on line 3 (value: bar).",
    ],
    [
      "bytes that are not UTF-8",
      new Uint8Array([0xff, 0xfe, 0x00, 0xd8, 0x41, 0xc3]),
      "The subtitle file must be UTF-8 text (SRT or WebVTT).",
    ],
  ])("%s is a 400 with a clear message, and nothing is stored", async (_label, content, message) => {
    const before = storedFiles();
    const response = await uploadSubtitle(content, await adminToken());
    expect(response).toEqual({ status: 400, body: { message } });
    expect(newFilesSince(before)).toEqual([]);
  });

  test("members get 403, visitors 401, a body that is not multipart 400; nothing is stored", async () => {
    const before = storedFiles();
    expect(await uploadSubtitle(SRT, await memberToken())).toEqual({
      status: 403,
      body: { message: "Not authorized as an admin" },
    });
    expect((await uploadSubtitle(SRT)).status).toBe(401);
    const notMultipart = await api("POST", "/api/upload/subtitle", { token: await adminToken(), body: { file: SRT } });
    expect(notMultipart).toMatchObject({
      status: 400,
      body: { message: "Send the subtitle file as multipart/form-data in a field named file." },
    });
    expect(newFilesSince(before)).toEqual([]);
  });
});

describe("large subtitle files do not stall the server", () => {
  test(
    "20,000 karaoke cues are stored, and /api/health keeps answering quickly meanwhile",
    { timeout: 60_000 },
    async () => {
      const token = await adminToken();
      const { slowestMs, answers, result } = await healthDuring(() => uploadSubtitle(tinyCues(20_000), token));
      expect(result.status).toBe(200);
      expect(result.body).toMatch(STORED_URL);
      expect((await (await fetch(new URL(result.body as string, baseUrl))).text()).match(/-->/g)).toHaveLength(20_000);
      expect(answers).toBeGreaterThan(0);
      expect(slowestMs).toBeLessThan(HEALTH_BOUND_MS);
    },
  );

  test(
    "a 2 MB file of 50,000 tiny cues is a 413 naming the limit; nothing is stored, /api/health stays quick",
    { timeout: 60_000 },
    async () => {
      const token = await adminToken();
      const before = storedFiles();
      const file = tinyCues(50_000);
      expect(file.length).toBeGreaterThan(1_900_000);
      const { slowestMs, result } = await healthDuring(() => uploadSubtitle(file, token));
      expect(result).toEqual({
        status: 413,
        body: { message: "The subtitle file has too many cues (at most 30,000)." },
      });
      expect(newFilesSince(before)).toEqual([]);
      expect(slowestMs).toBeLessThan(HEALTH_BOUND_MS);
    },
  );
});

describe("movie subtitles", () => {
  test("a movie is created and edited with subtitle tracks, listed in order in its detail", async () => {
    const token = await adminToken();
    const english = (await uploadSubtitle(SRT, token)).body as string;
    const french = (await uploadSubtitle(SRT, token)).body as string;
    const movie = await createTestMovie({
      subtitles: [
        { language: "en", label: "English", url: english },
        { language: "fr-CA", label: "Français", url: french },
      ],
    });
    expect(movie.subtitles).toEqual([
      { language: "en", label: "English", url: expect.stringMatching(STORED_URL) },
      { language: "fr-CA", label: "Français", url: expect.stringMatching(STORED_URL) },
    ]);
    expect((await api("GET", `/api/movie/${movie._id}`)).body.subtitles).toEqual(movie.subtitles);

    const edited = await api("PUT", `/api/movie/${movie._id}`, {
      token,
      body: { subtitles: [{ language: "fr-CA", label: "French", url: french }] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.subtitles).toEqual([
      { language: "fr-CA", label: "French", url: expect.stringMatching(STORED_URL) },
    ]);
    // The English file is no longer used by any movie: it is deleted from storage.
    expect((await fetch(new URL(english, baseUrl))).status).toBe(404);
    // An edit that does not send subtitles keeps them.
    expect(
      (await api("PUT", `/api/movie/${movie._id}`, { token, body: { name: uniqueName("Renamed") } })).body.subtitles,
    ).toHaveLength(1);
  });

  test.each([
    [
      { language: "english", label: "English" },
      "subtitles.0.language",
      "Subtitle language must be a language code such as en or pt-BR",
    ],
    [{ language: "en", label: "" }, "subtitles.0.label", "Subtitle label is required"],
    [
      { language: "en", label: "English", url: "https://example.com/en.vtt" },
      "subtitles.0.url",
      "Subtitle file must be uploaded here",
    ],
    [
      { language: "en", label: "English", url: "/api/upload/image/a.webp" },
      "subtitles.0.url",
      "Subtitle file must be uploaded here",
    ],
  ])("%j is refused with errors[%s] = %s", async (subtitle, field, message) => {
    const url = (await uploadSubtitle(SRT, await adminToken())).body as string;
    const response = await api("POST", "/api/movie", {
      token: await adminToken(),
      body: { ...movieBody((await createTestCategory())._id), subtitles: [{ url, ...subtitle }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toEqual([message]);
  });
});
