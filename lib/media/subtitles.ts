// Subtitle uploads: an SRT or WebVTT file is parsed in full (media-captions, the parser Vidstack's
// player itself uses), refused with a clear 400 when malformed, and stored as WebVTT, the one format
// browsers and the player read. The file is small, so it is checked in memory before anything is
// stored: a refused file leaves nothing behind.
import "server-only";
import { parseText, type VTTCue } from "media-captions";
import { HttpError, badRequest } from "@/lib/http/errors";
import { countUpload } from "@/lib/metrics";
import { newStorageKey, storage, urlOf, type StorageDriver } from "@/lib/storage";
import { formatBytes } from "./format-bytes";

export const MAX_SUBTITLE_BYTES = 2 * 1024 * 1024;
export const SUBTITLE_NOT_MULTIPART = "Send the subtitle file as multipart/form-data in a field named file.";
export const SUBTITLE_EMPTY = "The subtitle file is empty.";
export const SUBTITLE_NOT_TEXT = "The subtitle file must be UTF-8 text (SRT or WebVTT).";
export const SUBTITLE_NO_CUES = "The subtitle file has no cues: it must be SRT or WebVTT.";
const SUBTITLE_TOO_LARGE = `The subtitle file is too large (at most ${formatBytes(MAX_SUBTITLE_BYTES)}).`;

/** WebVTT when the file says so (its first line is WEBVTT), SRT otherwise. */
function formatOf(text: string): "vtt" | "srt" {
  return /^WEBVTT(?:[ \t]|$)/m.test(text.split(/\r?\n/, 1)[0] ?? "") ? "vtt" : "srt";
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

/**
 * Parses an SRT or WebVTT text strictly and returns it as WebVTT: SRT is rewritten from its cues, a
 * WebVTT file that parsed without a single error is kept as it is (its styles, regions and cue
 * settings intact). 400 with the parser's reason (which names the line) for a malformed file, or
 * when no cue was found (an SRT parser reads any prose as no cues at all).
 */
export async function toWebVtt(text: string): Promise<string> {
  const source = text.replace(/^\uFEFF/, "");
  if (source.trim() === "") throw badRequest(SUBTITLE_EMPTY);
  const type = formatOf(source);
  let cues: VTTCue[];
  try {
    ({ cues } = await parseText(source, { type, strict: true }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : "it could not be read";
    throw badRequest(`The subtitle file is not valid ${type === "vtt" ? "WebVTT" : "SRT"}: ${reason}.`);
  }
  if (cues.length === 0) throw badRequest(SUBTITLE_NO_CUES);
  return type === "vtt" ? source : vttOf(cues);
}

/** Reads at most `limit` bytes of the body; 413 beyond. */
async function readCapped(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > limit) throw new HttpError(413, SUBTITLE_TOO_LARGE);
  if (!request.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    length += chunk.byteLength;
    if (length > limit) throw new HttpError(413, SUBTITLE_TOO_LARGE);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * POST /api/upload/subtitle: the one file of a multipart body, converted to WebVTT and stored under
 * `subtitle/<random>.vtt`. Returns its URL. Nothing is stored unless the whole file parsed.
 */
export async function receiveSubtitleUpload(request: Request, driver: StorageDriver = storage()): Promise<string> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw badRequest(SUBTITLE_NOT_MULTIPART);
  // The multipart framing around the file is small; the cap leaves room for it.
  const body = await readCapped(request, MAX_SUBTITLE_BYTES + 16 * 1024);
  let file: FormDataEntryValue | null;
  try {
    file = (await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData()).get(
      "file",
    );
  } catch {
    throw badRequest(SUBTITLE_NOT_MULTIPART);
  }
  if (!file || typeof file === "string") throw badRequest(SUBTITLE_NOT_MULTIPART);
  if (file.size > MAX_SUBTITLE_BYTES) throw new HttpError(413, SUBTITLE_TOO_LARGE);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw badRequest(SUBTITLE_NOT_TEXT);
  }
  const vtt = await toWebVtt(text);
  const key = newStorageKey("subtitle", "vtt");
  const { size } = await driver.put(key, Buffer.from(vtt, "utf8"), { contentType: "text/vtt; charset=utf-8" });
  countUpload(key, size);
  return urlOf(key);
}
