// Subtitle uploads: an SRT or WebVTT file is parsed in full (media-captions, the parser Vidstack's
// player itself uses), refused with a clear 400 when malformed, and stored as WebVTT, the one format
// browsers and the player read. The file is small, so it is checked in memory before anything is
// stored: a refused file leaves nothing behind.
//
// The parser reads line by line in linear time, but a 2 MB file of tiny cues is 200,000 lines: parsed
// in one go it held the event loop for seconds and every other request waited. Lines are handed
// over in slices, with a turn of the event loop between two, and a file with more cues than
// MAX_SUBTITLE_CUES stops there (docs/security.md "Media: hostile files, subtitles, transcodes").
import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { setImmediate as nextTurn } from "node:timers/promises";
import busboy from "busboy";
import { parseTextStream, type VTTCue } from "media-captions";
import { invalid, tooLarge } from "@/lib/errors";
import { countUpload } from "@/lib/metrics";
import { newStorageKey, storage, urlOf, type StorageDriver } from "@/lib/storage";
import { formatBytes } from "./format-bytes";

export const MAX_SUBTITLE_BYTES = 2 * 1024 * 1024;
/** Karaoke-style files have 10,000 to 20,000 cues; a film's dialogue a few thousand. */
export const MAX_SUBTITLE_CUES = 30_000;
/** Lines parsed between two turns of the event loop: a few milliseconds of work. */
const LINES_PER_SLICE = 1_000;
const SUBTITLE_NOT_MULTIPART = "Send the subtitle file as multipart/form-data in a field named file.";
const SUBTITLE_EMPTY = "The subtitle file is empty.";
const SUBTITLE_NOT_TEXT = "The subtitle file must be UTF-8 text (SRT or WebVTT).";
const SUBTITLE_NO_CUES = "The subtitle file has no cues: it must be SRT or WebVTT.";
const SUBTITLE_TOO_LARGE = `The subtitle file is too large (at most ${formatBytes(MAX_SUBTITLE_BYTES)}).`;
export const SUBTITLE_TOO_MANY_CUES = `The subtitle file has too many cues (at most ${MAX_SUBTITLE_CUES.toLocaleString("en-US")}).`;

/** WebVTT when the file says so (its first line is WEBVTT), SRT otherwise. */
function formatOf(text: string): "vtt" | "srt" {
  const firstLineEnd = text.search(/\r?\n/);
  return /^WEBVTT(?:[ \t]|$)/.test(firstLineEnd === -1 ? text : text.slice(0, firstLineEnd)) ? "vtt" : "srt";
}

/** 3723.5 → "01:02:03.500" (WebVTT timestamps always carry hours here, which is valid and simplest). */
function vttTimestamp(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)}.${pad(millis % 1000, 3)}`;
}

function vttOf(cues: VTTCue[]): string {
  // "-->" inside a cue's text would read as a timing line; a blank line would end the cue.
  const blocks = cues.map(
    (cue) =>
      `${vttTimestamp(cue.startTime)} --> ${vttTimestamp(cue.endTime)}\n${cue.text.replace(/-->/g, "->").replace(/\n{2,}/g, "\n")}`,
  );
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

class TooManyCues extends Error {}

/**
 * The text's lines as a stream that hands them over LINES_PER_SLICE at a time, yielding to the
 * event loop before each further slice, and that ends in TooManyCues once `cues()` passes the limit.
 * Lines are cut as they are handed over: splitting 2 MB at once is itself a pause of its own.
 */
function linesInSlices(text: string, cues: () => number): ReadableStream<string> {
  const lineEnd = /\r\n|\n|\r/g;
  let position = 0;
  return new ReadableStream<string>({
    async pull(controller) {
      if (position > 0) await nextTurn();
      if (cues() > MAX_SUBTITLE_CUES) return controller.error(new TooManyCues());
      for (let line = 0; line < LINES_PER_SLICE; line++) {
        lineEnd.lastIndex = position;
        const end = lineEnd.exec(text);
        if (!end) {
          controller.enqueue(text.slice(position));
          return controller.close();
        }
        controller.enqueue(text.slice(position, end.index));
        position = end.index + end[0].length;
      }
    },
  });
}

/**
 * Parses an SRT or WebVTT text strictly and returns it as WebVTT: SRT is rewritten from its cues, a
 * WebVTT file that parsed without a single error is kept as it is (its styles, regions and cue
 * settings intact). 400 with the parser's reason (which names the line) for a malformed file, or
 * when no cue was found (an SRT parser reads any prose as no cues at all); 413 past MAX_SUBTITLE_CUES.
 */
export async function toWebVtt(text: string): Promise<string> {
  const source = text.replace(/^\uFEFF/, "");
  if (source.trim() === "") throw invalid(SUBTITLE_EMPTY);
  const type = formatOf(source);
  let cues: VTTCue[];
  let counted = 0;
  try {
    ({ cues } = await parseTextStream(
      linesInSlices(source, () => counted),
      { type, strict: true, onCue: () => void counted++ },
    ));
  } catch (error) {
    if (error instanceof TooManyCues) throw tooLarge(SUBTITLE_TOO_MANY_CUES);
    const reason = error instanceof Error ? error.message : "it could not be read";
    throw invalid(`The subtitle file is not valid ${type === "vtt" ? "WebVTT" : "SRT"}: ${reason}.`);
  }
  if (cues.length === 0) throw invalid(SUBTITLE_NO_CUES);
  // The last slice may have carried the count past the limit.
  if (cues.length > MAX_SUBTITLE_CUES) throw tooLarge(SUBTITLE_TOO_MANY_CUES);
  return type === "vtt" ? source : vttOf(cues);
}

/**
 * The file part of a multipart body, streamed through busboy and kept only up to
 * MAX_SUBTITLE_BYTES (413 beyond, once the rest is read and dropped). Undici's `formData()` parses a
 * whole body in one go: half a second of the event loop for 2 MB.
 */
function readSubtitleFile(request: Request, contentType: string): Promise<Buffer> {
  // The multipart framing around the file is small; the cap leaves room for it.
  if (Number(request.headers.get("content-length") ?? NaN) > MAX_SUBTITLE_BYTES + 16 * 1024)
    throw tooLarge(SUBTITLE_TOO_LARGE);
  if (!request.body) throw invalid(SUBTITLE_NOT_MULTIPART);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: MAX_SUBTITLE_BYTES, fields: 20, parts: 25, fieldSize: 16 * 1024 },
    });
  } catch {
    throw invalid(SUBTITLE_NOT_MULTIPART); // no boundary
  }
  return new Promise((resolve, reject) => {
    let file: Buffer | null = null;
    let overLimit = false;
    parser.on("file", (field, stream) => {
      if (field !== "file" || file) return void stream.resume();
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => (overLimit = true));
      stream.on("end", () => (file = Buffer.concat(chunks)));
    });
    parser.on("error", () => reject(invalid(SUBTITLE_NOT_MULTIPART)));
    parser.on("close", () => {
      if (overLimit) reject(tooLarge(SUBTITLE_TOO_LARGE));
      else if (file) resolve(file);
      else reject(invalid(SUBTITLE_NOT_MULTIPART));
    });
    const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
    body.on("error", (error) => parser.destroy(error));
    body.pipe(parser);
  });
}

/**
 * POST /api/upload/subtitle: the one file of a multipart body, converted to WebVTT and stored under
 * `subtitle/<random>.vtt`. Returns its URL. Nothing is stored unless the whole file parsed.
 */
export async function receiveSubtitleUpload(request: Request, driver: StorageDriver = storage()): Promise<string> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw invalid(SUBTITLE_NOT_MULTIPART);
  const file = await readSubtitleFile(request, contentType);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file);
  } catch {
    throw invalid(SUBTITLE_NOT_TEXT);
  }
  const vtt = await toWebVtt(text);
  const key = newStorageKey("subtitle", "vtt");
  const { size } = await driver.put(key, Buffer.from(vtt, "utf8"), { contentType: "text/vtt; charset=utf-8" });
  countUpload(key, size);
  return urlOf(key);
}
